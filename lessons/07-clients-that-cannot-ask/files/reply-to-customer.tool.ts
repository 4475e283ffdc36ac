import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { outbox, tickets } from "./store";

@Tool({
  name: "reply_to_customer",
  description:
    "Draft a reply to a ticket's customer. Without `send` it only shows the draft. " +
    "With `send: true` the person is asked to approve, then the email goes out.",
  inputSchema: {
    id: z.string().describe("Ticket id, such as T-1"),
    text: z.string().min(1).describe("The reply"),
    send: z.boolean().default(false).describe("Send it (asks the person first)"),
  },
})
export class ReplyToCustomer extends ToolContext {
  async execute(input: { id: string; text: string; send: boolean }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));
    const draft = { to: ticket.customer, subject: `Re: ${ticket.title} (${ticket.id})`, body: input.text };

    // The useful part that needs nobody: works for every client.
    if (!input.send) return { preview: draft, sent: false };

    // Only sending needs a person. A client without forms stops here.
    const answer = await this.elicit(
      `Send this reply to ${draft.to}?\n\n${draft.body}`,
      z.object({ approve: z.boolean().describe("Tick to send the email") }),
    );
    if (answer.status !== "accept" || !answer.content.approve) {
      return { preview: draft, sent: false, reason: "The person did not approve sending. Do not send it another way." };
    }
    outbox.push({ to: draft.to, subject: draft.subject });
    return { preview: draft, sent: true };
  }
}
