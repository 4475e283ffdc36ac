import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { callbacks, tickets } from "./store";

@Tool({
  name: "schedule_callback",
  description: "Book a phone call with the customer about a ticket. Asks the person for the details.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
})
export class ScheduleCallback extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // The same four facts, side by side.
    const answer = await this.elicit(
      `When should we call back about ${ticket.id} "${ticket.title}"?`,
      z.object({
        name: z.string().min(1).describe("Who we call"),
        email: z.email().describe("Where the confirmation goes"),
        date: z.iso.date().describe("Day of the call"),
        window: z.enum(["morning", "afternoon"]).describe("Time of day"),
      }),
    );
    if (answer.status !== "accept") return { id: ticket.id, booked: false, reason: `Nothing was booked (${answer.status}).` };

    const callback = { ticketId: ticket.id, ...answer.content };
    callbacks.push(callback);
    return { id: ticket.id, booked: true, callback };
  }
}
