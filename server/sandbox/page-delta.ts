// A VM's image as the pages that differ from the snapshot it was restored from. Most of an official-SDK VM's linear
// memory is the evaluated SDK that every VM of the worker shares through the worker's base snapshot; a project's
// load and calls change a small part of it, in 4 KB pages. Keeping those pages (and the base, which the worker keeps
// anyway) keeps an image at a fraction of the VM's memory.

import { copyBytes } from "./byte-copy";

/** The page size images are cut into: WebAssembly memory grows in 64 KB pages, but changes cluster far finer. */
export const IMAGE_PAGE_BYTES = 4096;

/** An image as a delta: the memory's full length, the indexes of the pages that differ, and those pages, packed. */
export type PageDelta = { byteLength: number; pages: Uint32Array; packed: Uint8Array };

function bytesOf(memory: Uint8Array): Buffer {
  return Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength);
}

/** Indexes of the pages of `memory` that differ from `base`, or that lie past its end (the memory grew). */
export function changedPages(base: Uint8Array, memory: Uint8Array): Uint32Array {
  const a = bytesOf(base);
  const b = bytesOf(memory);
  const count = Math.ceil(b.length / IMAGE_PAGE_BYTES);
  const pages = new Uint32Array(count);
  let n = 0;
  for (let page = 0; page < count; page++) {
    const start = page * IMAGE_PAGE_BYTES;
    const end = Math.min(start + IMAGE_PAGE_BYTES, b.length);
    // Native memcmp on the two ranges, no views allocated.
    if (end > a.length || b.compare(a, start, end, start, end) !== 0) pages[n++] = page;
  }
  return pages.slice(0, n);
}

/** The bytes `delta()` packs for these pages: what an image buffer must hold. */
export function packedBytes(memoryBytes: number, pages: Uint32Array): number {
  if (pages.length === 0) return 0;
  const last = pages[pages.length - 1];
  return (pages.length - 1) * IMAGE_PAGE_BYTES + Math.min(IMAGE_PAGE_BYTES, memoryBytes - last * IMAGE_PAGE_BYTES);
}

/** The pages of `memory` that differ from `base`, copied one after another into `into` (or a new buffer). */
export function delta(base: Uint8Array, memory: Uint8Array, into?: Uint8Array): PageDelta {
  const pages = changedPages(base, memory);
  const size = packedBytes(memory.byteLength, pages);
  if (into && into.byteLength < size) throw new RangeError(`The image buffer holds ${into.byteLength} bytes; these pages need ${size}`);
  const packed = into ? into.subarray(0, size) : new Uint8Array(size);
  pages.forEach((page, i) => {
    const start = page * IMAGE_PAGE_BYTES;
    packed.set(memory.subarray(start, Math.min(start + IMAGE_PAGE_BYTES, memory.byteLength)), i * IMAGE_PAGE_BYTES);
  });
  return { byteLength: memory.byteLength, pages, packed };
}

/** A run of consecutive pages of an image: its first page, how many, and where the first lies among the packed pages. */
type Run = { page: number; count: number; packed: number };

/**
 * The image's pages as runs of consecutive pages: each run is one copy, where a copy per page would cost a call of
 * JavaScript each (a server just started differs from its base in hundreds of pages, mostly in runs).
 */
function runsOf(pages: Uint32Array): Run[] {
  const runs: Run[] = [];
  pages.forEach((page, i) => {
    const last = runs.at(-1);
    if (last && last.page + last.count === page) last.count++;
    else runs.push({ page, count: 1, packed: i });
  });
  return runs;
}

/** Copies the image's pages to their places in `memory` (memcpy: either side may be shared memory, see byte-copy.ts). */
function layPages(memory: Uint8Array, image: PageDelta, runs: Run[]): void {
  for (const run of runs) {
    const start = run.page * IMAGE_PAGE_BYTES;
    const length = Math.min(run.count * IMAGE_PAGE_BYTES, image.byteLength - start);
    const from = run.packed * IMAGE_PAGE_BYTES;
    copyBytes(memory, image.packed.subarray(from, from + length), start);
  }
}

function grownFor(memory: { buffer: ArrayBuffer; grow(pages: number): number }, image: PageDelta): Uint8Array {
  const WASM_PAGE_BYTES = 65536;
  const missing = Math.ceil((image.byteLength - memory.buffer.byteLength) / WASM_PAGE_BYTES);
  if (missing > 0) memory.grow(missing);
  return new Uint8Array(memory.buffer);
}

/**
 * Lays an image's pages over a VM's memory that holds the image's base (a VM just restored from it), growing the
 * memory first when the image is longer: only the changed pages are copied.
 */
export function patch(memory: { buffer: ArrayBuffer; grow(pages: number): number }, image: PageDelta): void {
  layPages(grownFor(memory, image), image, runsOf(image.pages));
}

/**
 * Makes `memory` the image whatever it held (a kept instance's memory, no longer than `base`): the base's bytes where
 * the image has no page, the image's pages elsewhere, each byte written once (copying the whole base and then the
 * pages over it would write every changed page twice).
 */
export function layImage(memory: { buffer: ArrayBuffer; grow(pages: number): number }, base: Uint8Array, image: PageDelta): void {
  if (image.byteLength < base.byteLength) throw new RangeError("An image is shorter than its base (a VM's memory never shrinks)");
  const into = grownFor(memory, image);
  const runs = runsOf(image.pages);
  let from = 0;
  for (const run of [...runs, { page: Math.ceil(base.byteLength / IMAGE_PAGE_BYTES), count: 0, packed: 0 }]) {
    const to = Math.min(run.page * IMAGE_PAGE_BYTES, base.byteLength);
    if (to > from) copyBytes(into, base.subarray(from, to), from);
    from = Math.max(from, (run.page + run.count) * IMAGE_PAGE_BYTES);
  }
  layPages(into, image, runs);
}
