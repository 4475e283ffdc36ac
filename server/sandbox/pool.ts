// A pool of worker threads hosting sandbox VMs; sessions are spread over workers, a stuck worker is replaced.
/// <reference path="./webassembly.d.ts" />
import * as esbuild from "esbuild";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { JsonText } from "../../contract/json-text";
import type { EntryArgs, EntryName, EntryResult } from "./entry-points";
import { officialRuntimeBundle } from "./official-bundles";
import {
  LEDGER_LIMIT,
  LEDGER_USED,
  ledgerAt,
  ledgerWords,
  WATCH_SLOTS,
  type FromWorker,
  type SandboxErrorInfo,
  type SandboxErrorKind,
  type ToWorker,
  type VmImage,
  type VmLimits,
  type VmOptions,
  type VmRuntime,
  type VmScript,
} from "./protocol";
import { memoryReleased } from "./reclaim";
import { runtimeBundle } from "./runtime-bundle";
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
};

export class SandboxError extends Error {
  constructor(
    readonly kind: SandboxErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "SandboxError";
  }
}

type WorkerData = {
  wasm: WebAssembly.Module;
  runtimeCode: string;
  officialRuntimes: Record<"sdk1" | "sdk2", string>;
  ledger: BigInt64Array;
  loadCacheBytes: number;
};
type WithoutId<M> = M extends { id: number } ? Omit<M, "id"> : never;
type HostHandler = (json: string) => Promise<string>;
type Pending = { message: ToWorker & { id: number }; resolve: (json: string | undefined) => void; reject: (e: Error) => void };

const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));
const require = createRequire(import.meta.url);

/** The worker is bundled from source at start-up, so the same code runs under vitest and under the TypeScript loader of `npm start`. */
async function workerSource(): Promise<string> {
  const out = await esbuild.build({ entryPoints: [WORKER_ENTRY], bundle: true, platform: "node", format: "cjs", target: "node20", write: false });
  return out.outputFiles[0].text;
}

/** What a VM not yet measured is counted as (a fresh FrontMCP VM with a small project). */
const VM_ESTIMATE_BYTES = 8 * 2 ** 20;

const vmOf = (message: ToWorker) => ("vmId" in message ? message.vmId : undefined);
const imageBytes = (vm: HeldVm) => vm.image?.snapshot.memory.byteLength ?? 0;
/** What one VM counts for in SANDBOX_TOTAL_MB: its memory as last measured (or an estimate) and its image. */
const footprint = (vm: HeldVm) => (vm.memoryBytes ?? VM_ESTIMATE_BYTES) + imageBytes(vm);

class PoolWorker {
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

  /** Deadline of the guest code running now (0 when none), and the VM running it. */
  running(): { deadline: number; vmId: number } {
    return { deadline: Number(Atomics.load(this.watch, 0)), vmId: Number(Atomics.load(this.watch, 1)) };
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

/** A VM of any runtime, as the pool holds it: the pool moves VMs between workers and images them and never calls their
 * entries, the only thing a VM's runtime types (`any`: SandboxVm<R> is not assignable to SandboxVm<VmRuntime>, its entry
 * signatures differ). */
type HeldVm = SandboxVm<any>;

/** One VM: a session's live server state, or a throwaway VM for a test run. `R`: its runtime, which fixes its entries. */
export class SandboxVm<R extends VmRuntime = VmRuntime> {
  closed = false;
  readonly runtime: R;
  onHostRequest?: HostHandler;
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
    readonly worker: PoolWorker,
    readonly options: VmOptions,
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

export type SandboxStats = {
  vms: number;
  allocatedBytes: number;
  loadImages: { hits: number; misses: number; bytes: number };
  /** VMs restored into a new WebAssembly instance or a kept one, and instances let go of (see spare-instances.ts). */
  instances: InstanceCounts;
  /** Entries invoked since start, by name (`callTool`, `runTest`...): what a benchmark's learner asked of the VMs. */
  invoked: Record<string, number>;
};

export class SandboxPool {
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

  private constructor(readonly options: SandboxOptions) {
    this.ledger = new BigInt64Array(new SharedArrayBuffer(ledgerWords(options.workers) * 8));
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
      loadCacheBytes: (options.loadCacheMB ?? 0) * 2 ** 20,
    };
    Atomics.store(pool.ledger, LEDGER_LIMIT, BigInt(Math.round((options.totalMB ?? 0) * 2 ** 20)));
    for (let i = 0; i < options.workers; i++) pool.workers.push(new PoolWorker(pool, source, data, i));
    // A slice of guest code past its own deadline plus the grace has stopped honouring its interrupt.
    pool.watchdog = setInterval(() => {
      const now = Date.now();
      for (const worker of pool.workers) {
        const { deadline, vmId } = worker.running();
        if (deadline > 0 && now > deadline + options.watchdogGraceMs)
          worker.restart("The code ran past its time limit inside a native operation, so its sandbox was restarted", vmId);
      }
    }, 100);
    pool.watchdog.unref();
    return pool;
  }

  get limits(): VmLimits {
    return { memoryMB: this.options.memoryMB, stackBytes: this.options.stackBytes };
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
  async open<R extends VmRuntime = "frontmcp">(options: { hostBridge?: boolean; runtime?: R; keepState?: boolean } = {}): Promise<SandboxVm<R>> {
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
    const worker = this.workers.reduce((a, b) => (b.vms.size < a.vms.size ? b : a));
    const runtime = options.runtime ?? "frontmcp";
    const vmOptions: VmOptions = {
      ...this.limits,
      hostBridge: options.hostBridge === true,
      runtime,
      keepState: options.keepState === true,
    };
    const vm = new SandboxVm<R>(this, this.nextId++, worker, vmOptions);
    worker.vms.add(vm.id);
    this.track(vm);
    await this.send(vm, { op: "open", vmId: vm.id, limits: vmOptions });
    return vm;
  }

  send(vm: HeldVm, message: WithoutId<ToWorker>): Promise<string | undefined> {
    if (vm.closed && message.op !== "close") return Promise.reject(new SandboxError("crashed", "This sandbox was closed"));
    return vm.worker.request({ ...message, id: this.nextId++ } as ToWorker & { id: number });
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
  }

  /**
   * A VM's memory after a reply: a VM grows with what its code keeps, and never shrinks. When everything no longer
   * fits under SANDBOX_TOTAL_MB, images go first, then idle sessions; if the VMs alone are still over, this VM, the
   * one that grew, is given up: the returned message fails its call, and its session starts over from its build.
   */
  async measured(vmId: number, bytes: number): Promise<string | undefined> {
    const vm = this.vms.get(vmId);
    if (!vm || vm.closed) return undefined;
    this.resize(vm, () => (vm.memoryBytes = bytes));
    const fits = this.dropImages(vm);
    if (fits) return undefined;
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
        const vm = new SandboxVm(this, this.nextId++, worker, vmOptions);
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
    const workers = all.reduce<Omit<SandboxStats, "invoked">>(
      (sum, json) => {
        const s = JSON.parse(json!) as Omit<SandboxStats, "invoked">;
        return {
          vms: sum.vms + s.vms,
          allocatedBytes: sum.allocatedBytes + s.allocatedBytes,
          loadImages: {
            hits: sum.loadImages.hits + s.loadImages.hits,
            misses: sum.loadImages.misses + s.loadImages.misses,
            bytes: sum.loadImages.bytes + s.loadImages.bytes,
          },
          instances: Object.fromEntries(Object.entries(sum.instances).map(([k, v]) => [k, v + s.instances[k as keyof InstanceCounts]])) as InstanceCounts,
        };
      },
      { vms: 0, allocatedBytes: 0, loadImages: { hits: 0, misses: 0, bytes: 0 }, instances: { fresh: 0, reused: 0, notKept: 0, idle: 0 } },
    );
    return { ...workers, invoked: Object.fromEntries(this.invoked) };
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await Promise.all(this.workers.map((w) => w.terminate()));
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
