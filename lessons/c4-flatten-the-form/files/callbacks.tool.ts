import { Tool, ToolContext } from "@frontmcp/sdk";
import { callbacks } from "./store";

@Tool({
  name: "list_callbacks",
  description: "The callbacks booked so far. Changes nothing.",
  inputSchema: {},
  annotations: { readOnlyHint: true },
})
export class ListCallbacks extends ToolContext {
  async execute() {
    return { callbacks };
  }
}
