// A pool of worker threads hosting sandbox VMs; sessions are spread over workers, a stuck worker is replaced. The
// implementation of the Sandbox seam (sandbox.ts), plain or dense by its options. Each session's steps draw on its CPU
// budget (cpu-ledger.ts); a session the watchdog stopped twice in a minute runs on a quarantine worker of its own.
/// <reference path="./webassembly.d.ts" />
import * as esbuild from "esbuild";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { officialRuntimeBundle } from "./official-bundles";
import { type HeldVm, PoolVm } from "./pool-vm";
import { CpuLedger } from "./cpu-ledger";
import { PoolWorker, type WorkerData } from "./pool-worker";
import { QuarantineWorker } from "./quarantine";
import { LEDGER_LIMIT, LEDGER_USED, ledgerWords, type ToWorker, type VmImage, type VmLimits, type VmOptions, type VmRuntime } from "./protocol";
import { memoryReleased } from "./reclaim";
import { runtimeBundle } from "./runtime-bundle";
import { type Sandbox, SandboxError, type SandboxOpenOptions, type SandboxOptions, type SandboxStats, type VmOpener } from "./sandbox";
import { sumWorkerStats } from "./worker-stats";

export { describeSandboxError, SandboxError, type SandboxOptions, type SandboxStats, type SandboxVm } from "./sandbox";

type WithoutId<M> = M extends { id: number } ? Omit<M, "id"> : never;

const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));
const require = createRequire(import.meta.url);

/** The worker is bundled from source at start-up, so the same code runs under vitest and under the TypeScript loader of `npm start`. */
async function workerSource(): Promise<string> {
  const out = await esbuild.build({ entryPoints: [WORKER_ENTRY], bundle: true, platform: "node", format: "cjs", target: "node20", write: false });
  return out.outputFiles[0].text;
}

/** What a VM not yet measured is counted as (a fresh FrontMCP VM with a small project). */
export const VM_ESTIMATE_BYTES = 8 * 2 ** 20;

const imageBytes = (vm: HeldVm) => vm.image?.snapshot.memory.byteLength ?? 0;
/** What one VM counts for in SANDBOX_TOTAL_MB: its memory as last measured (or an estimate) and its image. */
const footprint = (vm: HeldVm) => (vm.memoryBytes ?? VM_ESTIMATE_BYTES) + imageBytes(vm);

export class SandboxPool implements Sandbox {
  private workers: PoolWorker[] = [];
  private vms = new Map<number, HeldVm>();
  private nextId = 1;
  private watchdog?: NodeJS.Timeout;
  private readonly invoked = new Map<string, number>();
  /** Asked to free memory (close an idle session) when a new VM would not fit; true when it freed some. */
  onFull?: () => Promise<boolean>;
  /** Idle sessions being closed because the VMs already open grew past SANDBOX_TOTAL_MB (one pass at a time). */
  private fitting?: Promise<boolean>;
  /** Estimates of VMs being opened, not tracked yet (see open). */
  private admitting = 0;

  /** Shared with every worker (see ledgerAt), so a VM growing in a queued call stops at SANDBOX_TOTAL_MB. */
  private ledger: BigInt64Array;
  /**
   * What `usedBytes` reports, kept up to date as VMs come, go, grow and gain or lose images: summing every VM on each
   * reply cost O(sessions) per message, which a room of hundreds of open sessions pays on every step.
   */
  private used = 0;
  /** Each session's running time against its budget, and the watchdog's stops of its code. */
  readonly cpu: CpuLedger;
  /** Where sessions kept apart run (quarantine.ts). */
  private quarantine!: QuarantineWorker;

  private constructor(readonly options: SandboxOptions) {
    // One ledger slot more than the workers: the quarantine worker's.
    this.ledger = new BigInt64Array(new SharedArrayBuffer(ledgerWords(options.workers + 1) * 8));
    this.cpu = new CpuLedger(options.cpuMsPerSecond ?? 0, options.cpuClock);
  }

  static async start(options: SandboxOptions): Promise<SandboxPool> {
    const pool = new SandboxPool(options);
    const [source, wasmBytes, runtimeCode, sdk1, sdk2] = await Promise.all([
      workerSource(),
      readFile(require.resolve("quickjs-wasi/quickjs.wasm")),
      runtimeBundle(),
      officialRuntimeBundle("sdk1"),
      officialRuntimeBundle("sdk2"),
    ]);
    const data: WorkerData = {
      wasm: await WebAssembly.compile(wasmBytes),
      runtimeCode,
      officialRuntimes: { sdk1, sdk2 },
      ledger: pool.ledger,
      // The plain sandbox keeps no load images.
      loadCacheBytes: options.plain ? 0 : (options.loadCacheMB ?? 0) * 2 ** 20,
      plain: options.plain === true,
      denseOff: options.denseOff ?? [],
    };
    Atomics.store(pool.ledger, LEDGER_LIMIT, BigInt(Math.round((options.totalMB ?? 0) * 2 ** 20)));
    // The quarantine worker keeps no load images: what it runs is not a room's repeated starter, and the memory ceiling
    // counts SANDBOX_LOAD_CACHE_MB per SANDBOX_WORKERS.
    const apart = { ...data, loadCacheBytes: 0 };
    pool.quarantine = new QuarantineWorker(() => pool.workers[pool.workers.push(new PoolWorker(pool, source, apart, options.workers)) - 1]);
    for (let i = 0; i < options.workers; i++) pool.workers.push(new PoolWorker(pool, source, data, i));
    // A slice of guest code past its own deadline plus the grace has stopped honouring its interrupt.
    pool.watchdog = setInterval(() => {
      const now = Date.now();
      for (const worker of pool.workers) {
        const { deadline, vmId, since } = worker.running();
        if (deadline > 0 && now > deadline + options.watchdogGraceMs) {
          // Its owner first: a culprit with no image is gone once the worker is replaced.
          const owner = pool.vms.get(vmId)?.owner;
          worker.restart("The code ran past its time limit inside a native operation, so its sandbox was restarted", vmId);
          if (owner !== undefined) pool.stoppedByWatchdog(owner, now - since);
        }
      }
    }, 100);
    pool.watchdog.unref();
    return pool;
  }

  get limits(): VmLimits {
    return { memoryMB: this.options.memoryMB, stackBytes: this.options.stackBytes };
  }

  /** The stuck slice's running time is its session's; a second stop within a minute moves the session into quarantine. */
  private stoppedByWatchdog(owner: string, ranMs: number): void {
    this.cpu.charge(owner, ranMs);
    if (this.cpu.stopped(owner)) this.moveApart(owner, true);
  }

  /**
   * Moves `owner`'s VMs that can move to the quarantine worker (quarantine.ts); with `loseTheRest`, the others are let
   * go, so their owners open them again, there. Its new VMs open there too (see open and CpuLedger.keptApart).
   */
  private moveApart(owner: string, loseTheRest: boolean): void {
    for (const vm of [...this.vms.values()]) {
      if (vm.owner !== owner || this.quarantine.move(vm, () => this.restoreMessage(vm.id), this.nextId++) || !loseTheRest) continue;
      const onLost = vm.onLost;
      void vm.close();
      onLost?.();
    }
  }

  /** Where sessions kept apart run, once one was. */
  get quarantined(): PoolWorker | undefined {
    return this.quarantine.started;
  }

  /** How many workers are running guest code right now (for tests that queue work behind a running call). */
  get busyWorkers(): number {
    return this.workers.filter((w) => w.running().deadline > 0).length;
  }

  /** How many times workers were replaced (for tests and the bench). */
  get restarts(): number {
    return this.workers.reduce((sum, w) => sum + w.restarts, 0);
  }

  /**
   * Opens a VM on the least busy worker; its runtime comes from that worker's snapshot of it. `keepState` (a
   * session's VM): the VM survives a replaced worker with the module state of its last good call.
   */
  async open<R extends VmRuntime = "frontmcp">(options: SandboxOpenOptions<R> = {}): Promise<PoolVm<R>> {
    // Counted from here: opens that resume together (sessions awaiting one shared compile) must not all find the same
    // room before any of them is tracked, or the workers refuse every one of their loads.
    this.admitting += VM_ESTIMATE_BYTES;
    let room: boolean;
    try {
      room = await this.makeRoom();
    } finally {
      this.admitting -= VM_ESTIMATE_BYTES;
    }
    if (!room)
      throw new SandboxError(
        "crashed",
        `The playground's sandboxes are at their memory limit (SANDBOX_TOTAL_MB=${this.options.totalMB}); try again in a minute`,
      );
    const regular = this.workers.filter((w) => w !== this.quarantine.started);
    // A worker running guest code now may be in a neighbour's long step: an idle one first, then the one with fewest VMs.
    const lighter = (b: PoolWorker, a: PoolWorker) => {
      const busy = (w: PoolWorker) => (w.running().deadline > 0 ? 1 : 0);
      return busy(b) !== busy(a) ? busy(b) < busy(a) : b.vms.size < a.vms.size;
    };
    // A quarantined session's VMs, and those of one in debt within the last minute, open apart from everyone else's.
    const worker = this.cpu.keptApart(options.owner) ? this.quarantine.get() : regular.reduce((a, b) => (lighter(b, a) ? b : a));
    const runtime = options.runtime ?? "frontmcp";
    const vmOptions: VmOptions = {
      ...this.limits,
      hostBridge: options.hostBridge === true,
      runtime,
      keepState: options.keepState === true,
    };
    const vm = new PoolVm<R>(this, this.nextId++, worker, vmOptions, options.owner);
    worker.vms.add(vm.id);
    this.track(vm);
    await this.send(vm, { op: "open", vmId: vm.id, limits: vmOptions });
    return vm;
  }

  owned(owner: string): VmOpener {
    return { open: (options = {}) => this.open({ ...options, owner }) };
  }

  forgetOwner(owner: string): void {
    this.cpu.forget(owner);
  }

  /** A step that runs guest code (a load, an entry) first waits until its session has running time left. */
  async send(vm: HeldVm, message: WithoutId<ToWorker>): Promise<string | undefined> {
    const closed = () => vm.closed && message.op !== "close";
    if (closed()) throw new SandboxError("crashed", "This sandbox was closed");
    if (vm.owner !== undefined && (message.op === "load" || message.op === "invoke")) {
      await this.cpu.admit(vm.owner);
      if (closed()) throw new SandboxError("crashed", "This sandbox was closed");
    }
    return vm.worker.request({ ...message, id: this.nextId++ } as ToWorker & { id: number });
  }

  /** A VM's guest code ran for `ms`: its session is charged. */
  ran(vmId: number, ms: number): void {
    const owner = this.vms.get(vmId)?.owner;
    // Once in debt, its VMs that can move go apart, so its next steps stop holding a bystander's worker.
    if (owner !== undefined && this.cpu.charge(owner, ms)) this.moveApart(owner, false);
  }

  stepDone(vmId: number, id: number): void {
    const vm = this.vms.get(vmId);
    if (vm?.options.keepState) vm.lastStep = Math.max(vm.lastStep, id);
  }

  /** `keepState` VMs whose latest good load or call has no image yet (a worker lost now would bring them back older). */
  get unimagedVms(): number {
    let n = 0;
    for (const vm of this.vms.values()) if (!vm.closed && vm.lastStep > vm.imagedUpTo) n++;
    return n;
  }

  /** The images kept: how many, their bytes, and the memory of the VMs they stand for (images keep only changed pages). */
  get images(): { count: number; bytes: number; memoryBytes: number } {
    const sum = { count: 0, bytes: 0, memoryBytes: 0 };
    for (const vm of this.vms.values()) {
      if (!vm.image) continue;
      sum.count++;
      sum.bytes += imageBytes(vm);
      sum.memoryBytes += vm.image.delta?.byteLength ?? imageBytes(vm);
    }
    return sum;
  }

  imaged(vmId: number, image: VmImage, upTo: number): void {
    const vm = this.vms.get(vmId);
    if (!vm || vm.closed) return;
    vm.imagedUpTo = Math.max(vm.imagedUpTo, upTo);
    this.resize(vm, () => {
      vm.memoryBytes = image.delta?.byteLength ?? image.snapshot.memory.byteLength;
      vm.image = image;
    });
    this.dropImages(vm);
    // A VM of a session in debt that could not move when it went into debt moves once its image is current.
    if (this.cpu.keptApart(vm.owner)) this.quarantine.move(vm, () => this.restoreMessage(vm.id), this.nextId++);
  }

  /**
   * A VM's memory after a reply: a VM grows with what its code keeps, and never shrinks. When everything no longer
   * fits under SANDBOX_TOTAL_MB, images go first, then idle sessions; if the VMs alone are still over, this VM, the
   * one that grew, is given up: the returned message fails its call, and its session starts over from its build.
   */
  async measured(vmId: number, bytes: number): Promise<string | undefined> {
    const vm = this.vms.get(vmId);
    if (!vm || vm.closed) return undefined;
    // Only a VM that grew can have put the total over: one that did not keeps its state while others fill the memory.
    const grew = bytes > (vm.memoryBytes ?? VM_ESTIMATE_BYTES);
    this.resize(vm, () => (vm.memoryBytes = bytes));
    const fits = this.dropImages(vm);
    if (fits || !grew) return undefined;
    this.fitting ??= this.makeRoom().finally(() => (this.fitting = undefined));
    if (await this.fitting) return undefined;
    if (vm.closed) return undefined;
    const onLost = vm.onLost;
    await vm.close();
    onLost?.();
    return `The playground's sandboxes are at their memory limit (SANDBOX_TOTAL_MB=${this.options.totalMB}), and this server had grown to ${Math.round(bytes / 2 ** 20)} MB, so it was stopped; it starts over (fresh module state) on the next call. Keep less in memory (a smaller result, fewer items).`;
  }

  /** Drops images, largest first and `keep`'s own last, until all fits (those VMs then start over after a restart, as before images existed); false when the VMs alone are over. */
  private dropImages(keep: HeldVm): boolean {
    const limit = (this.options.totalMB ?? Infinity) * 2 ** 20;
    if (this.usedBytes() <= limit) return true;
    const imaged = [...this.vms.values()].filter((vm) => vm.image).sort((a, b) => Number(a === keep) - Number(b === keep) || imageBytes(b) - imageBytes(a));
    for (const vm of imaged) {
      this.dropImage(vm);
      if (this.usedBytes() <= limit) return true;
    }
    return false;
  }

  dropImage(vm: HeldVm): void {
    memoryReleased(imageBytes(vm));
    // The worker shares the image's buffer; it lets go too, and a later good call starts a new one.
    if (vm.image && !vm.closed) vm.worker.post({ op: "forgetImage", vmId: vm.id });
    this.resize(vm, () => (vm.image = undefined));
  }

  /** Asks for idle sessions to be closed until what is open and being opened fits under SANDBOX_TOTAL_MB; false when it does not. */
  private async makeRoom(): Promise<boolean> {
    const limit = (this.options.totalMB ?? Infinity) * 2 ** 20;
    while (this.usedBytes() + this.admitting > limit) if (!(await this.onFull?.())) return false;
    return true;
  }

  /** Memory of all VMs (as last measured, or an estimate) plus the images kept of them. */
  usedBytes(): number {
    return this.used;
  }

  /** A VM the pool now counts. */
  private track(vm: HeldVm): void {
    this.vms.set(vm.id, vm);
    this.used += footprint(vm);
    this.counted();
  }

  /** A VM the pool no longer counts (closed or lost); the VM, when it was counted. */
  private untrack(vmId: number): HeldVm | undefined {
    const vm = this.vms.get(vmId);
    if (!vm) return undefined;
    this.vms.delete(vmId);
    this.used -= footprint(vm);
    this.counted();
    return vm;
  }

  /** Changes what a VM counts for (its size, its image); a VM already let go of stays out of the total. */
  private resize(vm: HeldVm, change: () => void): void {
    const counted = this.vms.get(vm.id) === vm;
    if (counted) this.used -= footprint(vm);
    change();
    if (counted) this.used += footprint(vm);
    this.counted();
  }

  /** Tells the workers what the pool now counts (after a VM opened, grew, closed, or an image came or went). */
  counted(): void {
    Atomics.store(this.ledger, LEDGER_USED, BigInt(this.usedBytes()));
  }

  imageOf(vmId: number): VmImage | undefined {
    return this.vms.get(vmId)?.image;
  }

  restoreMessage(vmId: number): ToWorker & { id: number } {
    const vm = this.vms.get(vmId)!;
    return { op: "restore", id: this.nextId++, vmId, limits: vm.options, image: vm.image!, modules: vm.modules };
  }

  hostRequest(worker: PoolWorker, vmId: number, callId: number, json: string): void {
    const handler = this.vms.get(vmId)?.onHostRequest;
    const reply = (ok: boolean, text: string) => worker.post({ op: "hostReply", callId, ok, json: text });
    if (!handler) return reply(false, JSON.stringify({ message: "no host bridge for this sandbox" }));
    handler(json).then(
      (text) => reply(true, text),
      (error: Error) => reply(false, JSON.stringify({ message: error.message })),
    );
  }

  lost(vmId: number): void {
    const vm = this.untrack(vmId);
    if (!vm) return;
    vm.closed = true;
    vm.onLost?.();
  }

  forget(vmId: number): void {
    this.untrack(vmId);
  }

  /** Opens and closes one VM of `runtime` on every worker, so each takes its snapshot before a learner needs it. */
  async warm(runtime: VmRuntime): Promise<void> {
    await Promise.all(
      this.workers.map(async (worker) => {
        const vmOptions: VmOptions = { ...this.limits, hostBridge: false, runtime, keepState: false };
        const vm = new PoolVm(this, this.nextId++, worker, vmOptions);
        worker.vms.add(vm.id);
        this.track(vm);
        try {
          await this.send(vm, { op: "open", vmId: vm.id, limits: vmOptions });
        } finally {
          await vm.close();
        }
      }),
    );
  }

  noteInvoked(fn: string): void {
    this.invoked.set(fn, (this.invoked.get(fn) ?? 0) + 1);
  }

  /** VMs and their heap; `loadImages`: loads answered from an image, loads run from scratch, and the images' bytes. */
  async stats(): Promise<SandboxStats> {
    const all = await Promise.all(this.workers.map((w) => w.request({ op: "stats", id: this.nextId++ })));
    return { ...sumWorkerStats(all.map((json) => JSON.parse(json!))), invoked: Object.fromEntries(this.invoked) };
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
