// A VM's image as the pages that differ from the snapshot it was restored from. An official-SDK VM's linear memory is
// about 8.5 MB, almost all of it the evaluated SDK that every VM of the worker shares through the worker's base
// snapshot; after a project loaded and answered a few calls about 2 MB of it differ, in 4 KB pages. Keeping those
// pages (and the base, which the worker keeps anyway) keeps the VM at a quarter of the memory.

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

/** Copies the image's pages to their places in `memory`, which holds the image's base. */
function layPages(memory: Uint8Array, image: PageDelta): void {
  image.pages.forEach((page, i) => {
    const start = page * IMAGE_PAGE_BYTES;
    const length = Math.min(IMAGE_PAGE_BYTES, image.byteLength - start);
    memory.set(image.packed.subarray(i * IMAGE_PAGE_BYTES, i * IMAGE_PAGE_BYTES + length), start);
  });
}

/**
 * Lays an image's pages over a VM's memory that holds the image's base (a VM just restored from it), growing the
 * memory first when the image is longer: only the changed pages are copied.
 */
export function patch(memory: { buffer: ArrayBuffer; grow(pages: number): number }, image: PageDelta): void {
  const WASM_PAGE_BYTES = 65536;
  const missing = Math.ceil((image.byteLength - memory.buffer.byteLength) / WASM_PAGE_BYTES);
  if (missing > 0) memory.grow(missing);
  layPages(new Uint8Array(memory.buffer), image);
}
