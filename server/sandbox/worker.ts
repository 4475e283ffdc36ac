// A worker thread hosting many QuickJS VMs, one per session or test run, each its own WASM instance and memory cap.
/// <reference path="./webassembly.d.ts" />
import { parentPort, workerData } from "node:worker_threads";
import { QuickJS, type JSValueHandle } from "quickjs-wasi";
import { LoadCache, loadKey } from "./load-cache";
import { officialModuleSource, resolveModule } from "./official-modules";
import type { FromWorker, SandboxErrorInfo, ToWorker, VmImage, VmLimits, VmOptions, VmRuntime } from "./protocol";

const { wasm, runtimeCode, officialRuntimes, watch, loadCacheBytes } = workerData as {
  wasm: WebAssembly.Module;
  runtimeCode: string;
  officialRuntimes: Record<Exclude<VmRuntime, "frontmcp">, string>;
  watch: BigInt64Array;
  loadCacheBytes: number;
};
const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

/** A pending top-level call into one VM; it may wait on host replies (test runs) before it settles. */
type Waiter = { promise: JSValueHandle; remainingMs: number; awaitsHost: boolean; done: (error: SandboxErrorInfo | undefined, json?: string) => void };
type Vm = {
  qjs: QuickJS;
  deadline: number;
  waiters: Set<Waiter>;
  hostCalls: Map<number, { resolve: (v: JSValueHandle) => void; reject: (v: JSValueHandle) => void }>;
  /** Handles of the `__playground` entry points, taken when the VM opens (see captureEntries). */
  entries: Map<string, JSValueHandle>;
  /** Official-SDK VMs: the project's ES modules by file name, and the names each builtin module exports. */
  modules: Map<string, string>;
  builtins: Record<string, string[]>;
  /** Set for `keepState` VMs: the snapshot tokens of `entries`, valid in every image of this VM. */
  tokens?: Array<[string, number]>;
  /** Restored from a load image: what that load returned, answered for this VM's load without running it again. */
  preloaded?: string;
  /** This VM's load has run before on this worker: image it under this key once it has loaded. */
  imageAs?: string;
};

const vms = new Map<number, Vm>();
let nextCallId = 1;
type Snapshot = ReturnType<QuickJS["snapshot"]>;
/** One snapshot per runtime, taken the first time a VM of that runtime opens on this worker. */
const snapshots = new Map<VmRuntime, Promise<{ snapshot: Snapshot; builtins: Record<string, string[]> }>>();
const loadImages = new LoadCache<Snapshot>(loadCacheBytes);

function options(limits: VmLimits, vm: () => Vm | undefined) {
  return {
    wasm,
    memoryLimit: limits.memoryMB * 2 ** 20,
    maxStackSize: limits.stackBytes,
    timezoneOffset: 0,
    interruptHandler: () => Date.now() > (vm()?.deadline ?? Infinity),
    // Only official-SDK VMs have modules; `import` in any other VM finds none.
    moduleLoader: {
      normalize: (base: string, spec: string) => resolveModule(vm()?.modules ?? new Map(), vm()?.builtins ?? {}, base, spec),
      load: (name: string) => {
        const current = vm();
        const builtin = current?.builtins[name];
        if (builtin) return officialModuleSource(name, builtin);
        const source = current?.modules.get(name);
        if (source === undefined) throw new Error(`Cannot find module "${name}"`);
        return source;
      },
    },
  };
}

function classify(error: unknown): SandboxErrorInfo {
  const message = String((error as Error)?.message ?? error);
  if (error instanceof WebAssembly.RuntimeError) return { kind: "crashed", message: `The sandbox crashed (${message}); it will be reset` };
  if (/interrupted/i.test(message)) return { kind: "timeout", message };
  if (/out of memory/i.test(message)) return { kind: "memory", message };
  if (/stack/i.test(message) && /(overflow|exceeded)/i.test(message)) return { kind: "stack", message };
  return { kind: "error", message };
}

/**
 * Runs guest code with a deadline; the interrupt handler reads `vm.deadline`. The pool's watchdog reads the same
 * deadline from the shared watch word, so it counts running time only, never time a message waited in the queue.
 */
function slice<T>(vm: Vm, vmId: number, budgetMs: number, run: () => T): T {
  vm.deadline = Date.now() + budgetMs;
  Atomics.store(watch, 1, BigInt(vmId));
  Atomics.store(watch, 0, BigInt(vm.deadline));
  try {
    return run();
  } finally {
    vm.deadline = Infinity;
    Atomics.store(watch, 0, 0n);
  }
}

function dropVm(vmId: number): void {
  const vm = vms.get(vmId);
  if (!vm) return;
  vms.delete(vmId);
  for (const w of vm.waiters) w.done({ kind: "crashed", message: "The sandbox was closed" });
  try {
    for (const entry of vm.entries.values()) entry.dispose();
    vm.qjs.dispose();
  } catch {
    // A trapped instance may fail to dispose; it is unreachable either way.
  }
}

/** Drains the VM's job queue within the tightest remaining budget, then settles whichever waiters can settle. */
function pump(vmId: number): void {
  const vm = vms.get(vmId);
  if (!vm || vm.waiters.size === 0) return;
  const budget = Math.max(1, Math.min(...[...vm.waiters].map((w) => w.remainingMs)));
  const started = Date.now();
  let failure: SandboxErrorInfo | undefined;
  try {
    slice(vm, vmId, budget, () => vm.qjs.executePendingJobs());
  } catch (error) {
    failure = classify(error);
  }
  const spent = Date.now() - started;
  // Calls nest (a test awaits a tool call in the same VM); the newest one is the code that was running.
  const newest = [...vm.waiters].at(-1);
  for (const w of [...vm.waiters]) {
    w.remainingMs -= spent;
    if (failure && w === newest) {
      settle(vm, w, failure);
      continue;
    }
    if (w.promise.promiseState !== 0 /* pending */) {
      vm.waiters.delete(w);
      void readSettled(vm, w);
    } else if (!w.awaitsHost || vm.hostCalls.size === 0) {
      settle(vm, w, { kind: "unsettled", message: "The code awaited something that never finishes (there are no timers or network in the playground)" });
    }
  }
  if (failure?.kind === "crashed") dropVm(vmId);
}

function settle(vm: Vm, w: Waiter, error: SandboxErrorInfo | undefined, json?: string): void {
  vm.waiters.delete(w);
  w.promise.dispose();
  w.done(error, json);
}

async function readSettled(vm: Vm, w: Waiter): Promise<void> {
  try {
    const outcome = await vm.qjs.resolvePromise(w.promise);
    if ("value" in outcome) {
      const json = outcome.value.toString();
      outcome.value.dispose();
      settle(vm, w, undefined, json);
    } else {
      const dumped = vm.qjs.dump(outcome.error) as { message?: string } | string;
      outcome.error.dispose();
      settle(vm, w, { kind: "error", message: String(typeof dumped === "object" ? dumped?.message : dumped) });
    }
  } catch (error) {
    settle(vm, w, classify(error));
  }
}

/** The one host function in a test-run VM: hands a JSON string to the pool and returns a promise of its JSON reply. */
function hostCall(vmId: number, qjs: QuickJS) {
  return (arg: JSValueHandle) => {
    const vm = vms.get(vmId)!;
    const callId = nextCallId++;
    const deferred = qjs.newPromise();
    vm.hostCalls.set(callId, { resolve: (v) => deferred.resolve(v), reject: (v) => deferred.reject(v) });
    send({ type: "host", vmId, callId, json: arg.toString() });
    return deferred.handle;
  };
}

function installHostBridge(vmId: number, qjs: QuickJS): void {
  const fn = qjs.newFunction("__host", hostCall(vmId, qjs));
  const global = qjs.getGlobal();
  qjs.setProp(global, "__host", fn);
  fn.dispose();
  global.dispose();
}

function baseSnapshot(limits: VmLimits, runtime: VmRuntime) {
  let taken = snapshots.get(runtime);
  if (!taken) {
    taken = (async () => {
      const qjs = await QuickJS.create(options(limits, () => undefined));
      qjs.evalCode(runtime === "frontmcp" ? runtimeCode : officialRuntimes[runtime], "runtime.js").dispose();
      qjs.executePendingJobs();
      // The export names of each builtin module, so the module loader can serve them as real ES modules.
      const builtins =
        runtime === "frontmcp"
          ? {}
          : (JSON.parse(
              qjs
                .evalCode("JSON.stringify(Object.fromEntries(Object.entries(__officialModules).map(([k, v]) => [k, Object.keys(v)])))", "host.js")
                .consume((h) => h.toString()),
            ) as Record<string, string[]>);
      const snapshot = qjs.snapshot();
      qjs.dispose();
      return { snapshot, builtins };
    })();
    snapshots.set(runtime, taken);
    taken.catch(() => snapshots.delete(runtime));
  }
  return taken;
}

/**
 * Takes a handle on every `__playground` entry point of a freshly restored VM, before any project code has run,
 * so later calls reach the runtime's own functions whatever that code does to the globals.
 */
function captureEntries(qjs: QuickJS): Map<string, JSValueHandle> {
  // Read as JSON text: after `qjs.dump()` of an array, quickjs-wasi 3.7.0 fails a later dynamic import() with
  // "not a TypedArray" (official-SDK VMs import the project's modules).
  const names = JSON.parse(qjs.evalCode("JSON.stringify(Object.keys(__playground))", "host.js").consume((h) => h.toString())) as string[];
  const playground = qjs.evalCode("__playground", "host.js");
  try {
    const entries = new Map<string, JSValueHandle>();
    for (const name of names) entries.set(name, playground.getProp(name));
    return entries;
  } finally {
    playground.dispose();
  }
}

/** VMs being opened or restored: a message for one waits until it exists (restoring is asynchronous). */
const opening = new Map<number, Promise<void>>();

async function opened(vmId: number, work: Promise<void>): Promise<undefined> {
  opening.set(
    vmId,
    work.catch(() => undefined),
  );
  try {
    await work;
  } finally {
    opening.delete(vmId);
  }
  return undefined;
}

async function openVm(vmId: number, limits: VmOptions): Promise<void> {
  const base = await baseSnapshot(limits, limits.runtime ?? "frontmcp");
  const qjs = await QuickJS.restore(
    base.snapshot,
    options(limits, () => vms.get(vmId)),
  );
  const entries = captureEntries(qjs);
  const tokens = limits.keepState ? [...entries].map(([name, handle]): [string, number] => [name, qjs.exportHandle(handle)]) : undefined;
  vms.set(vmId, { qjs, deadline: Infinity, waiters: new Set(), hostCalls: new Map(), entries, modules: new Map(), builtins: base.builtins, tokens });
  if (limits.hostBridge) installHostBridge(vmId, qjs);
}

/** The VM from its last image: module state as it was after its last good call, entry points as captured at open. */
async function restoreVm(vmId: number, limits: VmOptions, image: VmImage): Promise<void> {
  const qjs = await QuickJS.restore(
    image.snapshot,
    options(limits, () => vms.get(vmId)),
  );
  const entries = new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
  vms.set(vmId, { qjs, deadline: Infinity, waiters: new Set(), hostCalls: new Map(), entries, modules: new Map(), builtins: {}, tokens: image.entries });
}

/**
 * VMs opened but not built yet (FrontMCP runtime): the first message for one builds it, from the image of the same
 * load when that message is a load this worker has imaged, otherwise from the runtime's snapshot as usual.
 */
const unbuilt = new Map<number, VmOptions>();

async function build(vmId: number, limits: VmOptions, m: Exclude<ToWorker, { op: "hostReply" | "stats" | "open" | "restore" }>): Promise<void> {
  const key = m.op === "load" ? loadKey(limits.hostBridge ? "frontmcp+host" : "frontmcp", m.scripts, m.loadJson) : undefined;
  const image = key === undefined ? undefined : loadImages.take(key);
  if (!image) {
    await openVm(vmId, limits);
    if (key !== undefined && loadImages.worthImaging(key)) vms.get(vmId)!.imageAs = key;
    return;
  }
  const qjs = await QuickJS.restore(
    image.snapshot,
    options(limits, () => vms.get(vmId)),
  );
  const entries = new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
  const tokens = limits.keepState ? image.entries : undefined;
  vms.set(vmId, {
    qjs,
    deadline: Infinity,
    waiters: new Set(),
    hostCalls: new Map(),
    entries,
    modules: new Map(),
    builtins: {},
    tokens,
    preloaded: image.json,
  });
  // The runtime took the bridge function during the load; its host side is bound again by name.
  if (limits.hostBridge) qjs.registerHostCallback("__host", hostCall(vmId, qjs));
}

/** Keeps the image of a VM that has just loaded, when its load is one that repeats. */
function imageLoaded(vm: Vm, json: string): void {
  const key = vm.imageAs;
  vm.imageAs = undefined;
  if (key === undefined) return;
  // Tokens of the entry handles taken at open, before any project code ran: the image carries them.
  const entries = [...vm.entries].map(([name, handle]): [string, number] => [name, vm.qjs.exportHandle(handle)]);
  const snapshot = vm.qjs.snapshot();
  loadImages.put(key, { snapshot, entries, json, bytes: snapshot.memory.byteLength });
}

/** Sends a `keepState` VM's image to the pool (its memory is moved, not copied, across the thread boundary). */
function sendImage(vmId: number): void {
  const vm = vms.get(vmId);
  if (!vm?.tokens || vm.waiters.size > 0) return;
  const snapshot = vm.qjs.snapshot() as VmImage["snapshot"];
  port.postMessage({ type: "image", vmId, image: { snapshot, entries: vm.tokens } } satisfies FromWorker, [snapshot.memory.buffer as ArrayBuffer]);
}

function call(vm: Vm, fn: string, json: string): JSValueHandle {
  const qjs = vm.qjs;
  const target = vm.entries.get(fn);
  if (!target) throw new Error(`The sandbox has no entry point named ${fn}`);
  const arg = qjs.newString(json);
  try {
    return qjs.callFunction(target, qjs.undefined, arg);
  } finally {
    arg.dispose();
  }
}

async function handle(m: Exclude<ToWorker, { op: "hostReply" }>): Promise<string | undefined> {
  if (m.op === "stats") {
    let allocated = 0;
    for (const vm of vms.values()) allocated += vm.qjs.getAllocatedSize();
    return JSON.stringify({ vms: vms.size, allocatedBytes: allocated, loadImages: loadImages.stats() });
  }
  if (m.op === "open" && (m.limits.runtime ?? "frontmcp") === "frontmcp") {
    unbuilt.set(m.vmId, m.limits);
    return undefined;
  }
  if (m.op === "open" || m.op === "restore") return opened(m.vmId, m.op === "open" ? openVm(m.vmId, m.limits) : restoreVm(m.vmId, m.limits, m.image));
  const limits = unbuilt.get(m.vmId);
  if (limits) {
    unbuilt.delete(m.vmId);
    if (m.op === "close") return undefined;
    await opened(m.vmId, build(m.vmId, limits, m));
  }
  await opening.get(m.vmId);
  const vm = vms.get(m.vmId);
  if (!vm) throw Object.assign(new Error("This sandbox no longer exists"), { kind: "crashed" });
  if (m.op === "close") {
    dropVm(m.vmId);
    return undefined;
  }
  if (m.op === "load") {
    if (vm.preloaded !== undefined) {
      const json = vm.preloaded;
      vm.preloaded = undefined;
      return json;
    }
    const started = Date.now();
    const remaining = () => Math.max(1, m.timeoutMs - (Date.now() - started));
    for (const script of m.scripts) {
      if (script.module) vm.modules.set(script.file, script.code);
      else slice(vm, m.vmId, remaining(), () => vm.qjs.evalCode(script.code, script.file).dispose());
    }
    const result = slice(vm, m.vmId, remaining(), () => call(vm, "load", m.loadJson));
    try {
      const json = result.toString();
      imageLoaded(vm, json);
      return json;
    } finally {
      result.dispose();
    }
  }
  // invoke: the function returns a promise; pump() settles it, now or after host replies.
  const promise = slice(vm, m.vmId, m.timeoutMs, () => call(vm, m.fn, m.json));
  return new Promise((resolve, reject) => {
    vm.waiters.add({
      promise,
      remainingMs: m.timeoutMs,
      awaitsHost: m.awaitsHost,
      done: (error, json) => (error ? reject(Object.assign(new Error(error.message), error)) : resolve(json)),
    });
    pump(m.vmId);
  });
}

port.on("message", (m: ToWorker) => {
  if (m.op === "hostReply") {
    for (const [vmId, vm] of vms) {
      const pending = vm.hostCalls.get(m.callId);
      if (!pending) continue;
      vm.hostCalls.delete(m.callId);
      const value = vm.qjs.newString(m.json);
      (m.ok ? pending.resolve : pending.reject)(value);
      value.dispose();
      pump(vmId);
      return;
    }
    return;
  }
  handle(m).then(
    (json) => {
      if (m.op === "load" || m.op === "invoke") sendImage(m.vmId);
      send({ type: "reply", id: m.id, ok: true, json });
    },
    (error) => {
      const info = (error as SandboxErrorInfo).kind ? { kind: (error as SandboxErrorInfo).kind, message: (error as Error).message } : classify(error);
      if (info.kind === "crashed" && "vmId" in m) dropVm(m.vmId);
      send({ type: "reply", id: m.id, ok: false, error: info });
    },
  );
});

send({ type: "ready" });
