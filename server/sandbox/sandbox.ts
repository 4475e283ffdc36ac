// The sandbox as the rest of the server sees it: open a VM, load a project into it, invoke its entries, close it,
// and read the counts. Two implementations stand behind it, chosen by SANDBOX_PLAIN: the plain one makes every VM
// with quickjs-wasi's public API only (restore from the runtime's snapshot, load, call, dispose; plain-keeper.ts),
// the dense one composes each optimisation from a module of its own (dense-keeper.ts). Both run on the same pool of
// worker threads (pool.ts): the limits, the watchdog that replaces a stuck worker and the images that bring its
// bystanders back with their state are what make the sandbox safe, not what make it fast.
import type { JsonText } from "../../contract/json-text";
import type { EntryArgs, EntryName, EntryResult } from "./entry-points";
import type { DenseOptimisation, SandboxErrorInfo, SandboxErrorKind, VmLimits, VmRuntime, VmScript } from "./protocol";
import type { CpuClock } from "./cpu-ledger";
import type { InstanceCounts } from "./spare-instances";

export type SandboxOptions = {
  workers: number;
  memoryMB: number;
  stackBytes: number;
  /** All VMs together (their memory as last measured, plus the images kept of them) stay under this many MB. */
  totalMB?: number;
  /** A worker whose guest code runs this long past its slice's own limit is replaced. */
  watchdogGraceMs: number;
  /** Per worker: images of VMs just after a load that repeats (see load-cache.ts); 0 turns them off. */
  loadCacheMB?: number;
  /** The plain sandbox (SANDBOX_PLAIN=1): VMs made with quickjs-wasi's public API only, no optimisation (plain-keeper.ts). */
  plain?: boolean;
  /** The dense sandbox's optimisations switched off (SANDBOX_DENSE_OFF), to measure each alone. */
  denseOff?: DenseOptimisation[];
  /** Running time each session's VMs may use per second together (CPU_BUDGET_MS_PER_SECOND, see cpu-ledger.ts); 0 or none: no budget. */
  cpuMsPerSecond?: number;
  /** The clock that budget refills by: the host's, or a test's. */
  cpuClock?: CpuClock;
};

export type SandboxOpenOptions<R extends VmRuntime> = {
  /** A test run's VM: its `mcp` fixture reaches the host through `onHostRequest`. */
  hostBridge?: boolean;
  runtime?: R;
  /** A session's VM: it survives a replaced worker with the module state of its last good call. */
  keepState?: boolean;
  /**
   * Whose CPU budget the VM's code draws on: its session (or a run of its own). None: the playground's own VMs (the
   * warm start), which never wait.
   */
  owner?: string;
};

/** What a session or a test run opens its VMs through: the sandbox with their owner filled in (Sandbox.owned). */
export type VmOpener = { open<R extends VmRuntime = "frontmcp">(options?: Omit<SandboxOpenOptions<R>, "owner">): Promise<SandboxVm<R>> };

/** One VM: a session's live server state, or a throwaway VM for a test run. `R`: its runtime, which fixes its entries. */
export interface SandboxVm<R extends VmRuntime = VmRuntime> {
  readonly id: number;
  readonly runtime: R;
  readonly closed: boolean;
  /** A host-bridge VM's requests (JSON in, JSON out). */
  onHostRequest?: (json: string) => Promise<string>;
  /** Called when the VM is lost (a replaced worker, a crash, the memory total); the owner reloads or drops it. */
  onLost?: () => void;
  /** Runs the VM's `load` entry with these scripts in place; its argument and answer are typed by the VM's runtime. */
  load<A extends EntryArgs<R, "load">>(scripts: VmScript[], request: A, timeoutMs: number): Promise<JsonText<EntryResult<R, "load", A>>>;
  /** Invokes entry `fn`. `awaitsHost`: the call may wait on host replies (a test's mcp fixture); that wait is not running time. */
  invoke<N extends EntryName<R>, A extends EntryArgs<R, N>>(
    fn: N,
    args: A,
    timeoutMs: number,
    options?: { awaitsHost?: boolean },
  ): Promise<JsonText<EntryResult<R, N, A>>>;
  close(): Promise<void>;
}

export type SandboxStats = {
  vms: number;
  allocatedBytes: number;
  loadImages: { hits: number; misses: number; bytes: number };
  /** VMs restored into a new WebAssembly instance or a kept one, and instances let go of (see spare-instances.ts). */
  instances: InstanceCounts;
  /** Entries invoked since start, by name (`callTool`, `runTest`...): what a benchmark's learner asked of the VMs. */
  invoked: Record<string, number>;
};

/** The seam: what sessions, test runs and official-SDK instances use of the sandbox. */
export interface Sandbox {
  readonly options: SandboxOptions;
  readonly limits: VmLimits;
  /** Asked to free memory (close an idle session) when a new VM would not fit; true when it freed some. */
  onFull?: () => Promise<boolean>;
  /** Opens a VM on the least busy worker, from its runtime's snapshot. */
  open<R extends VmRuntime = "frontmcp">(options?: SandboxOpenOptions<R>): Promise<SandboxVm<R>>;
  /** Opens VMs for `owner` (a session): their running time draws on its CPU budget, and they move with it into quarantine. */
  owned(owner: string): VmOpener;
  /** The session closed: its CPU account goes. */
  forgetOwner(owner: string): void;
  /** Has every worker take its snapshot of `runtime` before a learner needs it. */
  warm(runtime: VmRuntime): Promise<void>;
  stats(): Promise<SandboxStats>;
  /** How many times workers were replaced. */
  readonly restarts: number;
  close(): Promise<void>;
}

export class SandboxError extends Error {
  constructor(
    readonly kind: SandboxErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "SandboxError";
  }
}

export function describeSandboxError(error: SandboxErrorInfo, limits: { timeoutMs: number; memoryMB: number }): string {
  switch (error.kind) {
    case "timeout":
      return `The code ran longer than ${limits.timeoutMs} ms and was stopped (an endless loop?)`;
    case "memory":
      return `The code used more than ${limits.memoryMB} MB of memory and was stopped`;
    default:
      return error.message;
  }
}
