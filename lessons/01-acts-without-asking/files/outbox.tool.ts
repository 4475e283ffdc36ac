import { Tool, ToolContext } from "@frontmcp/sdk";
import { outbox } from "./store";

@Tool({
  name: "list_outbox",
  description: "The emails sent so far. Changes nothing.",
  inputSchema: {},
  annotations: { readOnlyHint: true },
})
export class ListOutbox extends ToolContext {
  async execute() {
    return { emails: outbox };
  }
}
