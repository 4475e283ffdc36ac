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
  description: "Delete a ticket for good.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class DeleteTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(`There is no ticket ${input.id}.`);
    tickets.delete(ticket.id);
    return { id: ticket.id, deleted: true };
  }
}
