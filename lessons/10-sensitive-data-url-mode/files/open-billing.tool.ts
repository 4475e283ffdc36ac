import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { invoices, tickets } from "./store";

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
    const signIn = this.outsidePage("billing-sign-in", { ticket: ticket.id });
    const answer = await this.elicit(`Sign in to billing to see the invoice for ${ticket.id}`, { mode: "url", url: signIn.url });

    if (answer.status !== "accept") {
      return { id: ticket.id, linkOpened: false, reason: `The person did not open the sign-in page (${answer.status}).` };
    }
    // Accept only means "I agree to open this page". The sign-in happens on the page: wait for it.
    const outcome = await signIn.finished();
    if (outcome !== "completed") {
      return { id: ticket.id, linkOpened: true, signedIn: false, reason: `The sign-in did not finish (${outcome}).` };
    }
    return { id: ticket.id, linkOpened: true, signedIn: true, invoice: invoices.get(ticket.id) };
  }
}
