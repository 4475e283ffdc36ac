// The dense sandbox's images of session VMs: taken once a VM has been quiet for a moment after a good load or call
// (a call and its answers come as one burst, and one image covers the burst), copied into a buffer shared with the
// pool that is reused while the VM keeps its size, and, with page deltas, only the pages that differ from the
// snapshot the VM came from. The copy runs outside any slice, so the watchdog never ends the thread halfway through one.
import { copyBytes } from "./byte-copy";
import { delta } from "./page-delta";
import type { VmImage } from "./protocol";
import { linearMemory, registers } from "./quickjs-internals";
import { memoryReleased } from "./reclaim";
import type { Vm } from "./vm";
import { send, vms } from "./worker-context";
import { fitsInTotal } from "./worker-ledger";

/** A session VM's image buffer, shared with the pool. */
const buffers = new WeakMap<Vm, SharedArrayBuffer>();
/** The snapshot a VM was opened from, in shared memory: its images keep only the pages that differ from it. */
export const bases = new WeakMap<Vm, Uint8Array>();

/** Sends the image of a `keepState` VM that is quiet; `upTo`: the step it covers, so the pool knows when every image is current. */
export function sendImage(vmId: number, upTo: number): void {
  const vm = vms.get(vmId);
  if (!vm || vm.tokens === "none" || vm.waiters.size > 0) return;
  const memory = new Uint8Array(linearMemory(vm.qjs).buffer);
  let buffer = buffers.get(vm);
  if (buffer?.byteLength !== memory.byteLength) {
    // Images are the first thing given up under SANDBOX_TOTAL_MB: a new buffer that would not fit is not made.
    if (!fitsInTotal(memory.byteLength - (buffer?.byteLength ?? 0))) return;
    // A buffer let go of is freed only when both threads have collected it.
    if (buffer) memoryReleased(buffer.byteLength);
    buffer = new SharedArrayBuffer(memory.byteLength);
    buffers.set(vm, buffer);
  }
  const into = new Uint8Array(buffer);
  const base = bases.get(vm);
  // Only the pages that differ from the VM's base are copied; the buffer's pages past them are never touched, so
  // they take no memory.
  const pages = base ? delta(base, memory, into) : undefined;
  if (!pages) copyBytes(into, memory);
  const image: VmImage = { snapshot: { memory: pages ? pages.packed : into, ...registers(vm.qjs), extensions: [] }, entries: vm.tokens };
  if (pages && base) image.delta = { base, byteLength: memory.byteLength, pages: pages.pages };
  send({ type: "image", vmId, upTo, image });
}

/** Lets the VM's image buffer go (the pool gave the image up). */
export function forgetBuffer(vm: Vm): void {
  const buffer = buffers.get(vm);
  if (buffer) memoryReleased(buffer.byteLength);
  buffers.delete(vm);
}

/**
 * How long a `keepState` VM goes without a step before it is imaged. An official-SDK flow is four steps (initialize,
 * initialized, the call, the answer); a worker lost inside the window brings the VM back as it was before the burst.
 */
const QUIET_MS = 250;
const quietTimers = new Map<number, { timer: ReturnType<typeof setTimeout>; upTo: number }>();

/** Images the VM once it has been quiet for QUIET_MS after step `upTo` (a load or call that succeeded). */
export function imageWhenQuiet(vmId: number, upTo: number): void {
  const vm = vms.get(vmId);
  if (!vm || vm.tokens === "none") return;
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
export function imageOthersNow(vmId: number): void {
  for (const [other, { timer, upTo }] of quietTimers) {
    if (other === vmId) continue;
    clearTimeout(timer);
    quietTimers.delete(other);
    sendImage(other, upTo);
  }
}

/** A VM that is gone is not imaged. */
export function stopQuietTimer(vmId: number): void {
  clearTimeout(quietTimers.get(vmId)?.timer);
  quietTimers.delete(vmId);
}
