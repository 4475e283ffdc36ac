// The tools the official conformance suite's input-required-result-* scenarios call, written as a learner would.
import { Tool, ToolContext, z } from "@frontmcp/sdk";

const okSchema = z.object({ ok: z.boolean() });

@Tool({ name: "test_input_required_result_elicitation", inputSchema: {}, description: "Asks for a name under the key user_name, then greets" })
export class ElicitationTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("What is your name?", z.object({ name: z.string() }), { key: "user_name" });
    if (answer.status !== "accept") return `No name given (${answer.status})`;
    return `Hello, ${answer.content!.name}!`;
  }
}

@Tool({
  name: "test_input_required_result_request_state",
  inputSchema: {},
  description: "Asks for a confirmation; the answer comes back with the signed requestState",
})
export class RequestStateTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Please confirm", okSchema, { key: "confirm" });
    return `state-ok: ${answer.status}${answer.content ? `, ok=${answer.content.ok}` : ""}`;
  }
}

@Tool({ name: "test_input_required_result_multi_round", inputSchema: {}, description: "Asks twice; the first answer travels in requestState" })
export class MultiRoundTool extends ToolContext {
  async execute() {
    const step1 = await this.elicit("Step 1: What is your name?", z.object({ name: z.string() }), { key: "step1" });
    const step2 = await this.elicit("Step 2: What is your favorite color?", z.object({ color: z.string() }), { key: "step2" });
    return { name: step1.content?.name ?? null, color: step2.content?.color ?? null };
  }
}

@Tool({ name: "test_input_required_result_tampered_state", inputSchema: {}, description: "Asks once; a tampered requestState must be rejected" })
export class TamperedStateTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Please confirm", okSchema, { key: "confirm" });
    return `confirmed: ${answer.status}`;
  }
}

@Tool({
  name: "test_input_required_result_capabilities",
  inputSchema: {},
  description: "Asks for a confirmation; a client that declares no elicitation gets -32021",
})
export class CapabilitiesTool extends ToolContext {
  async execute() {
    const answer = await this.elicit("Please confirm", okSchema, { key: "confirm" });
    return `confirmed: ${answer.status}`;
  }
}
