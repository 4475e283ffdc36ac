import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a help desk ticket and email the customer that it is closed.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  // Only a hint for the client. Nothing here stops the call.
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // No question: the ticket closes and the email goes out right away.
    ticket.status = "closed";
    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });
    return { id: ticket.id, status: ticket.status, emailed: ticket.customer };
  }
}
