import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

@Tool({
  name: "close_ticket",
  description: "Close a ticket once the person confirms, then ask whether to email the customer.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-1") },
  annotations: { destructiveHint: true },
})
export class CloseTicket extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // First question: on the wire its key is "elicitation-1".
    const confirm = await this.elicit(
      `Close ${ticket.id} "${ticket.title}"?`,
      z.object({ confirm: z.boolean().describe("Tick to close the ticket") }),
    );
    if (confirm.status !== "accept" || !confirm.content.confirm) {
      return { id: ticket.id, closed: false, reason: `The person did not confirm (${confirm.status}). Leave it open.` };
    }

    // Second question: "elicitation-2". It is only asked once the first one has an answer.
    const email = await this.elicit(
      `Tell ${ticket.customer} that ${ticket.id} is closed?`,
      z.object({ email: z.boolean().default(true).describe("Send the customer an email") }),
    );
    const sendEmail = email.status === "accept" && email.content.email;

    ticket.status = "closed";
    if (sendEmail) outbox.push({ to: ticket.customer, subject: `Your ticket ${ticket.id} is closed` });
    return { id: ticket.id, closed: true, emailed: sendEmail };
  }
}
