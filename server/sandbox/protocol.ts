// Messages between the sandbox pool (main thread) and its worker threads.

export type VmLimits = { memoryMB: number; stackBytes: number };
/** A test-run VM gets the host bridge (its `mcp` fixture talks to the host); a session VM does not. */
type VmOptions = VmLimits & { hostBridge: boolean };

export type ToWorker =
  | { op: "open"; id: number; vmId: number; limits: VmOptions }
  | { op: "load"; id: number; vmId: number; scripts: Array<{ file: string; code: string }>; loadJson: string; timeoutMs: number }
  /** `awaitsHost`: the call may wait on host replies (a test awaiting its mcp fixture) without being stuck. */
  | { op: "invoke"; id: number; vmId: number; fn: string; json: string; timeoutMs: number; awaitsHost: boolean }
  | { op: "close"; id: number; vmId: number }
  | { op: "hostReply"; callId: number; ok: boolean; json: string }
  | { op: "stats"; id: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "reply"; id: number; ok: true; json?: string }
  | { type: "reply"; id: number; ok: false; error: SandboxErrorInfo }
  | { type: "host"; vmId: number; callId: number; json: string };

/** Why a VM run failed; `kind` lets callers word it for a learner and decide whether the VM survives. */
export type SandboxErrorKind = "timeout" | "memory" | "stack" | "crashed" | "unsettled" | "error";
export type SandboxErrorInfo = { kind: SandboxErrorKind; message: string };
