import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "support-desk", version: "1.0.0" });

type Escalation = { ticketId: string; priority: string; area: string; affectedUsers: number; contactEmail?: string; notifyCustomer: boolean };
const escalations = new Map<string, Escalation>();
let nextReference = 1;

// What we accept back from the form; the SDK checks the answer against requestedSchema first.
const EscalationAnswer = z.object({
  priority: z.enum(["p1", "p2", "p3"]),
  area: z.enum(["billing", "login", "outage", "other"]),
  affectedUsers: z.number().int().min(1).max(10000).default(1),
  contactEmail: z.string().email().optional(),
  notifyCustomer: z.boolean().default(true),
});

server.registerTool(
  "escalate_ticket",
  {
    description: "Escalate a support ticket to the on-call team",
    inputSchema: { ticketId: z.string().describe("The ticket to escalate, such as T-1042") },
  },
  async ({ ticketId }) => {
    if (!server.server.getClientCapabilities()?.elicitation) {
      return {
        content: [
          {
            type: "text",
            text: `I need a priority and an area to escalate ${ticketId}, and this client cannot show a form. Reply with them (for example "p1, billing") and call escalate_ticket again from a client that supports elicitation.`,
          },
        ],
      };
    }

    const answer = await server.server.elicitInput({
      message: `Escalate ticket ${ticketId}: how urgent is it, and who should hear about it?`,
      requestedSchema: {
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
      },
    });

    if (answer.action === "decline") {
      return { content: [{ type: "text", text: `Ticket ${ticketId} was not escalated: the escalation was declined.` }] };
    }
    if (answer.action === "cancel") {
      return { content: [{ type: "text", text: `Escalating ticket ${ticketId} was cancelled; nothing changed.` }] };
    }

    const parsed = EscalationAnswer.safeParse(answer.content);
    if (!parsed.success) {
      return {
        isError: true,
        content: [{ type: "text", text: `Those escalation details are not valid: ${parsed.error.issues.map((issue) => issue.message).join("; ")}` }],
      };
    }

    const reference = `ESC-${String(nextReference++).padStart(4, "0")}`;
    escalations.set(reference, { ticketId, ...parsed.data });
    return {
      content: [
        {
          type: "text",
          text: `Escalated ${ticketId} as ${reference}: ${parsed.data.priority} in ${parsed.data.area}, ${parsed.data.affectedUsers} affected.`,
        },
      ],
    };
  },
);

await server.connect(new StdioServerTransport());
