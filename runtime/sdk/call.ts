// One run of a tool's execute(): input validation, approval, result shaping, and turning throws into results.
import { toolError } from "../../contract/tool-errors";
import type { OutsideFlowView } from "../../contract/outside";
import { InputRequiredSignal, OutsideSignal, PublicMcpError, ToolFailure, type ElicitationRequest, type OutsideStop } from "./errors";
import type { ProjectServer, ToolEntry } from "./project-server";
import { bindCallState, type CallEra, type CallState, type ClientAbilities, type ElicitAnswer, ToolContext } from "./tool";

export type CallResult = {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};
export type CallOutcome =
  /** `where`: the learner's "file:line" that raised a failure (a throw, or a runtime refusal such as a bad form schema); never sent on the wire. */
  | { kind: "result"; result: CallResult; where?: string }
  /** `digest`: the question's fingerprint, which the host signs into requestState to check on the next round. */
  | { kind: "input"; key: string; request: ElicitationRequest; digest: string }
  /** An outside page needs the host: open its flow, wait for the person, or answer -32042. */
  | { kind: "outside"; stop: OutsideStop };
/**
 * `questions`: the fingerprint of the question each answer was given to, from the signed requestState.
 * `outside`: the session's outside pages as they stand; `era`: 2026-07-28 unless said.
 */
export type CallRequest = {
  name: string;
  args: unknown;
  answers: ElicitAnswer[];
  client: ClientAbilities;
  questions?: string[];
  era?: CallEra;
  outside?: OutsideFlowView[];
};
/** Maps a stack trace to "file:line" in the learner's own source, or undefined. */
export type Locate = (stack: string | undefined) => string | undefined;

/** A failure the learner's code chose (`this.fail`, a thrown PublicMcpError): any code they picked. */
function learnerError(text: string, code: string): CallResult {
  return { content: [{ type: "text", text }], isError: true, _meta: { code } };
}

function isCallToolResult(value: unknown): value is CallResult {
  return typeof value === "object" && value !== null && Array.isArray((value as CallResult).content);
}

function shapeResult(value: unknown): CallResult {
  if (isCallToolResult(value)) return value;
  if (value === undefined) return { content: [] };
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  const text = JSON.stringify(value);
  if (typeof value === "object" && value !== null && !Array.isArray(value))
    return { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> };
  return { content: [{ type: "text", text }] };
}

/** Tools behind approval remember a "yes, for this session" here; a new VM (reset, new files) forgets. */
const approvedForSession = new Set<string>();

/** The tools approved for this session so far: the host keeps them, so a rebuilt VM (another instance) has them too. */
export function rememberedApprovals(): string[] {
  return [...approvedForSession];
}

/** Seeds the approvals of a session rebuilt from what the host kept. */
export function restoreApprovals(tools: readonly string[]): void {
  for (const tool of tools) approvedForSession.add(tool);
}

const APPROVAL_SCHEMA = {
  type: "object" as const,
  properties: {
    approve: { type: "boolean", title: "Allow this call", default: false },
    remember: { type: "boolean", title: "Remember for this session", default: true },
  },
  required: ["approve"],
};

async function approve(tool: ToolContext, entry: ToolEntry): Promise<boolean> {
  const approval = entry.options.approval;
  if (!approval || approvedForSession.has(entry.options.name)) return true;
  const message = (typeof approval === "object" && approval.message) || `Allow the tool "${entry.options.name}" to run?`;
  const answer = await tool.elicit(message, APPROVAL_SCHEMA);
  if (answer.status !== "accept" || answer.content?.approve !== true) return false;
  if (answer.content.remember === true) approvedForSession.add(entry.options.name);
  return true;
}

function invalidInput(name: string, issues: Array<{ path: PropertyKey[]; message: string }>): CallResult {
  const lines = issues.map((i) => `${i.path.map(String).join(".") || "(input)"}: ${i.message}`);
  return toolError(`Invalid input for tool "${name}": ${lines.join("; ")}`, "INVALID_INPUT");
}

/** What ends the run whatever execute() did afterwards: a changed question, or a question to ask. */
function stoppedBy(state: CallState): CallOutcome | undefined {
  if (state.questionChanged) return { kind: "result", result: toolError(state.questionChanged.message, state.questionChanged.code) };
  if (state.pending) return { kind: "input", key: state.pending.key, request: state.pending.request, digest: state.pending.digest };
  if (state.outside.stopped) return { kind: "outside", stop: state.outside.stopped.stop };
  return undefined;
}

export async function runToolCall(server: ProjectServer, request: CallRequest, locate: Locate): Promise<CallOutcome> {
  const entry = server.tools.get(request.name);
  if (!entry) return { kind: "result", result: toolError(`Unknown tool "${request.name}"`, "TOOL_NOT_FOUND") };
  const parsed = entry.input.safeParse(request.args ?? {});
  if (!parsed.success) return { kind: "result", result: invalidInput(request.name, parsed.error.issues) };

  const state: CallState = {
    toolName: request.name,
    answers: request.answers,
    questions: request.questions,
    asked: 0,
    client: request.client,
    era: request.era ?? "modern",
    elicitationEnabled: server.elicitationEnabled,
    outside: { flows: request.outside ?? [] },
  };
  let tool: ToolContext;
  try {
    tool = new entry.cls() as ToolContext;
    if (!(tool instanceof ToolContext)) throw new Error(`the class of tool "${request.name}" must extend ToolContext`);
    bindCallState(tool, state);
    let value: unknown;
    if (await approve(tool, entry)) value = await tool.execute(parsed.data);
    else value = toolError(`The person did not approve "${request.name}", so nothing was run. Do not retry unless they ask.`, "APPROVAL_DENIED");
    // A learner's catch-all may have swallowed the question (or the changed-question failure); it still stands.
    const stopped = stoppedBy(state);
    if (stopped) return stopped;
    return { kind: "result", result: shapeResult(value) };
  } catch (error) {
    // elicit() sets `pending` before it throws its signal, so this covers the signal too.
    const stopped = stoppedBy(state);
    if (stopped) return stopped;
    if (error instanceof InputRequiredSignal) return { kind: "input", key: error.key, request: error.request, digest: error.digest };
    if (error instanceof OutsideSignal) return { kind: "outside", stop: error.stop };
    const where = locate(error instanceof Error ? error.stack : undefined);
    if (error instanceof ToolFailure) return { kind: "result", result: toolError(error.message, error.code), ...(where && { where }) };
    if (error instanceof PublicMcpError) return { kind: "result", result: learnerError(error.message, error.code) };
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "result",
      result: toolError(`Tool "${request.name}" failed: ${message}${where ? ` (at ${where})` : ""}`, "TOOL_EXECUTION_ERROR"),
      ...(where && { where }),
    };
  }
}
