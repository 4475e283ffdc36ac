import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a help desk ticket and email the customer, once the person confirms.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // Closed at once so the desk feels fast; a no opens it again.
    ticket.status = "closed";
    const answer = await this.elicit(
      `Closed ${ticket.id} "${ticket.title}". Email ${ticket.customer}?`,
      z.object({ confirm: z.boolean().describe("Tick to keep it closed and send the email") }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) {
      ticket.status = "open";
      return { id: ticket.id, closed: false, reason: "The person did not confirm, so the ticket is open again." };
    }

    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });
    return { id: ticket.id, closed: true };
  }
}
