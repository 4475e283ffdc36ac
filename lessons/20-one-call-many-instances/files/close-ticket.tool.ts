import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { seen, tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a ticket once the person confirms.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    seen.calls++;
    const ticket = tickets.get(input.id);
    if (!ticket) this.fail(`There is no ticket ${input.id}.`);

    const answer = await this.elicit(`Close ${ticket!.id} "${ticket!.title}"?`, z.object({ confirm: z.boolean().describe("Tick to close the ticket") }));
    if (answer.status !== "accept" || !answer.content.confirm) return { id: ticket!.id, closed: false, calls_seen: seen.calls };

    ticket!.status = "closed";
    return { id: ticket!.id, closed: true, calls_seen: seen.calls };
  }
}
