// Restores VMs into the WebAssembly instances of VMs that closed, instead of a new instance each time. A restore into
// a new instance pays for the kernel handing the fresh memory its pages and for the instantiation, and every instance
// let go of costs the forced collection reclaim.ts runs, V8's marking for the external memory and page faults;
// copying the same snapshot into an instance whose memory is already in place costs a fraction of that. A test run or
// a check opens two VMs, a learner several.
//
// Every instance that closes normally is kept (while it fits under SANDBOX_TOTAL_MB) until the worker has been idle
// for a while, with no count of its own: a worker then holds at most as many instances, open and kept together, as
// it had VMs open at once since it was last idle, each of them counted in the ledger while it was open. A fixed
// count would let a room running many test files at once let instances go and make them again.
//
// A VM restored this way is the same as one restored into a new instance:
// - the whole linear memory is overwritten by the snapshot (an instance is reused only for a snapshot at least as
//   large as its memory; pages a larger snapshot or an image's pages add are new);
// - the stack pointer, the module's only mutable global, is set from the snapshot;
// - the table is never written (no extensions are loaded);
// - the VM gets a new QuickJS object. The instance's imports reach whichever QuickJS object holds the instance now,
//   so host callbacks, handlers and handles of the VM that closed stay with its old object, which is disposed (a late
//   `dispose()` of one of its handles does nothing).
import type { QuickJS, QuickJSOptions, Snapshot } from "quickjs-wasi";
import { copyBytes } from "./byte-copy";
import { IMAGE_PAGE_BYTES, layImage, patch, type PageDelta } from "./page-delta";
import { blankVm, finishRestore, instantiate, memoryOfInstance, linearMemory, type Instance } from "./quickjs-internals";

/** An instance and the QuickJS object its imports call into (changed when the instance gets its next VM). */
type Wired = { instance: Instance; holder: { current: QuickJS } };

/** What the instance's imports take for "the VM": every read goes to the QuickJS object holding the instance now. */
function forwarder(holder: { current: QuickJS }): QuickJS {
  return new Proxy({} as QuickJS, {
    get(_target, key) {
      const vm = holder.current as unknown as Record<PropertyKey, unknown>;
      const value = vm[key];
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(vm) : value;
    },
  });
}

const memoryOf = (wired: Wired) => memoryOfInstance(wired.instance);

const ZERO_PAGE = Buffer.alloc(IMAGE_PAGE_BYTES);
const bytesOf = (memory: Uint8Array) => Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength);
/** A snapshot's all-zero pages (a VM's stack it never reached, a good part of a FrontMCP VM), found once per snapshot. */
const zeroPagesOf = new WeakMap<Uint8Array, Set<number>>();

function zeroPages(memory: Uint8Array): Set<number> {
  let pages = zeroPagesOf.get(memory);
  if (!pages) {
    const bytes = bytesOf(memory);
    pages = new Set();
    for (let page = 0; page * IMAGE_PAGE_BYTES < bytes.length; page++) {
      const start = page * IMAGE_PAGE_BYTES;
      if (bytes.compare(ZERO_PAGE, 0, Math.min(IMAGE_PAGE_BYTES, bytes.length - start), start, start + IMAGE_PAGE_BYTES) === 0) pages.add(page);
    }
    zeroPagesOf.set(memory, pages);
  }
  return pages;
}

/**
 * Copies a snapshot into a new instance's memory, which the kernel hands out as zeros page by page on first write:
 * the snapshot's zero pages are left untouched, so they are never faulted in (fewer page faults, and less resident
 * memory for as long as the VM does not use them). One the instantiation itself wrote to is zeroed.
 */
function copyLeavingZeros(target: Uint8Array, snapshot: Uint8Array): void {
  const zeros = zeroPages(snapshot);
  const into = bytesOf(target);
  let run = -1;
  const pages = Math.ceil(snapshot.byteLength / IMAGE_PAGE_BYTES);
  for (let page = 0; page <= pages; page++) {
    const zero = page === pages || zeros.has(page);
    if (!zero && run < 0) run = page;
    if (zero && run >= 0) {
      copyBytes(target, snapshot.subarray(run * IMAGE_PAGE_BYTES, Math.min(page * IMAGE_PAGE_BYTES, snapshot.byteLength)), run * IMAGE_PAGE_BYTES);
      run = -1;
    }
    if (zero && page < pages) {
      const start = page * IMAGE_PAGE_BYTES;
      const end = Math.min(start + IMAGE_PAGE_BYTES, snapshot.byteLength);
      if (into.compare(ZERO_PAGE, 0, end - start, start, end) !== 0) target.fill(0, start, end);
    }
  }
}

/** What became of instances on one worker: restores into a new one or a kept one, and instances let go of, by why. */
export type InstanceCounts = { fresh: number; reused: number; notKept: number; idle: number };

export class SpareInstances {
  private spares: Wired[] = [];
  readonly counts: InstanceCounts = { fresh: 0, reused: 0, notKept: 0, idle: 0 };
  private readonly wiring = new WeakMap<QuickJS, Wired>();
  private idle?: ReturnType<typeof setTimeout>;
  /** The largest snapshot restored here: an instance that grew past it (a memory bomb's) could take no restore. */
  private largestRestored = 0;

  /**
   * Kept instances are let go of (`onRelease` with their bytes) `idleMs` after the last VM closed, or at once when
   * `keep()` says no, so memory comes back when the worker is quiet or the sandboxes are full.
   */
  constructor(
    private readonly module: WebAssembly.Module,
    private readonly idleMs: number,
    private readonly onRelease: (bytes: number) => void,
  ) {}

  /**
   * A VM restored from `snapshot`: into a kept instance when one fits, otherwise into a new one. With `image` (the
   * VM as the pages that differ from `snapshot`'s memory), those pages are laid over the memory before the VM's
   * limits are applied: the VM of the image, without a buffer of its whole memory built first.
   */
  async restore(snapshot: Snapshot, options: QuickJSOptions, image?: PageDelta): Promise<QuickJS> {
    if (snapshot.extensions.length > 0) throw new Error("Snapshots with extensions are restored by QuickJS.restore");
    if (image && image.byteLength < snapshot.memory.byteLength) throw new Error("An image is shorter than its base (a VM's memory never shrinks)");
    const { vm, options: opts } = blankVm(this.module, options);
    this.largestRestored = Math.max(this.largestRestored, image?.byteLength ?? snapshot.memory.byteLength);
    const kept = this.take(snapshot.memory.byteLength);
    this.counts[kept ? "reused" : "fresh"]++;
    const wired = kept ?? (await this.instantiate(vm));
    wired.holder.current = vm;
    this.wiring.set(vm, wired);
    const memory = memoryOf(wired);
    const pages = snapshot.memory.byteLength / 65536 - memory.buffer.byteLength / 65536;
    if (pages > 0) memory.grow(pages);
    if (kept && image) layImage(memory, snapshot.memory, image);
    else {
      if (kept) copyBytes(new Uint8Array(memory.buffer), snapshot.memory);
      else copyLeavingZeros(new Uint8Array(memory.buffer), snapshot.memory);
      if (image) patch(memory, image);
    }
    finishRestore(vm, wired.instance, snapshot, opts);
    return vm;
  }

  /**
   * Disposes `vm`; its instance is kept for the next restore when `reusable` (it closed normally, not after a trap),
   * its memory is no larger than a snapshot restored here (one that grew past them all would only sit outside the
   * ledger), and `keep(bytes)` agrees for all kept instances with it. Returns the bytes of linear memory let go of:
   * `vm`'s when its instance is not kept, otherwise 0.
   */
  close(vm: QuickJS, reusable: boolean, keep: (bytes: number) => boolean): number {
    const wired = this.wiring.get(vm);
    const bytes = linearMemory(vm).buffer.byteLength;
    vm.dispose();
    if (!wired || !reusable || bytes > this.largestRestored || !keep(this.keptBytes() + bytes)) {
      this.counts.notKept++;
      return bytes;
    }
    this.spares.push(wired);
    this.releaseWhenIdle();
    return 0;
  }

  /** Bytes of linear memory the kept instances hold. */
  keptBytes(): number {
    return this.spares.reduce((sum, wired) => sum + memoryOf(wired).buffer.byteLength, 0);
  }

  /** Lets every kept instance go. */
  release(): void {
    const bytes = this.keptBytes();
    this.counts.idle += this.spares.length;
    this.spares = [];
    if (bytes > 0) this.onRelease(bytes);
  }

  /** The largest kept instance whose memory the snapshot covers whole, taken out of the spares. */
  private take(bytes: number): Wired | undefined {
    let best = -1;
    this.spares.forEach((wired, i) => {
      const size = memoryOf(wired).buffer.byteLength;
      if (size <= bytes && (best < 0 || size > memoryOf(this.spares[best]).buffer.byteLength)) best = i;
    });
    return best < 0 ? undefined : this.spares.splice(best, 1)[0];
  }

  private async instantiate(vm: QuickJS): Promise<Wired> {
    const holder = { current: vm };
    return { instance: await instantiate(this.module, forwarder(holder)), holder };
  }

  private releaseWhenIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.release(), this.idleMs);
    this.idle.unref();
  }
}
