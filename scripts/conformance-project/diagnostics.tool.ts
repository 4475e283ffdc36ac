// The diagnostic tools the server-stateless scenario probes.
import { Tool, ToolContext, z } from "@frontmcp/sdk";

@Tool({ name: "test_missing_capability", inputSchema: {}, description: "Needs a form from the client, so a client without elicitation gets -32021" })
export class MissingCapabilityTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Please confirm", z.object({ ok: z.boolean() }));
    return `confirmed: ${answer.status}`;
  }
}

@Tool({ name: "test_streaming_elicitation", inputSchema: {}, description: "Asks in the same response stream (as input_required, never as a request)" })
export class StreamingElicitationTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Please confirm", z.object({ ok: z.boolean() }));
    return `confirmed: ${answer.status}`;
  }
}

@Tool({ name: "test_logging_tool", inputSchema: {}, description: "Logs nothing unless asked to; returns text" })
export class LoggingTool extends ToolContext {
  async execute() {
    return "done";
  }
}
