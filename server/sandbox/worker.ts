// A worker thread hosting many QuickJS VMs, one per session or test run, each its own WASM instance and memory cap.
/// <reference path="./webassembly.d.ts" />
import { parentPort, workerData } from "node:worker_threads";
import { CompileFlags, JSException, QuickJS, type JSValueHandle } from "quickjs-wasi";
import { copyBytes } from "./byte-copy";
import { MAX_FORM_CHARS, MAX_FORMS_REPORTED } from "../../contract/official-forms";
import { setAsNewest } from "../../runtime/bounded-table";
import type { StartReport } from "../../runtime/official-sdk/runtime";
import { LoadCache, loadKey, type LoadedImage } from "./load-cache";
import { officialModuleSource, resolveModule } from "./official-modules";
import { delta, type PageDelta } from "./page-delta";
import {
  ledgerAt,
  LEDGER_LIMIT,
  LEDGER_USED,
  type FromWorker,
  type SandboxErrorInfo,
  type ToWorker,
  type VmImage,
  type VmLimits,
  type VmOptions,
  type VmRuntime,
  type VmScript,
} from "./protocol";
import { drewRandom, locateRandomState, reseed } from "./randomness";
import { questionDigest as digestOf } from "./question-digest";
import { memoryReleased } from "./reclaim";
import { SpareInstances } from "./spare-instances";

const { wasm, runtimeCode, officialRuntimes, watch, ledger, slot, loadCacheBytes } = workerData as {
  wasm: WebAssembly.Module;
  runtimeCode: string;
  officialRuntimes: Record<Exclude<VmRuntime, "frontmcp">, string>;
  watch: BigInt64Array;
  /** Shared by the pool and every worker (see MemoryLedger); this worker writes its own `slot`. */
  ledger: BigInt64Array;
  slot: number;
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
  /** The Math.random state this VM was given at restore: still there means it has drawn nothing since. */
  seed: bigint;
  /** Handles of the `__playground` entry points, taken when the VM opens (see captureEntries). */
  entries: Map<string, JSValueHandle>;
  /** Official-SDK VMs: the project's ES modules by file name, and the names each builtin module exports. */
  modules: Map<string, string>;
  builtins: Record<string, string[]>;
  /** Set for `keepState` VMs: the snapshot tokens of `entries`, valid in every image of this VM. */
  tokens?: Array<[string, number]>;
  /** A `keepState` VM's image, in a buffer shared with the pool. */
  image?: { buffer: SharedArrayBuffer };
  /** The snapshot this VM was opened from, in shared memory: its images keep only the pages that differ from it. */
  base?: Uint8Array;
  /** The VM's linear memory as last told to the pool; growth beyond it is this worker's growth in flight. */
  reportedBytes: number;
  /**
   * Why the interrupt handler last stopped this VM's code: its deadline, or all sandboxes together at SANDBOX_TOTAL_MB.
   * Set by the handler itself, read (and cleared) by classify: the host's own record, not the engine's message.
   */
  stoppedBy?: "deadline" | "full";
  /** Restored from a load image: what that load returned, answered for this VM's load without running it again. */
  preloaded?: string;
  /** Restored from a started image (official SDK): what the server's start reported, answered for its start. */
  prestarted?: string;
  /** This VM's load has run before on this worker: image it under this key once it has loaded (official SDK: started). */
  imageAs?: string;
  /** An official-SDK VM's load result, kept until its start is imaged with it. */
  loaded?: string;
  /** An official-SDK VM: the load key of its build (what the forms its server compiles are noted under). */
  build?: string;
  /** An official-SDK VM restored from a started image, until its start: that image (it may be taken again, warmer). */
  startedFrom?: LoadedImage<Snapshot | StartedImage>;
  /** A `keepState` VM restored from a load image, until its load is answered: that image is already its image. */
  pristine?: VmImage;
};

const vms = new Map<number, Vm>();
let nextCallId = 1;
type Snapshot = ReturnType<QuickJS["snapshot"]>;

/**
 * The VM's snapshot with its memory in a SharedArrayBuffer: VMs opened from it keep it as the base of their images, and
 * the pool holds it with each image, so a replacement worker can rebuild the VM even after this one is gone. The
 * memory is copied once, straight into the shared buffer: quickjs-wasi's own `snapshot()` first copies it into a plain
 * buffer (3.5 MB or more to fault in and collect, which V8 counts as external memory and collects early for, where a
 * shared buffer counts nothing). Like `snapshot()` it reads the stack, runtime and context pointers; the worker loads
 * no extensions, so there are none to record.
 */
function sharedSnapshot(qjs: QuickJS): Snapshot {
  const exports = (qjs as unknown as { exports: ImageExports }).exports;
  const memory = new Uint8Array(new SharedArrayBuffer(exports.memory.buffer.byteLength));
  copyBytes(memory, new Uint8Array(exports.memory.buffer));
  return {
    memory,
    stackPointer: exports.__stack_pointer.value,
    runtimePtr: exports.qjs_get_runtime_ptr(),
    contextPtr: exports.qjs_get_context_ptr(),
    extensions: [],
  };
}
/** One snapshot per runtime, taken the first time a VM of that runtime opens on this worker. */
const snapshots = new Map<VmRuntime, Promise<{ snapshot: Snapshot; builtins: Record<string, string[]> }>>();
/**
 * What a load image holds: a whole snapshot (a FrontMCP VM after its load), or, for an official-SDK VM after its
 * server started, only the pages that differ from its runtime's snapshot (a start changes about a tenth of it).
 */
type StartedImage = { stackPointer: number; pages: PageDelta };
const loadImages = new LoadCache<Snapshot | StartedImage>(loadCacheBytes);
/**
 * Instances of closed VMs, for the next VMs to be restored into (see spare-instances.ts). Like the load images they
 * are outside the ledger: never more than the VMs this worker had open at once a moment before (about 3.5 MB each for
 * FrontMCP VMs), kept only while they fit under SANDBOX_TOTAL_MB, and let go of after SPARE_IDLE_MS without a VM opening.
 */
const SPARE_IDLE_MS = 2000;
const instances = new SpareInstances(wasm, SPARE_IDLE_MS, memoryReleased);

function options(limits: VmLimits, vm: () => Vm | undefined) {
  return {
    wasm,
    memoryLimit: limits.memoryMB * 2 ** 20,
    maxStackSize: limits.stackBytes,
    timezoneOffset: 0,
    interruptHandler: () => {
      const current = vm();
      if (current === undefined || current.deadline === Infinity) return false;
      if (Date.now() > current.deadline) current.stoppedBy = "deadline";
      else if (overTotal(current)) current.stoppedBy = "full";
      return current.stoppedBy !== undefined;
    },
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

/**
 * Whether all sandboxes together would pass SANDBOX_TOTAL_MB with what this VM has grown while running: the pool's
 * count of every VM and image, plus each worker's growth in flight. Checked at each interrupt poll, so a burst of
 * queued calls stops at the total instead of each growing before the pool hears of it.
 */
function overTotal(vm: Vm): boolean {
  Atomics.store(ledger, ledgerAt(slot, "running"), BigInt(Math.max(0, linearBytes(vm) - vm.reportedBytes)));
  return !fitsInTotal(0);
}

/** Whether `moreBytes` still fit under SANDBOX_TOTAL_MB with everything the ledger counts. */
function fitsInTotal(moreBytes: number): boolean {
  const limit = Atomics.load(ledger, LEDGER_LIMIT);
  if (limit === 0n) return true;
  let sum = Atomics.load(ledger, LEDGER_USED) + BigInt(moreBytes);
  for (let w = 0; ledgerAt(w, "running") < ledger.length; w++)
    sum += Atomics.load(ledger, ledgerAt(w, "sent")) - Atomics.load(ledger, ledgerAt(w, "counted")) + Atomics.load(ledger, ledgerAt(w, "running"));
  return sum <= limit;
}

/** The VM's size goes with the reply, for the pool to count; until it does, its growth is "sent" in the ledger. */
function reported(vm: Vm | undefined): { memoryBytes?: number; grewBytes?: number } {
  Atomics.store(ledger, ledgerAt(slot, "running"), 0n);
  if (!vm) return {};
  const memoryBytes = linearBytes(vm);
  const grewBytes = Math.max(0, memoryBytes - vm.reportedBytes);
  Atomics.add(ledger, ledgerAt(slot, "sent"), BigInt(grewBytes));
  vm.reportedBytes = memoryBytes;
  return { memoryBytes, grewBytes };
}

function fullError(): SandboxErrorInfo {
  const mb = Number(Atomics.load(ledger, LEDGER_LIMIT)) / 2 ** 20;
  return {
    kind: "full",
    message: `The playground's sandboxes are at their memory limit (SANDBOX_TOTAL_MB=${mb}), so this code was stopped; keep less in memory (a smaller result, fewer items), or try again when others have finished`,
  };
}

/**
 * What stopped the code, from what the host itself knows, never from the error's text (learner code may throw an
 * Error that reads "interrupted" or "out of memory"). The interrupt handler records when it stopped the code (its
 * deadline, or all sandboxes at SANDBOX_TOTAL_MB). The VM's own memory limit is enforced inside quickjs-wasi's
 * allocator, which has no host callback; its refusal is the only other error the engine makes uncatchable (guest
 * code has no InternalError to build one, see baseSnapshot), so an uncatchable error the handler did not cause is
 * that limit. A stack overflow is an ordinary, catchable RangeError: the learner's own error like any other.
 */
function classify(error: unknown, vm?: Vm): SandboxErrorInfo {
  const message = String((error as Error)?.message ?? error);
  if (error instanceof WebAssembly.RuntimeError) return { kind: "crashed", message: `The sandbox crashed (${message}); it will be reset` };
  // This thread's own stack ran out inside the engine (native recursion that QuickJS's stack check did not see in
  // time: JSON.stringify of a deeply nested value, or parsing a deeply nested expression): the engine stopped half-way
  // through its C code, as at a trap, with its stack pointer and what it had allocated left behind, and no catch of
  // the guest ran.
  if (error instanceof RangeError)
    return {
      kind: "crashed",
      message: `The code nested too deeply for the sandbox (${message}), as JSON.stringify of a value nested thousands of levels deep does; the sandbox had to stop and will be reset`,
    };
  const stoppedBy = vm?.stoppedBy;
  if (vm) vm.stoppedBy = undefined;
  if (stoppedBy === "full") return fullError();
  if (stoppedBy === "deadline") return { kind: "timeout", message };
  if (vm && uncatchable(vm, error)) return { kind: "memory", message };
  return { kind: "error", message };
}

/** Whether `error` is an exception of this VM that the engine made uncatchable by guest code (its interrupt or its memory limit). */
function uncatchable(vm: Vm, error: unknown): boolean {
  if (!(error instanceof JSException) || error.handle.vm !== vm.qjs) return false;
  const exports = (vm.qjs as unknown as { exports: { qjs_is_uncatchable_error(ptr: number): number } }).exports;
  return exports.qjs_is_uncatchable_error(error.handle.ptr) !== 0;
}

/**
 * Runs guest code with a deadline; the interrupt handler reads `vm.deadline`. The pool's watchdog reads the same
 * deadline from the shared watch word, so it counts running time only, never time a message waited in the queue.
 */
function slice<T>(vm: Vm, vmId: number, budgetMs: number, run: () => T): T {
  vm.deadline = Date.now() + budgetMs;
  vm.stoppedBy = undefined;
  Atomics.store(watch, 1, BigInt(vmId));
  Atomics.store(watch, 0, BigInt(vm.deadline));
  try {
    return run();
  } finally {
    vm.deadline = Infinity;
    Atomics.store(watch, 0, 0n);
  }
}

/** The VM's WebAssembly linear memory, in bytes (quickjs-wasi keeps its instance's exports on a private field). */
function linearBytes(vm: Vm): number {
  return (vm.qjs as unknown as { exports: { memory: { buffer: ArrayBuffer } } }).exports.memory.buffer.byteLength;
}

/** Ends a VM; `closed`: it was closed normally (not after a trap), so its instance may take the next VM. */
function dropVm(vmId: number, closed = false): void {
  const vm = vms.get(vmId);
  if (!vm) return;
  vms.delete(vmId);
  clearTimeout(quietTimers.get(vmId)?.timer);
  quietTimers.delete(vmId);
  for (const w of vm.waiters) w.done({ kind: "crashed", message: "The sandbox was closed" });
  let reusable = closed && vm.waiters.size === 0;
  try {
    for (const entry of vm.entries.values()) entry.dispose();
  } catch {
    // A trapped instance may fail to free its handles; it is not reused.
    reusable = false;
  }
  memoryReleased(instances.close(vm.qjs, reusable, fitsInTotal));
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
    failure = classify(error, vm);
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
    settle(vm, w, classify(error, vm));
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

/**
 * The fingerprint of an elicitation question (runtime/sdk/tool.ts questionDigest), in native code: the interpreter
 * took about 0.07 ms for its loop over a question's characters, and a learner's tests and checks hash about 28
 * questions. A function of the text alone, so every VM (and every instance) computes the same one (question-digest.ts).
 */
const QUESTION_DIGEST = "__questionDigest";
function questionDigest(qjs: QuickJS) {
  return (text: JSValueHandle) => {
    if (!text?.isString) throw new TypeError(`${QUESTION_DIGEST} takes a string`);
    return qjs.newString(digestOf(text.toString()));
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
      // Found in a VM no code has run in yet; every VM restored on this worker is then given a state of its own.
      locateRandomState(qjs);
      // QuickJS's InternalError (not in Node or browsers) builds errors that no catch can stop: gone before any code
      // runs, an uncatchable error is the engine's own, which classify relies on, and runtime code's catch always runs.
      qjs.evalCode("delete globalThis.InternalError", "host.js").dispose();
      // The FrontMCP runtime takes the digest function while it starts, and removes the global.
      if (runtime === "frontmcp") {
        const digest = qjs.newFunction(QUESTION_DIGEST, questionDigest(qjs));
        qjs.setProp(qjs.global, QUESTION_DIGEST, digest);
        digest.dispose();
      }
      await evalRuntime(qjs, limits, runtime === "frontmcp" ? runtimeCode : officialRuntimes[runtime]);
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
      const snapshot = sharedSnapshot(qjs);
      qjs.dispose();
      return { snapshot, builtins };
    })();
    snapshots.set(runtime, taken);
    taken.catch(() => snapshots.delete(runtime));
  }
  return taken;
}

/**
 * Evaluates a runtime in the VM that is snapshotted from bytecode compiled in a throwaway VM, without its source text.
 * Parsed in place, the FrontMCP runtime left 5.8 MB of linear memory for 2.5 MB of heap: the parser's peak stays in
 * memory that never shrinks, and QuickJS keeps each function's source for `toString`. From bytecode without source
 * it leaves 3.6 MB, and every VM restored from the snapshot copies, compares and faults in that much less. The
 * runtime's own functions then print as `[native code]`, as built-ins do; learner code is evaluated from source.
 */
async function evalRuntime(qjs: QuickJS, limits: VmLimits, code: string): Promise<void> {
  const compiler = await QuickJS.create(options(limits, () => undefined));
  let bytecode: Uint8Array;
  try {
    bytecode = compiler.compile(code, "runtime.js", 0, CompileFlags.STRIP_SOURCE);
  } finally {
    compiler.dispose();
  }
  qjs.evalBytecode(bytecode).dispose();
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

/** Snapshot tokens of a VM's entry handles: valid in every image of that VM (and of VMs restored from it). */
const entryTokens = (qjs: QuickJS, entries: Map<string, JSValueHandle>): Array<[string, number]> =>
  [...entries].map(([name, handle]) => [name, qjs.exportHandle(handle)]);

/** A VM just restored from `base` (the runtime's snapshot, a load's image or its own image): no call running yet. */
function addVm(vmId: number, qjs: QuickJS, fields: Pick<Vm, "entries" | "modules" | "builtins" | "tokens" | "base">): Vm {
  // Its own Math.random sequence: the one in `base` would repeat in every VM restored from it (see randomness.ts).
  const seed = reseed(qjs);
  const vm: Vm = { qjs, deadline: Infinity, waiters: new Set(), hostCalls: new Map(), reportedBytes: 0, seed, ...fields };
  vm.reportedBytes = linearBytes(vm);
  // Host functions are found by name: the ones in the snapshot are bound again for this VM.
  qjs.registerHostCallback(QUESTION_DIGEST, questionDigest(qjs));
  vms.set(vmId, vm);
  return vm;
}

async function openVm(vmId: number, limits: VmOptions): Promise<void> {
  const base = await baseSnapshot(limits, limits.runtime ?? "frontmcp");
  const qjs = await instances.restore(
    base.snapshot,
    options(limits, () => vms.get(vmId)),
  );
  const entries = captureEntries(qjs);
  const tokens = limits.keepState ? entryTokens(qjs, entries) : undefined;
  addVm(vmId, qjs, { entries, modules: new Map(), builtins: base.builtins, tokens, base: base.snapshot.memory });
  if (limits.hostBridge) installHostBridge(vmId, qjs);
}

/**
 * The VM from its last image: module state as it was after its last good call, entry points as captured at open.
 * An official-SDK VM gets its project's modules and its runtime's builtin names back, for imports still to come.
 */
async function restoreVm(vmId: number, limits: VmOptions, image: VmImage, modules: VmScript[]): Promise<void> {
  const runtime = limits.runtime ?? "frontmcp";
  // Awaited for a FrontMCP VM too: it is where this worker finds Math.random's state (once), before seeding any VM.
  const base = await baseSnapshot(limits, runtime);
  const builtins = runtime === "frontmcp" ? {} : base.builtins;
  // An image of pages: its base goes into the instance with the pages laid over it, so no buffer of the whole memory
  // is built (and faulted in, and collected) only to be copied again.
  const changes = image.delta;
  const qjs = await instances.restore(
    changes ? { ...image.snapshot, memory: changes.base } : image.snapshot,
    options(limits, () => vms.get(vmId)),
    changes && { byteLength: changes.byteLength, pages: changes.pages, packed: image.snapshot.memory },
  );
  const entries = new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
  addVm(vmId, qjs, { entries, modules: new Map(modules.map((m) => [m.file, m.code])), builtins, tokens: image.entries, base: image.delta?.base });
}

/**
 * VMs opened but not built yet: the first message for one builds it, from the image of the same load when that
 * message is a load this worker has imaged (an official-SDK VM's image is of its server started), otherwise from the
 * runtime's snapshot as usual.
 */
const unbuilt = new Map<number, VmOptions>();

async function build(vmId: number, limits: VmOptions, m: Exclude<ToWorker, { op: "hostReply" | "forgetImage" | "stats" | "open" | "restore" }>): Promise<void> {
  const runtime = limits.runtime ?? "frontmcp";
  // An official-SDK image is patched over a VM restored with this worker's limits: they must be the image's too.
  const kind = runtime === "frontmcp" ? (limits.hostBridge ? "frontmcp+host" : "frontmcp") : `${runtime}:${limits.memoryMB}:${limits.stackBytes}`;
  const key = m.op === "load" ? loadKey(kind, m.scripts, m.loadJson) : undefined;
  const image = key === undefined ? undefined : loadImages.take(key);
  if (!image) {
    await openVm(vmId, limits);
    const vm = vms.get(vmId)!;
    if (key !== undefined && loadImages.worthImaging(key)) vm.imageAs = key;
    if (runtime !== "frontmcp") vm.build = key;
    return;
  }
  const entries = (qjs: QuickJS) => new Map(image.entries.map(([name, token]) => [name, qjs.importHandle(token)]));
  const tokens = limits.keepState ? image.entries : undefined;
  if ("pages" in image.snapshot) {
    // An official-SDK server, started: its runtime's snapshot with the pages its start changed laid over it.
    const base = await baseSnapshot(limits, runtime);
    const qjs = await instances.restore(
      { ...base.snapshot, stackPointer: image.snapshot.stackPointer },
      options(limits, () => vms.get(vmId)),
      image.snapshot.pages,
    );
    const modules = new Map(m.op === "load" ? m.scripts.filter((s) => s.module).map((s) => [s.file, s.code] as const) : []);
    const vm = addVm(vmId, qjs, { entries: entries(qjs), modules, builtins: base.builtins, tokens, base: base.snapshot.memory });
    vm.preloaded = image.json;
    vm.prestarted = image.started;
    vm.build = key;
    vm.startedFrom = image;
    return;
  }
  const qjs = await instances.restore(
    image.snapshot,
    options(limits, () => vms.get(vmId)),
  );
  const vm = addVm(vmId, qjs, { entries: entries(qjs), modules: new Map(), builtins: {}, tokens, base: image.snapshot.memory });
  vm.preloaded = image.json;
  if (tokens) vm.pristine = unchangedImage(image.snapshot, tokens);
  // The runtime took the bridge function during the load; its host side is bound again by name.
  if (limits.hostBridge) qjs.registerHostCallback("__host", hostCall(vmId, qjs));
}

/**
 * The image of a session VM as its load leaves it when that load came from a load image: the load image itself with
 * no page changed (restoring it seeds Math.random afresh and takes the entry handles again, as this VM's restore did).
 * The pool holds it at no cost, where comparing the VM's memory with that image page by page would find nothing.
 */
function unchangedImage(snapshot: Snapshot, entries: Array<[string, number]>): VmImage {
  const { stackPointer, runtimePtr, contextPtr } = snapshot;
  return {
    snapshot: { memory: new Uint8Array(0), stackPointer, runtimePtr, contextPtr, extensions: [] },
    entries,
    delta: { base: snapshot.memory, byteLength: snapshot.memory.byteLength, pages: new Uint32Array(0) },
  };
}

/** Keeps the image of a VM that has just loaded, when its load is one that repeats. */
function imageLoaded(vm: Vm, json: string): void {
  const key = vm.imageAs;
  // An official-SDK VM (the one kind with builtin modules) has only stored its files: it is imaged once started.
  if (key !== undefined && Object.keys(vm.builtins).length > 0) {
    vm.loaded = json;
    return;
  }
  vm.imageAs = undefined;
  // A load that drew from Math.random would give every VM from its image the values it drew.
  if (key === undefined || drewRandom(vm.qjs, vm.seed)) return;
  // Tokens of the entry handles taken at open, before any project code ran: the image carries them.
  const entries = entryTokens(vm.qjs, vm.entries);
  const snapshot = sharedSnapshot(vm.qjs);
  loadImages.put(key, { snapshot, entries, json, bytes: snapshot.memory.byteLength });
}

/**
 * Keeps the image of an official-SDK VM whose server has just started, when its load is one that repeats: later
 * instances of the same files start from it instead of evaluating them again. Each is still a process of its own:
 * a fresh copy of the module state the start left, as every start of those files leaves it. A start that read the
 * clock (`repeatable` false) or drew randomness is not kept: another moment would have started it differently.
 */
function imageStarted(vm: Vm, vmId: number, json: string): void {
  const key = vm.imageAs;
  const loaded = vm.loaded;
  vm.imageAs = undefined;
  vm.loaded = undefined;
  if (key === undefined || loaded === undefined || !vm.base) return;
  const report = JSON.parse(json) as StartReport;
  // Nor is one that drew from Math.random (the engine's state tells, whatever learner code did to the global): its
  // values would repeat in every instance started from the image.
  if (!report.ok || !report.repeatable || drewRandom(vm.qjs, vm.seed)) return;
  const forms = formsOfBuild.get(key) ?? [];
  if (forms.length > 0 && !warmedAhead(vm, vmId, forms)) return;
  putStarted(vm, key, { json: loaded, started: json, forms });
}

/** The image of an official-SDK VM whose server has just started (and maybe compiled forms ahead), kept under `key`. */
function putStarted(vm: Vm, key: string, what: { json: string; started: string; forms: string[] }, replace = false): void {
  const exports = (vm.qjs as unknown as { exports: ImageExports }).exports;
  // Tokens of the entry handles taken at open; the runtime and context pointers are the snapshot's, as in every VM from it.
  const entries = entryTokens(vm.qjs, vm.entries);
  const pages = delta(vm.base!, new Uint8Array(exports.memory.buffer));
  const snapshot: StartedImage = { stackPointer: exports.__stack_pointer.value, pages };
  loadImages.put(key, { snapshot, entries, ...what, bytes: pages.packed.byteLength }, replace);
}

/**
 * The forms (schema texts) that official-SDK servers of a build compiled, by load key: the next instance of that
 * build compiles them ahead right after its start, and is imaged so, and the instances after it find them compiled
 * (runtime/official-sdk/ajv-compile-cache.ts). A server's first answer otherwise compiles its form in every instance:
 * about a quarter of an official-SDK learner's sandbox CPU. Bounded: a server asking endless forms warms a few.
 */
const formsOfBuild = new Map<string, string[]>();
const MAX_BUILDS_WITH_FORMS = 500;
/** Compiling a lesson's form ahead takes a few ms in QuickJS; one that takes this long is not a form worth keeping. */
const WARM_BUDGET_MS = 1000;

/** Notes the forms an official-SDK step reports it compiled for the first time. */
function noteForms(vm: Vm | undefined, json: string): void {
  if (vm?.build === undefined || !json.includes('"forms":[')) return;
  const forms = (JSON.parse(json) as { forms?: unknown }).forms;
  if (!Array.isArray(forms)) return;
  const known = formsOfBuild.get(vm.build) ?? [];
  for (const form of forms)
    if (typeof form === "string" && form.length <= MAX_FORM_CHARS && known.length < MAX_FORMS_REPORTED && !known.includes(form)) known.push(form);
  setAsNewest(formsOfBuild, vm.build, known, MAX_BUILDS_WITH_FORMS);
}

/**
 * Has a server that has just started (nothing else ran in it) compile `forms` ahead; false when the result cannot go
 * in an image (it read the clock or drew randomness). A compile that fails or overruns crashes the VM: its state is
 * not known, and the build's forms are forgotten, so its next start is a plain one.
 */
function warmedAhead(vm: Vm, vmId: number, forms: string[]): boolean {
  try {
    const result = slice(vm, vmId, WARM_BUDGET_MS, () => call(vm, "warmForms", JSON.stringify({ forms })));
    const outcome = JSON.parse(result.consume((h) => h.toString())) as { repeatable: boolean };
    return outcome.repeatable && !drewRandom(vm.qjs, vm.seed);
  } catch {
    if (vm.build !== undefined) formsOfBuild.delete(vm.build);
    throw Object.assign(new Error("The server stopped while the sandbox compiled its forms ahead"), { kind: "crashed" });
  }
}

/** A VM restored from its build's started image, at its start: taken again when the build's servers compiled forms since. */
function imageAgainWarmer(vm: Vm, vmId: number): void {
  const from = vm.startedFrom;
  vm.startedFrom = undefined;
  const forms = vm.build === undefined ? undefined : formsOfBuild.get(vm.build);
  if (!from?.started || !forms || !vm.base || forms.every((form) => from.forms?.includes(form))) return;
  if (warmedAhead(vm, vmId, forms)) putStarted(vm, vm.build!, { json: from.json, started: from.started, forms }, true);
}

/** The parts of a quickjs-wasi instance an image is made of (what its `snapshot()` reads, without its copy). */
type ImageExports = {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  __stack_pointer: { value: number };
  qjs_get_runtime_ptr(): number;
  qjs_get_context_ptr(): number;
};

/**
 * A `keepState` VM's image once it is quiet after a good load or call: its linear memory copied into a buffer shared with the pool,
 * the same buffer every time while the memory keeps its size. A copy into memory already in place costs well under
 * a millisecond, where a fresh snapshot (a new buffer of the whole memory, moved to the pool, the old one collected)
 * cost 6 to 19 ms. The pool is told which step the image covers (`upTo`), so it knows when every VM's image is
 * current. The copy runs outside any slice, so the watchdog never ends the thread halfway through one.
 */
function sendImage(vmId: number, upTo: number): void {
  const vm = vms.get(vmId);
  if (!vm?.tokens || vm.waiters.size > 0) return;
  const exports = (vm.qjs as unknown as { exports: ImageExports }).exports;
  const memory = new Uint8Array(exports.memory.buffer);
  if (vm.image?.buffer.byteLength !== memory.byteLength) {
    // Images are the first thing given up under SANDBOX_TOTAL_MB: a new buffer that would not fit is not made.
    if (!fitsInTotal(memory.byteLength - (vm.image?.buffer.byteLength ?? 0))) return;
    // A buffer let go of is freed only when both threads have collected it.
    if (vm.image) memoryReleased(vm.image.buffer.byteLength);
    vm.image = { buffer: new SharedArrayBuffer(memory.byteLength) };
  }
  const into = new Uint8Array(vm.image.buffer);
  // Only the pages that differ from the VM's base are copied (about a quarter of an official-SDK VM); the buffer's
  // pages past them are never touched, so they take no memory.
  const pages = vm.base ? delta(vm.base, memory, into) : undefined;
  if (!pages) copyBytes(into, memory);
  const snapshot = {
    memory: pages ? pages.packed : into,
    stackPointer: exports.__stack_pointer.value,
    runtimePtr: exports.qjs_get_runtime_ptr(),
    contextPtr: exports.qjs_get_context_ptr(),
    extensions: [] as [],
  };
  const image: VmImage = { snapshot, entries: vm.tokens };
  if (pages && vm.base) image.delta = { base: vm.base, byteLength: memory.byteLength, pages: pages.pages };
  send({ type: "image", vmId, upTo, image });
}

/** After a good load or call: the VM's image is due, at once when it is still the load image it was restored from. */
function stepAnswered(vmId: number, id: number): void {
  const vm = vms.get(vmId);
  const pristine = vm?.pristine;
  if (!vm || !pristine) return imageWhenQuiet(vmId, id);
  vm.pristine = undefined;
  send({ type: "image", vmId, upTo: id, image: pristine });
}

/**
 * How long a `keepState` VM goes without a step before it is imaged. A call and its answers come as one burst (an
 * official-SDK flow is four steps: initialize, initialized, the call, the answer), so one image covers the burst;
 * a worker lost inside the window brings the VM back as it was before the burst.
 */
const QUIET_MS = 250;
const quietTimers = new Map<number, { timer: ReturnType<typeof setTimeout>; upTo: number }>();

/** Images the VM once it has been quiet for QUIET_MS after step `upTo` (a load or call that succeeded). */
function imageWhenQuiet(vmId: number, upTo: number): void {
  if (!vms.get(vmId)?.tokens) return;
  clearTimeout(quietTimers.get(vmId)?.timer);
  const timer = setTimeout(() => {
    quietTimers.delete(vmId);
    sendImage(vmId, upTo);
  }, QUIET_MS);
  timer.unref();
  quietTimers.set(vmId, { timer, upTo });
}

/**
 * Before another VM's code runs on this worker, every VM still waiting out its quiet time is imaged now: that code
 * may spin in a native operation and cost the thread, and a bystander must come back with the state its last
 * answered call left, not the state before its burst. A VM's own steps in a row still share one image.
 */
function imageOthersNow(vmId: number): void {
  for (const [other, { timer, upTo }] of quietTimers) {
    if (other === vmId) continue;
    clearTimeout(timer);
    quietTimers.delete(other);
    sendImage(other, upTo);
  }
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

async function handle(m: Exclude<ToWorker, { op: "hostReply" | "forgetImage" }>): Promise<string | undefined> {
  if (m.op === "stats") {
    let allocated = 0;
    for (const vm of vms.values()) allocated += vm.qjs.getAllocatedSize();
    return JSON.stringify({ vms: vms.size, allocatedBytes: allocated, loadImages: loadImages.stats(), instances: instances.counts });
  }
  if (m.op === "open") {
    unbuilt.set(m.vmId, m.limits);
    // The runtime's snapshot is taken at open all the same (the pool warms workers by opening a VM).
    const runtime = m.limits.runtime ?? "frontmcp";
    if (runtime !== "frontmcp") await baseSnapshot(m.limits, runtime);
    return undefined;
  }
  if (m.op === "restore") return opened(m.vmId, restoreVm(m.vmId, m.limits, m.image, m.modules));
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
    dropVm(m.vmId, true);
    return undefined;
  }
  if (m.op === "load" || m.op === "invoke") {
    imageOthersNow(m.vmId);
    // Only a load answered from the image the VM came from leaves it as that image.
    if (m.op !== "load" || vm.preloaded === undefined) vm.pristine = undefined;
  }
  // A call queued while other sandboxes filled the total does not start (it would only grow past it).
  if ((m.op === "load" || m.op === "invoke") && overTotal(vm)) {
    throw Object.assign(new Error(fullError().message), fullError());
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
  // An official-SDK server restored from its started image has started: its start reports what the imaged one did.
  if (m.fn === "start" && vm.prestarted !== undefined) {
    const json = vm.prestarted;
    vm.prestarted = undefined;
    imageAgainWarmer(vm, m.vmId);
    return json;
  }
  // invoke: the function returns a promise; pump() settles it, now or after host replies.
  const promise = slice(vm, m.vmId, m.timeoutMs, () => call(vm, m.fn, m.json));
  return new Promise((resolve, reject) => {
    vm.waiters.add({
      promise,
      remainingMs: m.timeoutMs,
      awaitsHost: m.awaitsHost,
      done: (error, json) => {
        if (error) return reject(Object.assign(new Error(error.message), error));
        try {
          if (m.fn === "start" && json !== undefined) imageStarted(vm, m.vmId, json);
        } catch (failure) {
          return reject(failure);
        }
        resolve(json);
      },
    });
    pump(m.vmId);
  });
}

port.on("message", (m: ToWorker) => {
  if (m.op === "forgetImage") {
    const vm = vms.get(m.vmId);
    if (vm?.image) memoryReleased(vm.image.buffer.byteLength);
    if (vm) vm.image = undefined;
    return;
  }
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
  // The VM's memory goes with every reply: a VM that grew (or hit its limit) is counted as it now is.
  const size = () => reported("vmId" in m ? vms.get(m.vmId) : undefined);
  handle(m).then(
    (json) => {
      if (m.op === "load" || m.op === "invoke") stepAnswered(m.vmId, m.id);
      if (m.op === "invoke" && json !== undefined) noteForms(vms.get(m.vmId), json);
      send({ type: "reply", id: m.id, ok: true, json, ...size() });
    },
    (error) => {
      const info =
        (error as SandboxErrorInfo).kind !== undefined
          ? { kind: (error as SandboxErrorInfo).kind, message: (error as Error).message }
          : classify(error, "vmId" in m ? vms.get(m.vmId) : undefined);
      if (info.kind === "crashed" && "vmId" in m) dropVm(m.vmId);
      send({ type: "reply", id: m.id, ok: false, error: info, ...size() });
    },
  );
});

send({ type: "ready" });
