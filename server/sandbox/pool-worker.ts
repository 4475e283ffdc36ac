// One worker thread of the pool: its messages, its replies, and its replacement when guest code stalls in native code.
import { Worker } from "node:worker_threads";
import { SandboxError } from "./sandbox";
import { ledgerAt, WATCH_SLOTS, type FromWorker, type ToWorker } from "./protocol";
import type { SandboxPool } from "./pool";

export type WorkerData = {
  wasm: WebAssembly.Module;
  runtimeCode: string;
  officialRuntimes: Record<"sdk1" | "sdk2", string>;
  ledger: BigInt64Array;
  loadCacheBytes: number;
  plain: boolean;
  denseOff: string[];
};
type Pending = { message: ToWorker & { id: number }; resolve: (json: string | undefined) => void; reject: (e: Error) => void };

export const vmOf = (message: ToWorker) => ("vmId" in message ? message.vmId : undefined);

export class PoolWorker {
  readonly vms = new Set<number>();
  /** Shared with the thread: the running slice's deadline and VM (see WATCH_SLOTS). */
  readonly watch = new BigInt64Array(new SharedArrayBuffer(WATCH_SLOTS * 8));
  restarts = 0;
  private worker!: Worker;
  private pending = new Map<number, Pending>();
  private ready!: Promise<void>;

  constructor(
    private pool: SandboxPool,
    private source: string,
    private data: WorkerData,
    /** This worker's slot in the memory ledger (kept across restarts). */
    private slot: number,
  ) {
    this.start();
  }

  private start(): void {
    Atomics.store(this.watch, 0, 0n);
    for (const field of ["sent", "counted", "running"] as const) Atomics.store(this.data.ledger, ledgerAt(this.slot, field), 0n);
    this.worker = new Worker(this.source, { eval: true, workerData: { ...this.data, watch: this.watch, slot: this.slot } });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.once("error", reject);
      this.worker.on("message", (m: FromWorker) => {
        if (m.type === "ready") return resolve();
        if (m.type === "host") return this.pool.hostRequest(this, m.vmId, m.callId, m.json);
        if (m.type === "image") return this.pool.imaged(m.vmId, m.image, m.upTo);
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.grewBytes) Atomics.add(this.data.ledger, ledgerAt(this.slot, "counted"), BigInt(m.grewBytes));
        const vmId = vmOf(p.message);
        if (m.ranMs && vmId !== undefined) this.pool.ran(vmId, m.ranMs);
        void this.settle(p, m);
      });
    });
    this.worker.on("error", (error) => this.restart(`The sandbox worker failed: ${error.message}`));
  }

  /**
   * Ends the thread (a VM spinning in native code ignores its interrupt) and starts a new one. The VM that was
   * running fails its call; every other VM with an image comes back with its module state, and the messages that
   * were waiting for it are sent again, so a bystander's call simply completes a little later.
   */
  restart(reason: string, culprit?: number): void {
    const old = this.worker;
    old.removeAllListeners();
    void old.terminate();
    this.restarts++;
    const kept = new Set([...this.vms].filter((vmId) => this.pool.imageOf(vmId)));
    const waiting = [...this.pending.values()];
    this.pending.clear();
    // A VM still opening comes back by its open message being sent again.
    for (const p of waiting) if (p.message.op === "open") kept.add(p.message.vmId);
    for (const vmId of this.vms) if (!kept.has(vmId)) this.pool.lost(vmId);
    for (const vmId of [...this.vms]) if (!kept.has(vmId)) this.vms.delete(vmId);
    this.start();
    const again = waiting.filter((p) => {
      const vmId = vmOf(p.message);
      const resend = vmId === undefined || (kept.has(vmId) && vmId !== culprit);
      if (!resend) p.reject(new SandboxError("crashed", reason));
      return resend;
    });
    const restores = [...kept].filter((vmId) => this.pool.imageOf(vmId)).map((vmId) => this.pool.restoreMessage(vmId));
    void this.ready.then(() => {
      for (const message of restores) this.worker.postMessage(message);
      for (const p of again) {
        this.pending.set(p.message.id, p);
        this.worker.postMessage(p.message);
      }
    });
  }

  /** Settles a reply once the VM's new size is known to fit (a VM that grew past what is left fails its call). */
  private async settle(p: Pending, m: Extract<FromWorker, { type: "reply" }>): Promise<void> {
    const vmId = vmOf(p.message);
    const refusal = vmId !== undefined && m.memoryBytes !== undefined ? await this.pool.measured(vmId, m.memoryBytes) : undefined;
    if (refusal) p.reject(new SandboxError("crashed", refusal));
    else if (m.ok) {
      // A good load or call of a `keepState` VM: its image is due once the VM goes quiet.
      if (vmId !== undefined && (p.message.op === "load" || p.message.op === "invoke")) this.pool.stepDone(vmId, p.message.id);
      p.resolve(m.json);
    } else {
      // The worker has dropped a VM whose code crashed: it is lost, as with a replaced worker, so its owner reloads it
      // (a session from its last good build) instead of calling a VM that is gone, and the pool stops counting it.
      if (m.error.kind === "crashed" && vmId !== undefined && p.message.op !== "close") {
        this.vms.delete(vmId);
        this.pool.lost(vmId);
      }
      p.reject(new SandboxError(m.error.kind, m.error.message));
    }
  }

  /** Deadline of the guest code running now (0 when none), the VM running it, and when it started (epoch ms). */
  running(): { deadline: number; vmId: number; since: number } {
    return { deadline: Number(Atomics.load(this.watch, 0)), vmId: Number(Atomics.load(this.watch, 1)), since: Number(Atomics.load(this.watch, 2)) };
  }

  /** Whether a message for `vmId` is still waiting for its reply here. */
  holds(vmId: number): boolean {
    for (const p of this.pending.values()) if (vmOf(p.message) === vmId) return true;
    return false;
  }

  async request(message: ToWorker & { id: number }): Promise<string | undefined> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { message, resolve, reject });
      this.worker.postMessage(message);
    });
  }

  post(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  terminate(): Promise<number> {
    this.worker.removeAllListeners();
    return this.worker.terminate();
  }
}
