// A pool of worker threads hosting sandbox VMs; sessions are spread over workers, a stuck worker is replaced.
/// <reference path="./webassembly.d.ts" />
import * as esbuild from "esbuild";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { officialRuntimeBundle } from "./official-bundles";
import type { FromWorker, SandboxErrorInfo, SandboxErrorKind, ToWorker, VmLimits, VmRuntime, VmScript } from "./protocol";
import { runtimeBundle } from "./runtime-bundle";

export type SandboxOptions = {
  workers: number;
  memoryMB: number;
  stackBytes: number;
  /** A worker that does not answer within this long past a call's own limit is replaced. */
  watchdogGraceMs: number;
};

export class SandboxError extends Error {
  constructor(readonly kind: SandboxErrorKind, message: string) {
    super(message);
    this.name = "SandboxError";
  }
}

type WorkerData = { wasm: WebAssembly.Module; runtimeCode: string; officialRuntimes: Record<"sdk1" | "sdk2", string> };
type WithoutId<M> = M extends { id: number } ? Omit<M, "id"> : never;
type HostHandler = (json: string) => Promise<string>;
type Pending = { resolve: (json: string | undefined) => void; reject: (e: Error) => void; timer?: NodeJS.Timeout };

const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));
const require = createRequire(import.meta.url);

/** The worker is bundled from source at start-up, so the same code runs under vitest and under the TypeScript loader of `npm start`. */
async function workerSource(): Promise<string> {
  const out = await esbuild.build({ entryPoints: [WORKER_ENTRY], bundle: true, platform: "node", format: "cjs", target: "node20", write: false });
  return out.outputFiles[0].text;
}

class PoolWorker {
  readonly vms = new Set<number>();
  private worker!: Worker;
  private pending = new Map<number, Pending>();
  private ready!: Promise<void>;

  constructor(private pool: SandboxPool, private source: string, private data: WorkerData) {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(this.source, { eval: true, workerData: this.data });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.once("error", reject);
      this.worker.on("message", (m: FromWorker) => {
        if (m.type === "ready") return resolve();
        if (m.type === "host") return this.pool.hostRequest(this, m.vmId, m.callId, m.json);
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.ok) p.resolve(m.json);
        else p.reject(new SandboxError(m.error.kind, m.error.message));
      });
    });
    this.worker.on("error", (error) => this.restart(`The sandbox worker failed: ${error.message}`));
  }

  /** Ends the thread (a VM spinning in WASM ignores everything else) and fails what was waiting on it. */
  restart(reason: string): void {
    const old = this.worker;
    old.removeAllListeners();
    void old.terminate();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new SandboxError("crashed", reason));
    }
    this.pending.clear();
    for (const vmId of this.vms) this.pool.lost(vmId);
    this.vms.clear();
    this.start();
  }

  async request(message: ToWorker & { id: number }, watchdogMs?: number): Promise<string | undefined> {
    await this.ready;
    return new Promise((resolve, reject) => {
      const entry: Pending = { resolve, reject };
      if (watchdogMs !== undefined)
        entry.timer = setTimeout(() => this.restart("The sandbox stopped answering and was restarted"), watchdogMs);
      this.pending.set(message.id, entry);
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

/** One VM: a session's live server state, or a throwaway VM for a test run. */
export class SandboxVm {
  closed = false;
  onHostRequest?: HostHandler;
  /** Called when the VM is lost with its worker (a watchdog restart); the owner reloads or drops it. */
  onLost?: () => void;

  constructor(private pool: SandboxPool, readonly id: number, readonly worker: PoolWorker) {}

  load(scripts: VmScript[], loadJson: string, timeoutMs: number): Promise<string> {
    return this.pool.send(this, { op: "load", vmId: this.id, scripts, loadJson, timeoutMs }, timeoutMs) as Promise<string>;
  }

  /** `watchdogMs` overrides the default wall-clock watchdog (twice the limit plus grace), for calls that wait on the host. */
  invoke(fn: string, json: string, timeoutMs: number, options: { awaitsHost?: boolean; watchdogMs?: number } = {}): Promise<string> {
    const message = { op: "invoke" as const, vmId: this.id, fn, json, timeoutMs, awaitsHost: options.awaitsHost === true };
    return this.pool.send(this, message, timeoutMs, options.watchdogMs) as Promise<string>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.worker.vms.delete(this.id);
    this.pool.forget(this.id);
    await this.pool.send(this, { op: "close", vmId: this.id }).catch(() => undefined);
  }
}

export class SandboxPool {
  private workers: PoolWorker[] = [];
  private vms = new Map<number, SandboxVm>();
  private nextId = 1;

  private constructor(readonly options: SandboxOptions) {}

  static async start(options: SandboxOptions): Promise<SandboxPool> {
    const pool = new SandboxPool(options);
    const [source, wasmBytes, runtimeCode, sdk1, sdk2] = await Promise.all([
      workerSource(),
      readFile(require.resolve("quickjs-wasi/quickjs.wasm")),
      runtimeBundle(),
      officialRuntimeBundle("sdk1"),
      officialRuntimeBundle("sdk2"),
    ]);
    const data: WorkerData = { wasm: await WebAssembly.compile(wasmBytes), runtimeCode, officialRuntimes: { sdk1, sdk2 } };
    for (let i = 0; i < options.workers; i++) pool.workers.push(new PoolWorker(pool, source, data));
    return pool;
  }

  get limits(): VmLimits {
    return { memoryMB: this.options.memoryMB, stackBytes: this.options.stackBytes };
  }

  /** Opens a VM on the least busy worker; its runtime comes from that worker's snapshot of it. */
  async open(options: { hostBridge?: boolean; runtime?: VmRuntime } = {}): Promise<SandboxVm> {
    const worker = this.workers.reduce((a, b) => (b.vms.size < a.vms.size ? b : a));
    const vm = new SandboxVm(this, this.nextId++, worker);
    worker.vms.add(vm.id);
    this.vms.set(vm.id, vm);
    await this.send(vm, { op: "open", vmId: vm.id, limits: { ...this.limits, hostBridge: options.hostBridge === true, runtime: options.runtime ?? "frontmcp" } }, 10_000);
    return vm;
  }

  send(vm: SandboxVm, message: WithoutId<ToWorker>, timeoutMs?: number, watchdogMs?: number): Promise<string | undefined> {
    if (vm.closed && message.op !== "close") return Promise.reject(new SandboxError("crashed", "This sandbox was closed"));
    const watchdog = watchdogMs ?? (timeoutMs === undefined ? undefined : timeoutMs * 2 + this.options.watchdogGraceMs);
    return vm.worker.request({ ...message, id: this.nextId++ } as ToWorker & { id: number }, watchdog);
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
    const vm = this.vms.get(vmId);
    if (!vm) return;
    vm.closed = true;
    this.vms.delete(vmId);
    vm.onLost?.();
  }

  forget(vmId: number): void {
    this.vms.delete(vmId);
  }

  async stats(): Promise<{ vms: number; allocatedBytes: number }> {
    const all = await Promise.all(this.workers.map((w) => w.request({ op: "stats", id: this.nextId++ }, 5000)));
    return all.reduce<{ vms: number; allocatedBytes: number }>(
      (sum, json) => {
        const s = JSON.parse(json!) as { vms: number; allocatedBytes: number };
        return { vms: sum.vms + s.vms, allocatedBytes: sum.allocatedBytes + s.allocatedBytes };
      },
      { vms: 0, allocatedBytes: 0 },
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

export function describeSandboxError(error: SandboxErrorInfo, limits: { timeoutMs: number; memoryMB: number }): string {
  switch (error.kind) {
    case "timeout":
      return `The code ran longer than ${limits.timeoutMs} ms and was stopped (an endless loop?)`;
    case "memory":
      return `The code used more than ${limits.memoryMB} MB of memory and was stopped`;
    case "stack":
      return "The code recursed too deeply (maximum call stack size exceeded)";
    default:
      return error.message;
  }
}
