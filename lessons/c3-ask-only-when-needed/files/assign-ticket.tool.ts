import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "assign_ticket",
  description: "Give a ticket to an agent.",
  inputSchema: {
    id: z.string().describe("Ticket id, such as T-1"),
    agent: z.string().optional().describe("The agent who takes the ticket"),
  },
})
export class AssignTicket extends ToolContext {
  async execute(input: { id: string; agent?: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    const answer = await this.elicit(
      `Who should take ${ticket.id} "${ticket.title}"?`,
      z.object({ agent: z.string().describe("The agent who will own this ticket") }),
    );
    if (answer.status !== "accept") return { id: ticket.id, assigned: false, reason: `No agent was picked (${answer.status}).` };

    ticket.agent = answer.content.agent;
    return { id: ticket.id, agent: ticket.agent };
  }
}
