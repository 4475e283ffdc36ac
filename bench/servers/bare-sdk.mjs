// The baseline: the same close_ticket tool as a bare official-SDK 2.x server (createMcpHandler + McpServer,
// inputRequired, a signed requestState codec), served with toNodeHandler on a free loopback port.
// It does what the playground does per flow that matters for cost: Host/Origin checks, zod-checked arguments
// and answer, a requestState minted in round 1 and verified (and bound to tool and arguments) in round 2.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  acceptedContent,
  createMcpHandler,
  createRequestStateCodec,
  hostHeaderValidationResponse,
  inputRequired,
  inputResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  originValidationResponse,
} from "@modelcontextprotocol/server";
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

function buildServer() {
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

const mcp = createMcpHandler(buildServer);
const guarded = {
  ...mcp,
  fetch: async (req, options) =>
    hostHeaderValidationResponse(req, localhostAllowedHostnames()) ?? originValidationResponse(req, localhostAllowedOrigins()) ?? mcp.fetch(req, options),
};
const node = toNodeHandler(guarded);
const server = createServer((req, res) => (req.url.startsWith("/mcp") ? node(req, res) : ((res.statusCode = 404), res.end())));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

process.on("message", async (m) => {
  if (m.type === "stats") process.send({ type: "stats", memory: process.memoryUsage() });
  if (m.type === "stop") {
    server.closeAllConnections();
    server.close();
    await mcp.close();
    process.exit(0);
  }
});
process.send({ type: "ready", url: `http://127.0.0.1:${server.address().port}`, mcpUrl: `http://127.0.0.1:${server.address().port}/mcp` });
