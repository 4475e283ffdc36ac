// A VM as the pool holds it: its worker, its options, its last image and its size, and the calls into it.
import type { JsonText } from "../../contract/json-text";
import type { EntryArgs, EntryName, EntryResult } from "./entry-points";
import type { SandboxPool } from "./pool";
import type { PoolWorker } from "./pool-worker";
import type { VmImage, VmOptions, VmRuntime, VmScript } from "./protocol";
import type { SandboxVm } from "./sandbox";

/** A VM of any runtime, as the pool holds it: the pool moves VMs between workers and images them and never calls their
 * entries, the only thing a VM's runtime types (`any`: SandboxVm<R> is not assignable to SandboxVm<VmRuntime>, its entry
 * signatures differ). */
export type HeldVm = PoolVm<any>;

export class PoolVm<R extends VmRuntime = VmRuntime> implements SandboxVm<R> {
  closed = false;
  readonly runtime: R;
  onHostRequest?: (json: string) => Promise<string>;
  /** Called when the VM is lost with its worker (a watchdog restart); the owner reloads or drops it. */
  onLost?: () => void;
  /** A `keepState` VM's last image, taken once it was quiet after a good load or call (one per VM; each replaces the last). */
  image?: VmImage;
  /** The id of its latest good load or call, and of the latest one its image covers (see `unimagedVms`). */
  lastStep = 0;
  imagedUpTo = 0;
  /** The VM's linear memory as of its last reply. */
  memoryBytes?: number;
  /** An official-SDK VM's ES modules, given back to its loader when the VM is restored from its image. */
  modules: VmScript[] = [];

  constructor(
    private pool: SandboxPool,
    readonly id: number,
    /** Where it runs; a VM with an image moves to the quarantine worker with its session (pool.ts moveApart). */
    public worker: PoolWorker,
    readonly options: VmOptions,
    /** Whose CPU budget its code draws on (a session, or a run of its own); none: the playground's own. */
    readonly owner?: string,
  ) {
    this.runtime = (options.runtime ?? "frontmcp") as R;
  }

  /** Runs the VM's `load` entry with these scripts in place; its argument and answer are typed by the VM's runtime. */
  load<A extends EntryArgs<R, "load">>(scripts: VmScript[], request: A, timeoutMs: number): Promise<JsonText<EntryResult<R, "load", A>>> {
    this.modules = scripts.filter((s) => s.module);
    const loadJson = JSON.stringify(request);
    return this.pool.send(this, { op: "load", vmId: this.id, scripts, loadJson, timeoutMs }) as Promise<JsonText<EntryResult<R, "load", A>>>;
  }

  /** Invokes entry `fn`, typed by the VM's runtime. `awaitsHost`: the call may wait on host replies (a test's mcp fixture); that wait is not running time. */
  invoke<N extends EntryName<R>, A extends EntryArgs<R, N>>(
    fn: N,
    args: A,
    timeoutMs: number,
    options: { awaitsHost?: boolean } = {},
  ): Promise<JsonText<EntryResult<R, N, A>>> {
    const message = { op: "invoke" as const, vmId: this.id, fn, json: JSON.stringify(args), timeoutMs, awaitsHost: options.awaitsHost === true };
    this.pool.noteInvoked(fn);
    return this.pool.send(this, message) as Promise<JsonText<EntryResult<R, N, A>>>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Its memory is in the worker, which counts it there; this thread lets go only of the image, counted on drop.
    this.pool.dropImage(this);
    this.worker.vms.delete(this.id);
    this.pool.forget(this.id);
    await this.pool.send(this, { op: "close", vmId: this.id }).catch(() => undefined);
  }
}
