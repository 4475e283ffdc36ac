// What every VM of a worker starts from: its runtime's snapshot (one per runtime, taken once), the options each VM is
// restored with, and the entry handles taken before any project code runs.
import { CompileFlags, QuickJS, type JSValueHandle, type Snapshot } from "quickjs-wasi";
import { QUESTION_DIGEST, questionDigest } from "./guest-calls";
import { officialModuleSource, resolveModule } from "./official-modules";
import type { PageDelta } from "./page-delta";
import type { VmLimits, VmRuntime } from "./protocol";
import { sharedSnapshot } from "./quickjs-internals";
import { locateRandomState, reseed } from "./randomness";
import type { Vm } from "./vm";
import { officialRuntimes, plain, runtimeCode, vms, wasm } from "./worker-context";
import { linearBytes, overTotal } from "./worker-ledger";

export type WorkerSnapshot = Snapshot;
/** An official-SDK VM just started, as the pages that differ from its runtime's snapshot (see started-images.ts). */
export type StartedImage = { stackPointer: number; pages: PageDelta };
export type BaseSnapshot = { snapshot: WorkerSnapshot; builtins: Record<string, string[]> };

const snapshots = new Map<VmRuntime, Promise<BaseSnapshot>>();

export function options(limits: VmLimits, vm: () => Vm | undefined) {
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
      return current.stoppedBy !== "none";
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

/** The runtime's snapshot on this worker (taken the first time a VM of that runtime opens), and its builtin modules' export names. */
export function baseSnapshot(limits: VmLimits, runtime: VmRuntime): Promise<BaseSnapshot> {
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
      // The dense sandbox keeps it in shared memory: VMs' images are then pages that differ from it (page-delta.ts).
      const snapshot = plain ? qjs.snapshot() : sharedSnapshot(qjs);
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
 * Parsed in place, the parser's peak would stay in linear memory (which never shrinks) and QuickJS would keep each
 * function's source for `toString`; every VM restored from the snapshot copies, compares and faults in all of that
 * memory. The runtime's own functions then print as `[native code]`, as built-ins do; learner code keeps its source.
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
export function captureEntries(qjs: QuickJS): Map<string, JSValueHandle> {
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

/** Snapshot tokens of a VM's entry handles: valid in every image of that VM (and of VMs restored from it). */
export const entryTokens = (qjs: QuickJS, entries: Map<string, JSValueHandle>): Array<[string, number]> =>
  [...entries].map(([name, handle]) => [name, qjs.exportHandle(handle)]);

/** A VM just restored from `base` (the runtime's snapshot, a load's image or its own image): no call running yet. */
export function addVm(vmId: number, qjs: QuickJS, fields: Pick<Vm, "entries" | "modules" | "builtins" | "tokens" | "stage">): Vm {
  // Its own Math.random sequence: the one in `base` would repeat in every VM restored from it (see randomness.ts).
  const seed = reseed(qjs);
  const vm: Vm = {
    qjs,
    deadline: Infinity,
    waiters: new Set(),
    hostCalls: new Map(),
    reportedBytes: 0,
    restoredBytes: 0,
    answeredCall: false,
    ranMs: 0,
    seed,
    stoppedBy: "none",
    ...fields,
  };
  vm.restoredBytes = vm.reportedBytes = linearBytes(vm);
  // Host functions are found by name: the ones in the snapshot are bound again for this VM.
  qjs.registerHostCallback(QUESTION_DIGEST, questionDigest(qjs));
  vms.set(vmId, vm);
  return vm;
}
