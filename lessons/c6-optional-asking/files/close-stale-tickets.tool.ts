import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { STALE_AFTER_DAYS, tickets } from "./store";

@Tool({
  name: "close_stale_tickets",
  description: `Close every open ticket that nobody updated for ${STALE_AFTER_DAYS} days.`,
  inputSchema: {},
  annotations: { destructiveHint: true },
})
export class CloseStaleTickets extends ToolContext {
  async execute() {
    const stale = [...tickets.values()].filter((t) => t.status === "open" && t.daysSinceUpdate > STALE_AFTER_DAYS);
    const list = stale.map((t) => `${t.id} "${t.title}"`).join(", ");

    const answer = await this.elicit(
      `Close ${stale.length} stale tickets: ${list}?`,
      z.object({ confirm: z.boolean().describe("Tick to close them all") }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) {
      return { closed: [], reason: `Nothing was closed (${answer.status}). Do not retry.` };
    }
    for (const ticket of stale) ticket.status = "closed";
    return { closed: stale.map((t) => t.id) };
  }
}
