import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

// A plain JSON Schema, because titled options (`oneOf` with `const` and `title`) are written this way.
const escalationForm = {
  type: "object",
  properties: {
    priority: {
      type: "string",
      title: "Priority",
      oneOf: [
        { const: "p1", title: "P1: service down" },
        { const: "p2", title: "P2: major feature broken" },
        { const: "p3", title: "P3: minor issue" },
      ],
    },
    area: { type: "string", title: "Product area", enum: ["billing", "login", "api", "mobile-app"] },
    customersAffected: { type: "integer", title: "Customers affected", minimum: 1, maximum: 10000, default: 1 },
    contactEmail: { type: "string", title: "Customer email", format: "email", description: "Optional: who to keep updated" },
    outage: { type: "boolean", title: "Is this an outage?", default: false },
  },
  required: ["priority", "area"],
} as const;

@Tool({
  name: "escalate_ticket",
  description: "Escalate a ticket to the on-call team. Asks the person for priority and product area.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
})
export class EscalateTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // Check first, so a client without forms gets words it can act on instead of a failed call.
    if (!this.canElicit()) {
      return {
        isError: true,
        content: [
          {
            type: "text" as const,
            text:
              `I cannot show a form in this client. Ask the person for the priority of ${ticket.id} ` +
              `(p1 service down, p2 major feature broken, p3 minor issue) and the product area ` +
              `(billing, login, api or mobile-app), then tell the on-call team.`,
          },
        ],
      };
    }

    const answer = await this.elicit(`Escalate ${ticket.id} "${ticket.title}"`, escalationForm);
    if (answer.status === "decline") return { id: ticket.id, escalated: false, reason: "The person chose not to escalate. Do not ask again." };
    if (answer.status === "cancel") return { id: ticket.id, escalated: false, reason: "The person closed the form. Nothing was written." };

    // The answer was checked against the form before elicit() returned; defaults are filled in.
    const { priority, area, customersAffected, contactEmail, outage } = answer.content;
    ticket.escalation = { priority, area, customersAffected, contactEmail, outage };
    return { id: ticket.id, escalated: true, escalation: ticket.escalation };
  }
}
