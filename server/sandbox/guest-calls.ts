// Running guest code in a VM: each slice under a deadline the watchdog can see, promises pumped until they settle,
// the host bridge of a test run, and what stopped the code when it failed.
import { type JSValueHandle, type QuickJS } from "quickjs-wasi";
import { questionDigest as digestOf } from "./question-digest";
import type { SandboxErrorInfo } from "./protocol";
import { isUncatchable } from "./quickjs-internals";
import type { Vm, Waiter } from "./vm";
import { send, vms, watch } from "./worker-context";
import { fullError } from "./worker-ledger";

let nextCallId = 1;

/**
 * What stopped the code, from what the host itself knows, never from the error's text (learner code may throw an
 * Error that reads "interrupted" or "out of memory"). The interrupt handler records when it stopped the code (its
 * deadline, or all sandboxes at SANDBOX_TOTAL_MB). The VM's own memory limit is enforced inside quickjs-wasi's
 * allocator, which has no host callback; its refusal is the only other error the engine makes uncatchable (guest
 * code has no InternalError to build one, see baseSnapshot), so an uncatchable error the handler did not cause is
 * that limit. A stack overflow is an ordinary, catchable RangeError: the learner's own error like any other.
 */
export function classify(error: unknown, vm?: Vm): SandboxErrorInfo {
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
  if (vm) vm.stoppedBy = "none";
  if (stoppedBy === "full") return fullError();
  if (stoppedBy === "deadline") return { kind: "timeout", message };
  if (vm && isUncatchable(vm.qjs, error)) return { kind: "memory", message };
  return { kind: "error", message };
}

/**
 * Runs guest code with a deadline; the interrupt handler reads `vm.deadline`. The pool's watchdog reads the same
 * deadline from the shared watch word, so it counts running time only, never time a message waited in the queue.
 * The slice's running time is added to the VM's, which goes to the pool with its next reply.
 */
export function slice<T>(vm: Vm, vmId: number, budgetMs: number, run: () => T): T {
  const started = performance.now();
  vm.deadline = Date.now() + budgetMs;
  vm.stoppedBy = "none";
  Atomics.store(watch, 1, BigInt(vmId));
  Atomics.store(watch, 2, BigInt(Date.now()));
  Atomics.store(watch, 0, BigInt(vm.deadline));
  try {
    return run();
  } finally {
    vm.deadline = Infinity;
    Atomics.store(watch, 0, 0n);
    vm.ranMs += performance.now() - started;
  }
}

/** The running time `vm` has spent since the pool last heard, for the reply that tells it. */
export function takeRan(vm: Vm | undefined): { ranMs?: number } {
  if (!vm || vm.ranMs === 0) return {};
  const ranMs = vm.ranMs;
  vm.ranMs = 0;
  return { ranMs };
}

/**
 * Drains the VM's job queue within the tightest remaining budget, then settles whichever waiters can settle; true
 * when the VM crashed (its caller drops it).
 */
export function pump(vmId: number): boolean {
  const vm = vms.get(vmId);
  if (!vm || vm.waiters.size === 0) return false;
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
  return failure?.kind === "crashed";
}

export function settle(vm: Vm, w: Waiter, error: SandboxErrorInfo | undefined, json?: string): void {
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
export function hostCall(vmId: number, qjs: QuickJS) {
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
 * The fingerprint of an elicitation question (runtime/sdk/tool.ts questionDigest), in native code: the interpreter's
 * loop over a question's characters is slow, and a learner's tests and checks hash many questions. A function of
 * the text alone, so every VM (and every instance) computes the same one (question-digest.ts).
 */
export const QUESTION_DIGEST = "__questionDigest";
export function questionDigest(qjs: QuickJS) {
  return (text: JSValueHandle) => {
    if (!text?.isString) throw new TypeError(`${QUESTION_DIGEST} takes a string`);
    return qjs.newString(digestOf(text.toString()));
  };
}

export function installHostBridge(vmId: number, qjs: QuickJS): void {
  const fn = qjs.newFunction("__host", hostCall(vmId, qjs));
  const global = qjs.getGlobal();
  qjs.setProp(global, "__host", fn);
  fn.dispose();
  global.dispose();
}

export function call(vm: Vm, fn: string, json: string): JSValueHandle {
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
