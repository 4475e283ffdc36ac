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

    // Nothing changes until a valid, ticked yes: whatever a client gets wrong before that, the desk stays as it was.
    const answer = await this.elicit(
      `Close ${ticket.id} "${ticket.title}" and email ${ticket.customer}?`,
      z.object({ confirm: z.boolean().describe("Tick to close the ticket and send the email") }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) {
      return { id: ticket.id, closed: false, reason: "The person did not confirm, so nothing changed." };
    }

    ticket.status = "closed";
    outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });
    return { id: ticket.id, closed: true };
  }
}
