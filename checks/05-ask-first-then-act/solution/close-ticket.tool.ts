import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a help desk ticket once the person confirms. The result shows the ticket's history.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    // Reading before asking is fine: it changes nothing.
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    const answer = await this.elicit(
      `Close ${ticket.id} "${ticket.title}"?`,
      z.object({ confirm: z.boolean().describe("Tick to close the ticket") }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) {
      return { id: ticket.id, closed: false, history: ticket.history };
    }

    // After the answer: this runs once, on the round that carries it.
    ticket.history.push("close requested");
    ticket.status = "closed";
    ticket.history.push("closed");
    return { id: ticket.id, closed: true, history: ticket.history };
  }
}
