// Messages between the sandbox pool (main thread) and its worker threads.

export type VmLimits = { memoryMB: number; stackBytes: number };
/** Which runtime a VM starts from: the FrontMCP one, or the real official SDK 1.x or 2.x (see official-bundles.ts). */
export type VmRuntime = "frontmcp" | "sdk1" | "sdk2";
/**
 * A test-run VM gets the host bridge (its `mcp` fixture talks to the host); a session VM does not.
 * `keepState`: after each load and call the worker sends a snapshot of the VM, so a replaced worker can bring it
 * back with its module state (a session's VM; FrontMCP runtime only).
 */
export type VmOptions = VmLimits & { hostBridge: boolean; runtime?: VmRuntime; keepState?: boolean };
/** A VM's memory image as quickjs-wasi takes it, plus the tokens of its entry-point handles inside that image. */
export type VmImage = {
  snapshot: { memory: Uint8Array; stackPointer: number; runtimePtr: number; contextPtr: number; extensions: [] };
  entries: Array<[string, number]>;
};
/** A project file for the VM: a script evaluated as it comes, or an ES module served to `import` by the VM's loader. */
export type VmScript = { file: string; code: string; module?: boolean };

export type ToWorker =
  | { op: "open"; id: number; vmId: number; limits: VmOptions }
  | { op: "load"; id: number; vmId: number; scripts: VmScript[]; loadJson: string; timeoutMs: number }
  /** `awaitsHost`: the call may wait on host replies (a test awaiting its mcp fixture) without being stuck. */
  | { op: "invoke"; id: number; vmId: number; fn: string; json: string; timeoutMs: number; awaitsHost: boolean }
  | { op: "close"; id: number; vmId: number }
  /** Brings a `keepState` VM back on a new worker from its last image. */
  | { op: "restore"; id: number; vmId: number; limits: VmOptions; image: VmImage }
  | { op: "hostReply"; callId: number; ok: boolean; json: string }
  | { op: "stats"; id: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "reply"; id: number; ok: true; json?: string }
  | { type: "reply"; id: number; ok: false; error: SandboxErrorInfo }
  | { type: "host"; vmId: number; callId: number; json: string }
  /** A `keepState` VM's image after a load or call that succeeded (sent before the reply). */
  | { type: "image"; vmId: number; image: VmImage };

/**
 * The worker's watch word, shared with the pool: while guest code runs, [0] holds the slice's deadline (epoch ms)
 * and [1] the VM running it; 0 when idle. The pool reads it to tell a stuck worker from a busy queue.
 */
export const WATCH_SLOTS = 2;

/** Why a VM run failed; `kind` lets callers word it for a learner and decide whether the VM survives. */
export type SandboxErrorKind = "timeout" | "memory" | "stack" | "crashed" | "unsettled" | "error";
export type SandboxErrorInfo = { kind: SandboxErrorKind; message: string };
