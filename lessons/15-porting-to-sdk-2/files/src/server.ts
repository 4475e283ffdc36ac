import { acceptedContent, inputRequired, inputResponse, McpServer, type ElicitRequestFormParams } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

type Escalation = { ticketId: string; priority: string; area: string; affectedUsers: number; contactEmail?: string; notifyCustomer: boolean };
// Module state lives in the process, so every server the factory builds shares it.
const escalations = new Map<string, Escalation>();
let nextReference = 1;

const EscalationAnswer = z.object({
  priority: z.enum(["p1", "p2", "p3"]),
  area: z.enum(["billing", "login", "outage", "other"]),
  affectedUsers: z.number().int().min(1).max(10000).default(1),
  contactEmail: z.string().email().optional(),
  notifyCustomer: z.boolean().default(true),
});

const escalationForm: ElicitRequestFormParams["requestedSchema"] = {
  type: "object",
  properties: {
    priority: {
      type: "string",
      title: "Priority",
      oneOf: [
        { const: "p1", title: "P1: customers are blocked" },
        { const: "p2", title: "P2: something is degraded" },
        { const: "p3", title: "P3: it can wait" },
      ],
    },
    area: { type: "string", title: "Area", enum: ["billing", "login", "outage", "other"] },
    affectedUsers: { type: "integer", title: "Affected users", minimum: 1, maximum: 10000, default: 1 },
    contactEmail: { type: "string", title: "Contact email", format: "email" },
    notifyCustomer: { type: "boolean", title: "Tell the customer", default: true },
  },
  required: ["priority", "area"],
};

function buildServer(): McpServer {
  const server = new McpServer({ name: "support-desk", version: "2.0.0" });

  server.registerTool(
    "escalate_ticket",
    {
      description: "Escalate a support ticket to the on-call team",
      inputSchema: z.object({ ticketId: z.string().describe("The ticket to escalate, such as T-1042") }),
    },
    async ({ ticketId }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, "escalation");
      if (answer.kind === "elicit" && answer.action === "decline") {
        return { content: [{ type: "text", text: `Ticket ${ticketId} was not escalated: the escalation was declined.` }] };
      }
      if (answer.kind === "elicit" && answer.action === "cancel") {
        return { content: [{ type: "text", text: `Escalating ticket ${ticketId} was cancelled; nothing changed.` }] };
      }

      // On 2026-07-28 nothing checks the answer for us: acceptedContent validates it with zod.
      const details = acceptedContent(ctx.mcpReq.inputResponses, "escalation", EscalationAnswer);
      if (!details) {
        return inputRequired({
          inputRequests: {
            escalation: inputRequired.elicit({
              message:
                answer.kind === "elicit"
                  ? `Those details for ${ticketId} did not check out (is the email right?). Please try again.`
                  : `Escalate ticket ${ticketId}: how urgent is it, and who should hear about it?`,
              requestedSchema: escalationForm,
            }),
          },
        });
      }

      const reference = `ESC-${String(nextReference++).padStart(4, "0")}`;
      escalations.set(reference, { ticketId, ...details });
      return {
        content: [{ type: "text", text: `Escalated ${ticketId} as ${reference}: ${details.priority} in ${details.area}, ${details.affectedUsers} affected.` }],
      };
    },
  );
  return server;
}

// One stdio connection, either protocol era: the SDK picks the era from the client's first message.
serveStdio(() => buildServer());
