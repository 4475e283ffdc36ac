// Messages between the sandbox pool (main thread) and its worker threads.

export type VmLimits = { memoryMB: number; stackBytes: number };
/** Which runtime a VM starts from: the FrontMCP one, or the real official SDK 1.x or 2.x (see official-bundles.ts). */
export type VmRuntime = "frontmcp" | "sdk1" | "sdk2";
/** A test-run VM gets the host bridge (its `mcp` fixture talks to the host); a session VM does not. */
export type VmOptions = VmLimits & { hostBridge: boolean; runtime?: VmRuntime };
/** A project file for the VM: a script evaluated as it comes, or an ES module served to `import` by the VM's loader. */
export type VmScript = { file: string; code: string; module?: boolean };

export type ToWorker =
  | { op: "open"; id: number; vmId: number; limits: VmOptions }
  | { op: "load"; id: number; vmId: number; scripts: VmScript[]; loadJson: string; timeoutMs: number }
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
