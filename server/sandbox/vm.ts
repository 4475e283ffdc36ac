// A VM as its worker holds it: the QuickJS instance, the calls waiting in it, and where it is in its life.
import type { JSValueHandle, QuickJS } from "quickjs-wasi";
import type { SandboxErrorInfo, VmImage } from "./protocol";
import type { LoadedImage } from "./load-cache";
import type { StartedImage, WorkerSnapshot } from "./base-snapshot";

/** A pending top-level call into one VM; it may wait on host replies (test runs) before it settles. */
export type Waiter = { promise: JSValueHandle; remainingMs: number; awaitsHost: boolean; done: (error: SandboxErrorInfo | undefined, json?: string) => void };

/**
 * Where a VM is in its life. Every VM starts `fresh` (restored from its runtime's snapshot) or from one of the dense
 * sandbox's load images, and is `loaded` once its load has answered; the states between are the dense sandbox's:
 * - `fresh-to-image`: its load has run before on this worker, so it is imaged under `key` once it has loaded;
 * - `loaded-to-image`: an official-SDK VM whose load (`json`) repeats: imaged under `key` once its server started;
 * - `from-load-image`: restored from the image of its very load, which answers `json` without running it again;
 *   `pristine`, for a session VM: the image it has as long as nothing else ran in it;
 * - `pristine`: loaded from a load image and nothing run since: `image` is already its image;
 * - `from-started-image`: an official-SDK server restored from the image of its build just started: its load
 *   answers `json`, then its start answers `started`;
 * - `started-image-loaded`: the same, its load answered, its start still to come.
 */
export type VmStage =
  | { is: "fresh" }
  | { is: "fresh-to-image"; key: string }
  | { is: "loaded-to-image"; key: string; json: string }
  | { is: "from-load-image"; json: string; pristine: VmImage | undefined }
  | { is: "pristine"; image: VmImage }
  | { is: "from-started-image"; json: string; started: string; image: LoadedImage<WorkerSnapshot | StartedImage> }
  | { is: "started-image-loaded"; started: string; image: LoadedImage<WorkerSnapshot | StartedImage> }
  | { is: "loaded" };

/** Why the interrupt handler stopped the VM's code: its deadline, or all sandboxes together at SANDBOX_TOTAL_MB. */
export type StopCause = "deadline" | "full" | "none";

export type Vm = {
  qjs: QuickJS;
  stage: VmStage;
  deadline: number;
  waiters: Set<Waiter>;
  hostCalls: Map<number, { resolve: (v: JSValueHandle) => void; reject: (v: JSValueHandle) => void }>;
  /** The Math.random state this VM was given at restore: still there means it has drawn nothing since. */
  seed: bigint;
  /** Handles of the `__playground` entry points, taken when the VM opens (see captureEntries). */
  entries: Map<string, JSValueHandle>;
  /** Official-SDK VMs: the project's ES modules by file name, and the names each builtin module exports. */
  modules: Map<string, string>;
  builtins: Record<string, string[]>;
  /** A `keepState` VM (a session's): the snapshot tokens of `entries`, valid in every image of this VM; none otherwise. */
  tokens: Array<[string, number]> | "none";
  /** The VM's linear memory as last told to the pool; growth beyond it is this worker's growth in flight. */
  reportedBytes: number;
  /** Its linear memory when restored: growth past it is what its code has kept since (worker-ledger.ts). */
  restoredBytes: number;
  /** Whether it has answered a call: an established VM, whose small calls still run while the sandboxes are full. */
  answeredCall: boolean;
  /** Running time of its guest code (ms) not yet told to the pool, which charges it to the VM's session (cpu-ledger.ts). */
  ranMs: number;
  /**
   * Why the interrupt handler last stopped this VM's code. Set by the handler itself, read (and cleared) by
   * classify: the host's own record, not the engine's message.
   */
  stoppedBy: StopCause;
};
