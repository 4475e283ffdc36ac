// Images as the pages that differ from the base snapshot: exact on made-up memories, and a real official-SDK VM comes
// back from its base plus its pages with its state, from an image a fraction of its memory.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { QuickJS } from "quickjs-wasi";
import { describe, expect, test } from "vitest";
import { officialRuntimeBundle } from "./official-bundles";
import { changedPages, delta, IMAGE_PAGE_BYTES, packedBytes, rebuild } from "./page-delta";

const PAGE = IMAGE_PAGE_BYTES;

function memoryOf(pages: number, seed: number): Uint8Array {
  const memory = new Uint8Array(pages * PAGE);
  for (let i = 0; i < memory.length; i++) memory[i] = (i * 31 + seed) & 0xff;
  return memory;
}

describe("an image as the pages that differ from its base", () => {
  test("finds exactly the pages that changed or grew, and rebuilds the memory byte for byte", () => {
    const base = memoryOf(10, 1);
    const memory = new Uint8Array(11.5 * PAGE);
    memory.set(base);
    memory[2 * PAGE + 17] ^= 1;
    memory[8 * PAGE - 1] ^= 0xff;
    memory.fill(9, 10 * PAGE);
    expect([...changedPages(base, memory)]).toEqual([2, 7, 10, 11]);
    const image = delta(base, memory);
    expect(image.packed.byteLength).toBe(3.5 * PAGE);
    expect(packedBytes(memory.byteLength, image.pages)).toBe(3.5 * PAGE);
    expect(Buffer.from(rebuild(base, image)).equals(Buffer.from(memory))).toBe(true);
  });

  test("an unchanged memory is an empty image; a buffer too small for the pages is refused", () => {
    const base = memoryOf(4, 2);
    const image = delta(base, base.slice());
    expect(image.pages.length).toBe(0);
    expect(image.packed.byteLength).toBe(0);
    expect(Buffer.from(rebuild(base, image)).equals(Buffer.from(base))).toBe(true);
    const changed = base.slice();
    changed[0] ^= 1;
    changed[3 * PAGE] ^= 1;
    expect(() => delta(base, changed, new Uint8Array(PAGE))).toThrow(RangeError);
    const into = new Uint8Array(4 * PAGE);
    expect(delta(base, changed, into).packed.buffer).toBe(into.buffer);
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
    const back = await QuickJS.restore({ ...later, memory: rebuild(base.memory, image) }, options);
    expect(back.evalCode('escalations.get("ESC-0001").ticketId + " " + typeof server.registerTool', "check.js").consume((h) => h.toString())).toBe(
      "T-1042 function",
    );
    back.dispose();
  });
});
