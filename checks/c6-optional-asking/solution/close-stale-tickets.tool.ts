import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { STALE_AFTER_DAYS, tickets } from "./store";

@Tool({
  name: "close_stale_tickets",
  description:
    `List the open tickets nobody updated for ${STALE_AFTER_DAYS} days. ` +
    "With `apply: true`, close them after the person confirms.",
  inputSchema: {
    apply: z.boolean().default(false).describe("Close them (asks the person first). Leave out for a preview."),
  },
  annotations: { destructiveHint: true },
})
export class CloseStaleTickets extends ToolContext {
  async execute(input: { apply: boolean }) {
    const stale = [...tickets.values()].filter((t) => t.status === "open" && t.daysSinceUpdate > STALE_AFTER_DAYS);
    const ids = stale.map((t) => t.id);

    // Useful without anybody's yes: works for every client.
    if (!input.apply) return { wouldClose: ids, note: "Nothing changed. Call again with apply: true to close them." };

    const list = stale.map((t) => `${t.id} "${t.title}"`).join(", ");
    const answer = await this.elicit(
      `Close ${stale.length} stale tickets: ${list}?`,
      z.object({ confirm: z.boolean().describe("Tick to close them all") }),
    );
    if (answer.status !== "accept" || !answer.content.confirm) {
      return { closed: [], reason: `Nothing was closed (${answer.status}). Do not retry.` };
    }
    for (const ticket of stale) ticket.status = "closed";
    return { closed: ids };
  }
}
