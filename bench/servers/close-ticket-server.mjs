// The bare official-SDK 2.x close_ticket server both yardsticks serve (bare-sdk.mjs over HTTP, bare-sdk-in-process.mjs
// over the SDK's in-memory transport): McpServer, inputRequired, a signed requestState codec.
// It does per flow what the playground does that matters for cost: zod-checked arguments and answer, a requestState
// minted in round 1 and verified (and bound to tool and arguments) in round 2.
import { createHash } from "node:crypto";
import { acceptedContent, createRequestStateCodec, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";

const tickets = new Map([
  ["T-1", { id: "T-1", title: "Cannot log in", customer: "maria@example.com", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", customer: "li@example.com", status: "open" }],
  ["T-3", { id: "T-3", title: "App crashes on start", customer: "sam@example.com", status: "open" }],
]);
const outbox = [];

const codec = createRequestStateCodec({ key: "bench-request-state-key-of-32-bytes!!", ttlSeconds: 600 });
const Confirm = z.object({ confirm: z.boolean().describe("Tick to close the ticket and send the email") });
const digest = (args) => createHash("sha256").update(JSON.stringify(args)).digest("base64url").slice(0, 22);
const json = (value) => ({ content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value });

/** A new server for one connection (the SDK calls the factory per connection or request). */
export function buildServer() {
  const server = new McpServer({ name: "bare-close-ticket", version: "1.0.0" }, { capabilities: { tools: {} }, requestState: { verify: codec.verify } });
  server.registerTool(
    "close_ticket",
    {
      description: "Close a help desk ticket and email the customer, once the person confirms.",
      inputSchema: z.object({ id: z.string() }),
      annotations: { destructiveHint: true },
    },
    async ({ id }, ctx) => {
      const ticket = tickets.get(id);
      if (!ticket) return { content: [{ type: "text", text: `There is no ticket ${id}.` }], isError: true };
      const state = ctx.mcpReq.requestState();
      const view = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (state === undefined || state.tool !== "close_ticket" || state.args !== digest({ id }) || view.kind !== "elicit") {
        const ask = inputRequired.elicit({ message: `Close ${ticket.id} "${ticket.title}" and email ${ticket.customer}?`, requestedSchema: Confirm });
        return inputRequired({ inputRequests: { confirm: ask }, requestState: await codec.mint({ tool: "close_ticket", args: digest({ id }) }, ctx) });
      }
      if (view.action !== "accept") return json({ id, closed: false, reason: `The person chose ${view.action}.` });
      const answer = acceptedContent(ctx.mcpReq.inputResponses, "confirm", Confirm);
      if (!answer) return { content: [{ type: "text", text: "The answer does not match the requested schema" }], isError: true };
      if (!answer.confirm) return json({ id, closed: false, reason: "The box was left unticked." });
      ticket.status = "closed";
      outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });
      return json({ id, closed: true });
    },
  );
  return server;
}
