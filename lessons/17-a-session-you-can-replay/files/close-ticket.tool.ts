import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a ticket once the person confirms, with a note for the customer.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    const answer = await this.elicit(
      `Close ${ticket.id} "${ticket.title}"?`,
      z.object({
        confirm: z.boolean().describe("Tick to close the ticket"),
        note: z.string().max(200).optional().describe("A note for the customer"),
      }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) return { id: ticket.id, closed: false };

    ticket.status = "closed";
    return { id: ticket.id, closed: true, note: answer.content.note ?? "" };
  }
}
