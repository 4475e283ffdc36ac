import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "get_ticket",
  description: "Read one ticket. Changes nothing.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { readOnlyHint: true },
})
export class GetTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));
    return ticket;
  }
}
