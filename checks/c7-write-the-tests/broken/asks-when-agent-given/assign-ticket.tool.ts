import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { agents, tickets } from "./store";

@Tool({
  name: "assign_ticket",
  description: "Give a ticket to an agent. Leave out `agent` to let the person pick one.",
  inputSchema: {
    id: z.string().describe("Ticket id, such as T-1"),
    agent: z.enum(agents).optional().describe("The agent who takes the ticket"),
  },
})
export class AssignTicket extends ToolContext {
  async execute(input: { id: string; agent?: (typeof agents)[number] }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    let agent = input.agent;
    {
      const answer = await this.elicit(
        `Who should take ${ticket.id} "${ticket.title}"?`,
        z.object({ agent: z.enum(agents).describe("The agent who will own this ticket") }),
      );
      if (answer.status === "decline") return { id: ticket.id, assigned: false, reason: "The person declined to pick an agent. Leave it unassigned." };
      if (answer.status === "cancel") return { id: ticket.id, assigned: false, reason: "The person closed the form. Do not retry now." };
      agent = answer.content.agent;
    }
    ticket.agent = agent;
    return { id: ticket.id, assigned: true, agent };
  }
}

// BROKEN ON PURPOSE: it asks even when the input names an agent.
