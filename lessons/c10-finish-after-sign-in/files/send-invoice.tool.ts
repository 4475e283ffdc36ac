import { PublicMcpError, Tool, ToolContext, z } from "@frontmcp/sdk";
import { invoices, sent } from "./store";

@Tool({
  name: "send_invoice",
  description: "Send an invoice to its customer. The agent signs in to billing first.",
  inputSchema: { id: z.string().describe("Invoice id, such as INV-7") },
})
export class SendInvoice extends ToolContext {
  async execute(input: { id: string }) {
    const invoice = invoices.get(input.id);
    if (!invoice) return this.fail(new PublicMcpError(`There is no invoice ${input.id}.`, "INVOICE_NOT_FOUND"));

    const signIn = this.outsidePage("billing-sign-in", { invoice: input.id });
    const answer = await this.elicit(`Sign in to billing to send invoice ${input.id}`, { mode: "url", url: signIn.url });
    if (answer.status !== "accept") {
      return { id: input.id, sent: false, reason: `The person did not open the sign-in page (${answer.status}).` };
    }

    sent.push(input.id);
    return { id: input.id, sent: true, to: invoice.customer };
  }
}
