import { Tool, ToolContext } from "@frontmcp/sdk";
import { tickets } from "./store";

@Tool({
  name: "list_tickets",
  description: "All tickets. Changes nothing.",
  inputSchema: {},
  annotations: { readOnlyHint: true },
})
export class ListTickets extends ToolContext {
  async execute() {
    return { tickets: [...tickets.values()] };
  }
}
