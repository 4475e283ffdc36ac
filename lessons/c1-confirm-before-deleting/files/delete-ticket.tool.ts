import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "delete_ticket",
  description: "Delete a ticket for good.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class DeleteTicket extends ToolContext {
  async execute(input: { id: string }) {
    const deleted = tickets.delete(input.id);
    return { id: input.id, deleted };
  }
}
