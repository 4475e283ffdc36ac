import { Tool, ToolContext, z } from "@frontmcp/sdk";

// The help desk's tickets, kept by this tool. They stay between calls and start over on Reset ▾ → Reset data.
const tickets = new Map<string, { id: string; title: string }>([
  ["T-1", { id: "T-1", title: "Cannot log in" }],
  ["T-2", { id: "T-2", title: "Invoice total is wrong" }],
  ["T-3", { id: "T-3", title: "Login link expired" }],
  ["T-4", { id: "T-4", title: "Password reset email missing" }],
]);

@Tool({
  name: "delete_ticket",
  description: "Delete a ticket for good, once the person confirms.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class DeleteTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(`There is no ticket ${input.id}.`);

    const answer = await this.elicit(
      `Delete ${ticket.id} "${ticket.title}" for good? This cannot be undone.`,
      z.object({ confirm: z.boolean().describe("Tick to delete the ticket") }),
    );
    if (answer.status === "decline") {
      return { id: ticket.id, deleted: false, reason: "The person said no. Keep the ticket and do not ask again." };
    }
    if (answer.status === "cancel") {
      return { id: ticket.id, deleted: false, reason: "The person closed the form without choosing. Do not retry now." };
    }
    if (!answer.content.confirm) {
      return { id: ticket.id, deleted: false, reason: "The box was left unticked, so the ticket stays." };
    }
    tickets.delete(ticket.id);
    return { id: ticket.id, deleted: true };
  }
}
