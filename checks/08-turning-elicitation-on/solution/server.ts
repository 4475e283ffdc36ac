import { App, FrontMcp } from "@frontmcp/sdk";
import { CloseTicket } from "./close-ticket.tool";

@App({ id: "desk", name: "Help desk", tools: [CloseTicket] })
class HelpDeskApp {}

@FrontMcp({
  info: { name: "help-desk", version: "1.0.0" },
  apps: [HelpDeskApp],
  // Without this line, every elicit() fails the call with ELICITATION_DISABLED.
  elicitation: { enabled: true },
})
export default class HelpDeskServer {}
