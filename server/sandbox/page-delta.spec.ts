// Images as the pages that differ from the base snapshot: exact on made-up memories, and a real official-SDK VM comes
// back from its base plus its pages (laid over it as an instance is restored) with its state, from an image a
// fraction of its memory.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { QuickJS } from "quickjs-wasi";
import { describe, expect, test } from "vitest";
import { officialRuntimeBundle } from "./official-bundles";
import { changedPages, delta, IMAGE_PAGE_BYTES, layImage, packedBytes, patch, type PageDelta } from "./page-delta";
import { SpareInstances } from "./spare-instances";

const PAGE = IMAGE_PAGE_BYTES;

/** A stand-in for a WebAssembly memory holding `base`: 64 KB pages, grown as WebAssembly grows one (new pages zero). */
function memoryHolding(base: Uint8Array) {
  const WASM_PAGE = 65536;
  let buffer = new ArrayBuffer(Math.ceil(base.byteLength / WASM_PAGE) * WASM_PAGE);
  new Uint8Array(buffer).set(base);
  return {
    get buffer() {
      return buffer;
    },
    grow(pages: number) {
      const grown = new ArrayBuffer(buffer.byteLength + pages * WASM_PAGE);
      new Uint8Array(grown).set(new Uint8Array(buffer));
      const before = buffer.byteLength / WASM_PAGE;
      buffer = grown;
      return before;
    },
  };
}

/** The first `image.byteLength` bytes of a memory holding `base` once the image is patched over it. */
function patched(base: Uint8Array, image: PageDelta): Buffer {
  const memory = memoryHolding(base);
  patch(memory, image);
  return Buffer.from(memory.buffer, 0, image.byteLength);
}

function memoryOf(pages: number, seed: number): Uint8Array {
  const memory = new Uint8Array(pages * PAGE);
  for (let i = 0; i < memory.length; i++) memory[i] = (i * 31 + seed) & 0xff;
  return memory;
}

describe("an image as the pages that differ from its base", () => {
  test("finds exactly the pages that changed or grew, and patching them over the base gives the memory byte for byte", () => {
    // 16 image pages are one WebAssembly page: the memory grew past the base, so the patch must grow it first.
    const base = memoryOf(16, 1);
    const memory = new Uint8Array(17.5 * PAGE);
    memory.set(base);
    memory[2 * PAGE + 17] ^= 1;
    memory[8 * PAGE - 1] ^= 0xff;
    memory.fill(9, 16 * PAGE);
    expect([...changedPages(base, memory)]).toEqual([2, 7, 16, 17]);
    const image = delta(base, memory);
    expect(image.packed.byteLength).toBe(3.5 * PAGE);
    expect(packedBytes(memory.byteLength, image.pages)).toBe(3.5 * PAGE);
    expect(patched(base, image).equals(Buffer.from(memory))).toBe(true);
  });

  test("an unchanged memory is an empty image; a buffer too small for the pages is refused", () => {
    const base = memoryOf(4, 2);
    const image = delta(base, base.slice());
    expect(image.pages.length).toBe(0);
    expect(image.packed.byteLength).toBe(0);
    expect(patched(base, image).equals(Buffer.from(base))).toBe(true);
    const changed = base.slice();
    changed[0] ^= 1;
    changed[3 * PAGE] ^= 1;
    expect(() => delta(base, changed, new Uint8Array(PAGE))).toThrow(RangeError);
    const into = new Uint8Array(4 * PAGE);
    expect(delta(base, changed, into).packed.buffer).toBe(into.buffer);
  });

  test("laid into a memory that held anything, an image writes the base around its runs of pages and the pages in them", () => {
    // Runs at the very start, in the middle (two pages), at the base's last page, and past the base (the memory grew).
    const base = memoryOf(32, 3);
    const memory = new Uint8Array(48 * PAGE);
    memory.set(base);
    for (const page of [0, 9, 10, 31, 32, 40]) memory[page * PAGE + 5] ^= 0x55;
    memory.fill(7, 41 * PAGE);
    const image = delta(base, memory);
    expect([...image.pages]).toEqual([0, 9, 10, 31, ...Array.from({ length: 16 }, (_, i) => 32 + i)]);
    // A kept instance: shorter than the image, holding another VM's bytes.
    const kept = memoryHolding(memoryOf(16, 99));
    layImage(kept, base, image);
    expect(Buffer.from(kept.buffer).equals(Buffer.from(memory))).toBe(true);
    // No pages: the base whole.
    const plain = memoryHolding(memoryOf(32, 98));
    layImage(plain, base, delta(base, base.slice()));
    expect(Buffer.from(plain.buffer).equals(Buffer.from(base))).toBe(true);
    expect(() => layImage(memoryHolding(base), base, delta(base.subarray(0, 16 * PAGE), base.subarray(0, 16 * PAGE)))).toThrow(RangeError);
  });

  test("an official-SDK VM restored from its base and its pages has its state, from an image a fraction of its memory", async () => {
    const wasm = await WebAssembly.compile(readFileSync(fileURLToPath(new URL("../../node_modules/quickjs-wasi/quickjs.wasm", import.meta.url))));
    const options = { wasm, memoryLimit: 64 * 2 ** 20 };
    const first = await QuickJS.create(options);
    first.evalCode(await officialRuntimeBundle("sdk1"), "runtime.js").dispose();
    first.executePendingJobs();
    const base = first.snapshot();
    first.dispose();

    const vm = await QuickJS.restore(base, options);
    vm.evalCode(
      `const { McpServer } = __officialModules["@modelcontextprotocol/sdk/server/mcp.js"];
       globalThis.server = new McpServer({ name: "support-desk", version: "1.0.0" });
       globalThis.escalations = new Map([["ESC-0001", { ticketId: "T-1042" }]]);`,
      "load.js",
    ).dispose();
    const later = vm.snapshot();
    vm.dispose();

    const image = delta(base.memory, later.memory);
    expect(image.packed.byteLength).toBeLessThan(later.memory.byteLength / 3);
    // As the worker restores an image: the base into the instance, the pages over it, before the VM's limits apply.
    const instances = new SpareInstances(wasm, 60_000, () => undefined);
    const back = await instances.restore({ ...later, memory: base.memory }, options, image);
    const exports = (back as unknown as { exports: { memory: { buffer: ArrayBuffer } } }).exports;
    expect(Buffer.from(exports.memory.buffer).equals(Buffer.from(later.memory))).toBe(true);
    expect(back.evalCode('escalations.get("ESC-0001").ticketId + " " + typeof server.registerTool', "check.js").consume((h) => h.toString())).toBe(
      "T-1042 function",
    );
    back.dispose();
    // Into a kept instance another VM wrote over: nothing of that VM is left, byte for byte.
    const scribbler = await instances.restore(base, options);
    scribbler.evalCode("globalThis.scribble = Array.from({ length: 500 }, (_, i) => ({ i, s: 'w' + i }))", "scribble.js").dispose();
    const scribbled = (scribbler as unknown as { exports: { memory: { buffer: ArrayBuffer } } }).exports.memory.buffer;
    expect(scribbled.byteLength).toBe(base.memory.byteLength);
    expect(delta(base.memory, new Uint8Array(scribbled)).pages.length).toBeGreaterThan(0);
    instances.close(scribbler, true, () => true);
    const again = await instances.restore({ ...later, memory: base.memory }, options, image);
    const memory = (again as unknown as { exports: { memory: { buffer: ArrayBuffer } } }).exports.memory.buffer;
    expect(memory).toBe(scribbled);
    expect(Buffer.from(memory).equals(Buffer.from(later.memory))).toBe(true);
    again.dispose();
  });
});
