// A worker thread hosting many QuickJS VMs, one per session or test run, each its own WASM instance and memory cap.
// How VMs are made, imaged and ended is its keeper's (keeper.ts): the plain one or the dense one.
/// <reference path="./webassembly.d.ts" />
import { baseSnapshot } from "./base-snapshot";
import { denseKeeper } from "./dense-keeper";
import { call, classify, pump, slice, takeRan } from "./guest-calls";
import type { VmKeeper, VmStep } from "./keeper";
import { plainKeeper } from "./plain-keeper";
import type { SandboxErrorInfo, ToWorker, VmOptions } from "./protocol";
import type { Vm } from "./vm";
import { memoryReleased } from "./reclaim";
import { plain, port, send, vms } from "./worker-context";
import { fullError, overTotal, reported } from "./worker-ledger";

const keeper: VmKeeper = plain ? plainKeeper : denseKeeper;

/** Ends a VM; `closed`: it was closed normally (not after a trap), so the keeper may reuse its instance. */
function dropVm(vmId: number, closed = false): void {
  const vm = vms.get(vmId);
  if (!vm) return;
  vms.delete(vmId);
  for (const w of vm.waiters) w.done({ kind: "crashed", message: "The sandbox was closed" });
  let reusable = closed && vm.waiters.size === 0;
  try {
    for (const entry of vm.entries.values()) entry.dispose();
  } catch {
    // A trapped instance may fail to free its handles; it is not reused.
    reusable = false;
  }
  memoryReleased(keeper.dispose(vmId, vm, reusable));
}

function pumpOrDrop(vmId: number): void {
  if (pump(vmId)) dropVm(vmId);
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

/** VMs opened but not built yet: the first step for one builds it (the keeper may build it from an image of that step). */
const unbuilt = new Map<number, VmOptions>();

/** A load: the project's scripts evaluated (its ES modules stored for the loader), then the runtime's `load` entry. */
function load(vm: Vm, m: Extract<VmStep, { op: "load" }>): string {
  const started = Date.now();
  const remaining = () => Math.max(1, m.timeoutMs - (Date.now() - started));
  for (const script of m.scripts) {
    if (script.module) vm.modules.set(script.file, script.code);
    else slice(vm, m.vmId, remaining(), () => vm.qjs.evalCode(script.code, script.file).dispose());
  }
  const result = slice(vm, m.vmId, remaining(), () => call(vm, "load", m.loadJson));
  try {
    const json = result.toString();
    keeper.loaded(vm, json);
    return json;
  } finally {
    result.dispose();
  }
}

async function handle(m: Exclude<ToWorker, { op: "hostReply" | "forgetImage" }>): Promise<string | undefined> {
  if (m.op === "stats") {
    let allocated = 0;
    for (const vm of vms.values()) allocated += vm.qjs.getAllocatedSize();
    return JSON.stringify({ vms: vms.size, allocatedBytes: allocated, ...keeper.counts() });
  }
  if (m.op === "open") {
    unbuilt.set(m.vmId, m.limits);
    // The runtime's snapshot is taken at open all the same (the pool warms workers by opening a VM).
    const runtime = m.limits.runtime ?? "frontmcp";
    if (runtime !== "frontmcp") await baseSnapshot(m.limits, runtime);
    return undefined;
  }
  if (m.op === "restore") return opened(m.vmId, keeper.restore(m.vmId, m.limits, m.image, m.modules));
  const limits = unbuilt.get(m.vmId);
  if (limits) {
    unbuilt.delete(m.vmId);
    if (m.op === "close") return undefined;
    await opened(m.vmId, keeper.build(m.vmId, limits, m));
  }
  await opening.get(m.vmId);
  const vm = vms.get(m.vmId);
  if (!vm) throw Object.assign(new Error("This sandbox no longer exists"), { kind: "crashed" });
  if (m.op === "close") {
    dropVm(m.vmId, true);
    return undefined;
  }
  keeper.beforeStep(vm, m.vmId);
  // A call queued while the sandboxes filled the total does not start when its VM is among what fills them.
  if (overTotal(vm)) throw Object.assign(new Error(fullError().message), fullError());
  const answer = keeper.answered(vm, m.vmId, m);
  if (answer !== undefined) return answer;
  if (m.op === "load") return load(vm, m);
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
          if (m.fn === "start" && json !== undefined) keeper.started(vm, m.vmId, json);
        } catch (failure) {
          return reject(failure);
        }
        resolve(json);
      },
    });
    pumpOrDrop(m.vmId);
  });
}

port.on("message", (m: ToWorker) => {
  if (m.op === "forgetImage") {
    const vm = vms.get(m.vmId);
    if (vm) keeper.forgetImage(vm);
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
      pumpOrDrop(vmId);
      return;
    }
    return;
  }
  // The VM's memory and running time go with every reply: a VM that grew (or hit its limit) is counted as it now is,
  // and its session is charged for the time its code ran.
  const vmOfMessage = () => ("vmId" in m ? vms.get(m.vmId) : undefined);
  const size = () => reported(vmOfMessage());
  handle(m).then(
    (json) => {
      if (m.op === "load" || m.op === "invoke") keeper.stepAnswered(m.vmId, m.id, m.op === "invoke" ? json : undefined);
      const answered = m.op === "invoke" ? vmOfMessage() : undefined;
      if (answered) answered.answeredCall = true;
      send({ type: "reply", id: m.id, ok: true, json, ...size(), ...takeRan(vmOfMessage()) });
    },
    (error) => {
      const info =
        (error as SandboxErrorInfo).kind !== undefined
          ? { kind: (error as SandboxErrorInfo).kind, message: (error as Error).message }
          : classify(error, "vmId" in m ? vms.get(m.vmId) : undefined);
      const ran = takeRan(vmOfMessage());
      if (info.kind === "crashed" && "vmId" in m) dropVm(m.vmId);
      send({ type: "reply", id: m.id, ok: false, error: info, ...size(), ...ran });
    },
  );
});

send({ type: "ready" });
