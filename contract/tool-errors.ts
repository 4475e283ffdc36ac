// The codes the playground itself puts in a tool error result's `_meta.code`, defined once for the runtime that
// raises them inside the sandbox, the server that raises and reads them, and the page. A learner's own tool picks any
// code it likes (`this.fail(..., "TICKET_NOT_FOUND")`): those are plain strings, never one of these.
export const TOOL_ERROR_CODES = [
  /** The arguments, or a person's answer, do not match the schema. */
  "INVALID_INPUT",
  /** A call names no tool of the project (inside the sandbox; over MCP that is JSON-RPC InvalidParams). */
  "TOOL_NOT_FOUND",
  /** The person did not tick "Allow this call" (ask-once approval). */
  "APPROVAL_DENIED",
  /** A retry answered a question that the tool no longer asks (its message or schema changed). */
  "QUESTION_CHANGED",
  /** The tool's own code threw. */
  "TOOL_EXECUTION_ERROR",
  /** `elicit()` was given a schema or key the protocol cannot carry (a nested form, a bad key, URL mode without a URL). */
  "INVALID_SCHEMA",
  /** `elicit()` in a server that did not switch elicitation on. */
  "ELICITATION_DISABLED",
  /** The call ran past its time limit, or past its memory. */
  "TIMEOUT",
  "OUT_OF_MEMORY",
  /** The result is larger than MAX_RESULT_KB. */
  "RESULT_TOO_LARGE",
  /** A call before the project's first successful build. */
  "NOT_READY",
  /** 2025-11-25 fallback: the call's arguments are too large to keep while the person answers. */
  "TOO_LARGE",
  /** 2025-11-25 fallback: the answer is awaited through sendElicitationResult. */
  "ELICITATION_PENDING",
] as const;
export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

/** The codes that mean the tool's own code failed or hit a limit, as opposed to a refusal it chose or bad input. */
export const TOOL_FAILURE_CODES: ReadonlySet<string> = new Set<ToolErrorCode>([
  "TOOL_EXECUTION_ERROR",
  "INVALID_SCHEMA",
  "ELICITATION_DISABLED",
  "TIMEOUT",
  "OUT_OF_MEMORY",
]);

/** A tool error result carrying one of the playground's own codes. */
export function toolError(text: string, code: ToolErrorCode) {
  return { content: [{ type: "text" as const, text }], isError: true as const, _meta: { code } };
}

/** The code for a call the sandbox stopped: its time limit, its memory, or anything else the VM refused. */
export const stoppedCallCode = (kind: string): ToolErrorCode => (kind === "timeout" ? "TIMEOUT" : kind === "memory" ? "OUT_OF_MEMORY" : "TOOL_EXECUTION_ERROR");
