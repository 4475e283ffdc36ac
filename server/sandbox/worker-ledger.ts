// A worker's side of the memory ledger (protocol.ts): whether all sandboxes together are at SANDBOX_TOTAL_MB, and the
// growth of this worker's VMs that the pool has not counted yet.
import { ledger, slot } from "./worker-context";
import { LEDGER_LIMIT, LEDGER_USED, ledgerAt, type SandboxErrorInfo } from "./protocol";
import { linearMemory } from "./quickjs-internals";
import type { Vm } from "./vm";

/** The VM's WebAssembly linear memory, in bytes. */
export const linearBytes = (vm: Vm): number => linearMemory(vm.qjs).buffer.byteLength;

/** What a VM may have kept since its restore and still run while the sandboxes are full: a lesson's state. */
const KEPT_LITTLE_BYTES = 2 ** 20;

/**
 * Whether all sandboxes together pass SANDBOX_TOTAL_MB with what this VM has grown while running (the pool's count of
 * every VM and image, plus each worker's growth in flight) and this VM is among what fills them: new (no call answered
 * yet) or it kept more than a little since its restore. Checked before each step and at each interrupt poll, so a
 * burst of queued big calls stops at the total instead of each growing before the pool hears of it, while an
 * established learner's small call still runs.
 */
export function overTotal(vm: Vm): boolean {
  const bytes = linearBytes(vm);
  Atomics.store(ledger, ledgerAt(slot, "running"), BigInt(Math.max(0, bytes - vm.reportedBytes)));
  return (!vm.answeredCall || bytes - vm.restoredBytes > KEPT_LITTLE_BYTES) && !fitsInTotal(0);
}

/** Whether `moreBytes` still fit under SANDBOX_TOTAL_MB with everything the ledger counts. */
export function fitsInTotal(moreBytes: number): boolean {
  const limit = Atomics.load(ledger, LEDGER_LIMIT);
  if (limit === 0n) return true;
  let sum = Atomics.load(ledger, LEDGER_USED) + BigInt(moreBytes);
  for (let w = 0; ledgerAt(w, "running") < ledger.length; w++)
    sum += Atomics.load(ledger, ledgerAt(w, "sent")) - Atomics.load(ledger, ledgerAt(w, "counted")) + Atomics.load(ledger, ledgerAt(w, "running"));
  return sum <= limit;
}

/** The VM's size goes with the reply, for the pool to count; until it does, its growth is "sent" in the ledger. */
export function reported(vm: Vm | undefined): { memoryBytes?: number; grewBytes?: number } {
  Atomics.store(ledger, ledgerAt(slot, "running"), 0n);
  if (!vm) return {};
  const memoryBytes = linearBytes(vm);
  const grewBytes = Math.max(0, memoryBytes - vm.reportedBytes);
  Atomics.add(ledger, ledgerAt(slot, "sent"), BigInt(grewBytes));
  vm.reportedBytes = memoryBytes;
  return { memoryBytes, grewBytes };
}

export function fullError(): SandboxErrorInfo {
  const mb = Number(Atomics.load(ledger, LEDGER_LIMIT)) / 2 ** 20;
  return {
    kind: "full",
    message: `The playground's sandboxes are at their memory limit (SANDBOX_TOTAL_MB=${mb}), so this code was stopped; keep less in memory (a smaller result, fewer items), or try again when others have finished`,
  };
}
