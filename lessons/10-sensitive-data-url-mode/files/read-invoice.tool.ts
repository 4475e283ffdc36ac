import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { invoices, tickets } from "./store";

@Tool({
  name: "read_invoice",
  description: "Read a ticket's invoice; the agent must have signed in to billing first.",
  inputSchema: { id: z.string().describe("Ticket id, such as T-2") },
})
export class ReadInvoice extends ToolContext {
  async execute(input: { id: string }) {
    const ticket = tickets.get(input.id);
    if (!ticket) return this.fail(new PublicMcpError(`There is no ticket ${input.id}.`, "TICKET_NOT_FOUND"));

    // The same sign-in page as open_billing: signed in there, signed in here.
    const signIn = this.outsidePage("billing-sign-in", { ticket: ticket.id });
    // 2025-11-25: error -32042 lists the page; the client opens it and calls again once it hears the page is done.
    // 2026-07-28: a URL-mode question, and the call waits for the page.
    const outcome = await this.requireUrl(`Sign in to billing to read the invoice for ${ticket.id}`, signIn);
    if (outcome !== "completed") return this.fail(new PublicMcpError(`Not signed in to billing (${outcome}).`, "NOT_SIGNED_IN"));
    return { id: ticket.id, invoice: invoices.get(ticket.id) };
  }
}
