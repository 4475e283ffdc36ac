import { Tool, ToolContext } from "@frontmcp/sdk";
import { sent } from "./store";

@Tool({ name: "list_sent", description: "The invoices sent so far.", inputSchema: {} })
export class ListSent extends ToolContext {
  async execute() {
    return { sent };
  }
}
