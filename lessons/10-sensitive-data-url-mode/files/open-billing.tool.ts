import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { billingLinksSent, tickets } from "./store";

@Tool({
  name: "open_billing",
  description: "Let the agent sign in to the billing system to look at a ticket's invoice.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-2") },
})
export class OpenBilling extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // Never: this.elicit("Billing password?", z.object({ password: z.string() })).
    // The password would pass through the client, the model's context and our server.
    const answer = await this.elicit(`Sign in to billing to see the invoice for ${ticket.id}`, {
      mode: "url",
      url: `https://billing.example.com/signin?ticket=${ticket.id}`,
    });

    if (answer.status !== "accept") {
      return { id: ticket.id, linkOpened: false, reason: `The person did not open the sign-in page (${answer.status}).` };
    }
    // Accept only means "I agree to open this page". It does not mean the sign-in worked.
    billingLinksSent.add(ticket.id);
    return { id: ticket.id, linkOpened: true, note: "Wait for the person to say they have signed in before reading the invoice." };
  }
}
