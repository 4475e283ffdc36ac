// Errors a tool can end its call with, and the internal signal that stops a run to ask the person.
import type { ToolErrorCode } from "../../contract/tool-errors";

/** An error whose message is safe to show the model; `code` becomes the result's `_meta.code`. */
export class PublicMcpError extends Error {
  code: string;
  constructor(message: string, code = "PUBLIC_ERROR") {
    super(message);
    this.name = "PublicMcpError";
    this.code = code;
  }
}

/** Thrown by the runtime itself for failures with a fixed code (INVALID_INPUT, ELICITATION_DISABLED, ...). */
export class ToolFailure extends PublicMcpError {
  declare readonly code: ToolErrorCode;
  constructor(message: string, code: ToolErrorCode) {
    super(message, code);
    this.name = "ToolFailure";
  }
}

export type ElicitationRequest = { mode: "form"; message: string; requestedSchema: Record<string, unknown> } | { mode: "url"; message: string; url: string };

/**
 * Thrown by `elicit()` when the k-th question has no answer yet. It is not an Error so a learner's
 * `catch (e) { if (e instanceof Error) ... }` does not swallow it by accident; the runtime re-checks it anyway.
 */
export class InputRequiredSignal {
  constructor(
    readonly key: string,
    readonly request: ElicitationRequest,
    readonly digest: string,
  ) {}
}

/** A URL-mode question as -32042 lists it (2025-11-25): the flow's id is its `elicitationId`. */
export type UrlElicitation = { message: string; url: string; id: string };

/**
 * What an outside page asks of the host, stopping the run like a question does: open a page (the host mints its
 * flow), wait until the person leaves it, or end the call with -32042 listing the pages to open first.
 */
export type OutsideStop = { open: { page: string; params: Record<string, string> } } | { wait: string } | { urlRequired: UrlElicitation[] };

/** Thrown by an outside page's calls when the host must act first; not an Error, like InputRequiredSignal. */
export class OutsideSignal {
  constructor(readonly stop: OutsideStop) {}
}
