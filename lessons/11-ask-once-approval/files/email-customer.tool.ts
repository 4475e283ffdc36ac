import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

@Tool({
  name: "email_customer",
  description: "Send a short update to a ticket's customer.",
  inputSchema: {
    id: z.string().describe("Ticket id, such as T-1"),
    text: z.string().min(1).max(500).describe("The update"),
  },
  // The playground asks the person before the first call and remembers a yes for this session.
  approval: { message: "Let the assistant email customers about their tickets?" },
})
export class EmailCustomer extends ToolContext {
  async execute(input: { id: string; text: string }) {
    // No elicit() here: by the time execute() runs, the person has approved.
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));
    outbox.push({ to: ticket.customer, subject: `Update on ${ticket.id}: ${input.text}` });
    return { id: ticket.id, sentTo: ticket.customer };
  }
}
