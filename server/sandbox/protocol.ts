// Messages between the sandbox pool (main thread) and its worker threads.
import type { SANDBOX_STOP_KINDS } from "../../contract/api";

/**
 * The dense sandbox's optimisations that can be switched off one by one (SANDBOX_DENSE_OFF), to measure each against
 * the rest: VMs restored into kept instances, the images of a build's servers with their forms compiled ahead, and
 * images as the pages that differ from a VM's snapshot. Load images are switched off by SANDBOX_LOAD_CACHE_MB=0.
 */
export const DENSE_OPTIMISATIONS = ["spareInstances", "formsAhead", "pageDeltas"] as const;
export type DenseOptimisation = (typeof DENSE_OPTIMISATIONS)[number];

export type VmLimits = { memoryMB: number; stackBytes: number };
/** Which runtime a VM starts from: the FrontMCP one, or the real official SDK 1.x or 2.x (see official-bundles.ts). */
export type VmRuntime = "frontmcp" | "sdk1" | "sdk2";
/**
 * A test-run VM gets the host bridge (its `mcp` fixture talks to the host); a session VM does not.
 * `keepState`: once the VM is quiet after a load or call the worker sends a snapshot of it, so a replaced worker can
 * bring it back with its module state (a session's VM, on either runtime).
 */
export type VmOptions = VmLimits & { hostBridge: boolean; runtime?: VmRuntime; keepState?: boolean };
/**
 * A VM's memory image as quickjs-wasi takes it, plus the tokens of its entry-point handles inside that image.
 * `memory` is a view on a SharedArrayBuffer the worker keeps for the VM and overwrites after each good call.
 */
export type VmImage = {
  /** With `delta`, `memory` holds only the pages that differ from the base, packed (see page-delta.ts). */
  snapshot: { memory: Uint8Array; stackPointer: number; runtimePtr: number; contextPtr: number; extensions: [] };
  entries: Array<[string, number]>;
  /** The snapshot the VM was opened from (shared, never written), the memory's full length and which pages `memory` holds. */
  delta?: { base: Uint8Array; byteLength: number; pages: Uint32Array };
};
/** A project file for the VM: a script evaluated as it comes, or an ES module served to `import` by the VM's loader. */
export type VmScript = { file: string; code: string; module?: boolean };

export type ToWorker =
  | { op: "open"; id: number; vmId: number; limits: VmOptions }
  | { op: "load"; id: number; vmId: number; scripts: VmScript[]; loadJson: string; timeoutMs: number }
  /** `awaitsHost`: the call may wait on host replies (a test awaiting its mcp fixture) without being stuck. */
  | { op: "invoke"; id: number; vmId: number; fn: string; json: string; timeoutMs: number; awaitsHost: boolean }
  | { op: "close"; id: number; vmId: number }
  /** Brings a `keepState` VM back on a new worker from its last image; `modules` are an official-SDK VM's ES modules, for its loader. */
  | { op: "restore"; id: number; vmId: number; limits: VmOptions; image: VmImage; modules: VmScript[] }
  | { op: "hostReply"; callId: number; ok: boolean; json: string }
  /** The pool gave up a VM's image (memory pressure, or the VM closed): the worker lets the image's buffer go too. */
  | { op: "forgetImage"; vmId: number }
  | { op: "stats"; id: number };

export type FromWorker =
  | { type: "ready" }
  /**
   * `memoryBytes`: the VM's linear memory after the message, so the pool counts every VM as it is; `grewBytes`: by how
   * much it grew; `ranMs`: how long its guest code ran since the last reply (its session's CPU, see cpu-ledger.ts).
   */
  | { type: "reply"; id: number; ok: true; json?: string; memoryBytes?: number; grewBytes?: number; ranMs?: number }
  | { type: "reply"; id: number; ok: false; error: SandboxErrorInfo; memoryBytes?: number; grewBytes?: number; ranMs?: number }
  | { type: "host"; vmId: number; callId: number; json: string }
  /** A `keepState` VM's image once it went quiet after a load or call that succeeded; `upTo`: the id of that step. */
  | { type: "image"; vmId: number; upTo: number; image: VmImage };

/**
 * The worker's watch word, shared with the pool: while guest code runs, [0] holds the slice's deadline (epoch ms),
 * [1] the VM running it and [2] when the slice started; [0] is 0 when idle. The pool reads it to tell a stuck worker
 * from a busy queue, and to charge a stuck slice's running time to its session.
 */
export const WATCH_SLOTS = 3;

/**
 * The memory ledger, one SharedArrayBuffer for the pool and all its workers: [0] is SANDBOX_TOTAL_MB in bytes (0:
 * none), [1] what the pool counts (every VM as last reported, plus images), then three words per worker: `sent`, the
 * growth its replies have reported so far; `counted`, how much of that the pool has taken in (so sent − counted is
 * growth still on its way); `running`, how far the VM it runs now has grown since its last reply. Each word has one
 * writer. Together they tell a worker, before and while it runs a VM, whether all sandboxes are at the total.
 */
export const LEDGER_LIMIT = 0;
export const LEDGER_USED = 1;
const WORKER_FIELDS = { sent: 0, counted: 1, running: 2 } as const;
export const ledgerWords = (workers: number) => 2 + workers * 3;
export const ledgerAt = (worker: number, field: keyof typeof WORKER_FIELDS) => 2 + worker * 3 + WORKER_FIELDS[field];

/** Why a VM run failed; `kind` lets callers word it for a learner and decide whether the VM survives. */
/** The kinds are the API's too (a stopped test says which): defined once in contract/api.ts. */
export type SandboxErrorKind = (typeof SANDBOX_STOP_KINDS)[number];
export type SandboxErrorInfo = { kind: SandboxErrorKind; message: string };
