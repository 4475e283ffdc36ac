// A VM restored into the instance of a closed VM must be the same as one restored into a new instance: nothing of
// the closed VM (its globals, its host functions, its interrupt handler, its handles) reaches it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { QuickJS, type QuickJSOptions } from "quickjs-wasi";
import { beforeAll, describe, expect, test } from "vitest";
import { SpareInstances } from "./spare-instances";

const require = createRequire(import.meta.url);
const wasm = await WebAssembly.compile(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
const options = (more: Partial<QuickJSOptions> = {}): QuickJSOptions => ({ wasm, memoryLimit: 64 * 2 ** 20, timezoneOffset: 0, ...more });
const memoryOf = (vm: QuickJS) => (vm as unknown as { exports: { memory: { buffer: ArrayBuffer } } }).exports.memory;
const text = (vm: QuickJS, code: string) => vm.evalCode(code, "spec.js").consume((h) => h.toString());
const keepAll = () => true;

let snapshot: ReturnType<QuickJS["snapshot"]>;
beforeAll(async () => {
  const vm = await QuickJS.create(options());
  vm.evalCode("globalThis.base = 'from the snapshot'", "base.js").dispose();
  snapshot = vm.snapshot();
  vm.dispose();
});

/**
 * What of an instance outside its linear memory could carry state from one VM to the next, read from the module's
 * binary (the JS API shows only exported globals): the names of its imports that are not functions (an imported
 * global, table or memory), and its mutable globals, by export name (or index when not exported).
 */
function stateOutsideMemory(bytes: Uint8Array): { nonFunctionImports: string[]; mutableGlobals: string[] } {
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  const name = () => {
    const length = leb();
    at += length;
    return Buffer.from(bytes.subarray(at - length, at)).toString();
  };
  const found = { nonFunctionImports: [] as string[], mutableGlobals: [] as string[] };
  const mutable: number[] = [];
  const exported = new Map<number, string>();
  while (at < bytes.length) {
    const section = bytes[at++];
    const end = leb() + at;
    if (section === 2)
      for (let n = leb(); n > 0; n--) {
        const where = `${name()}.${name()}`;
        if (bytes[at++] !== 0) {
          found.nonFunctionImports.push(where);
          break; // the rest of this entry's shape depends on its kind; one is enough to fail
        }
        leb(); // the function's type
      }
    if (section === 6)
      for (let n = leb(), index = 0; n > 0; n--, index++) {
        at++; // value type
        if (bytes[at++] === 1) mutable.push(index);
        // Its initializer: one constant or global.get, then the end opcode.
        const op = bytes[at++];
        if (op === 0x41 || op === 0x42 || op === 0x23) leb();
        else at += op === 0x43 ? 4 : 8;
        if (bytes[at++] !== 0x0b) throw new Error(`global ${index}: an initializer this reader does not know`);
      }
    if (section === 7)
      for (let n = leb(); n > 0; n--) {
        const exportName = name();
        const kind = bytes[at++];
        const index = leb();
        if (kind === 3) exported.set(index, exportName);
      }
    at = end;
  }
  found.mutableGlobals = mutable.map((index) => exported.get(index) ?? `global ${index}`);
  return found;
}

describe("spare instances", () => {
  test("a VM restored into a closed VM's instance starts as the snapshot, with its own host functions and interrupt handler", async () => {
    const spares = new SpareInstances(wasm, 60_000, () => undefined);
    let oldInterrupts = 0;
    const closed = await spares.restore(snapshot, options({ interruptHandler: () => (oldInterrupts++, false) }));
    const host = closed.newFunction("__host", () => closed.newString("the closed VM's callback"));
    closed.setProp(closed.global, "__host", host);
    host.dispose();
    closed.evalCode("globalThis.secret = 'hidden check source'; globalThis.note = 'x'.repeat(500)", "closed.js").dispose();
    const stale = closed.evalCode("({ kept: 'a handle the closed VM never freed' })", "closed.js");
    const memory = memoryOf(closed);
    expect(memory.buffer.byteLength).toBe(snapshot.memory.byteLength);
    expect(spares.close(closed, true, keepAll)).toBe(0);
    expect(spares.keptBytes()).toBe(snapshot.memory.byteLength);

    let interrupts = 0;
    const vm = await spares.restore(snapshot, options({ interruptHandler: () => ++interrupts > 3 }));
    // The same instance, not a new one.
    expect(memoryOf(vm)).toBe(memory);
    expect(spares.keptBytes()).toBe(0);
    // Byte for byte what QuickJS.restore makes of the same snapshot with the same limits in a new instance.
    const fresh = await QuickJS.restore(snapshot, options({ interruptHandler: () => false }));
    expect(Buffer.from(memoryOf(vm).buffer).equals(Buffer.from(memoryOf(fresh).buffer))).toBe(true);
    fresh.dispose();
    expect(text(vm, "[typeof secret, typeof note, typeof __host, base].join()")).toBe("undefined,undefined,undefined,from the snapshot");

    // A late free of the closed VM's handle leaves the new VM's memory alone.
    const before = Buffer.from(memoryOf(vm).buffer.slice(0));
    stale.dispose();
    expect(Buffer.from(memoryOf(vm).buffer).equals(before)).toBe(true);

    const own = vm.newFunction("__host", () => vm.newString("the new VM's callback"));
    vm.setProp(vm.global, "__host", own);
    own.dispose();
    expect(text(vm, "__host()")).toBe("the new VM's callback");
    expect(() => vm.evalCode("for (;;) {}", "spin.js")).toThrow(/interrupted/i);
    expect(interrupts).toBeGreaterThan(3);
    expect(oldInterrupts).toBe(0);
    vm.dispose();
  });

  test("quickjs-wasi's module keeps no state outside linear memory but the stack pointer, which restore sets", () => {
    // What this module relies on (see spare-instances.ts): an upgrade that adds a mutable global or an imported
    // global, table or memory must fail here, not leak one VM's state into the next VM of its instance.
    const found = stateOutsideMemory(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
    expect(found).toEqual({ nonFunctionImports: [], mutableGlobals: ["__stack_pointer"] });
  });

  test("an instance larger than the snapshot is not used for it; a snapshot of its size takes it", async () => {
    const spares = new SpareInstances(wasm, 60_000, () => undefined);
    const grown = await spares.restore(snapshot, options());
    grown.evalCode("globalThis.big = 'y'.repeat(4 * 2 ** 20)", "grow.js").dispose();
    const large = grown.snapshot();
    expect(large.memory.byteLength).toBeGreaterThan(snapshot.memory.byteLength);
    // Once a snapshot of that size has been restored here, an instance of its size is worth keeping.
    (await spares.restore(large, options())).dispose();
    expect(spares.close(grown, true, keepAll)).toBe(0);

    const small = await spares.restore(snapshot, options());
    expect(memoryOf(small).buffer.byteLength).toBe(snapshot.memory.byteLength);
    expect(spares.keptBytes()).toBe(large.memory.byteLength);
    const again = await spares.restore(large, options());
    expect(spares.keptBytes()).toBe(0);
    expect(text(again, "big.length")).toBe(String(4 * 2 ** 20));
    small.dispose();
    again.dispose();
  });

  test("an instance that grew past every snapshot restored here (a memory bomb's) is let go of at close, not kept", async () => {
    // No restore could take it, and kept instances are outside the ledger: four of a worker's at SANDBOX_MEMORY_MB each
    // would sit unused beside SANDBOX_TOTAL_MB for as long as the worker stays busy.
    const spares = new SpareInstances(wasm, 60_000, () => undefined);
    const bombed = await spares.restore(snapshot, options());
    bombed.evalCode("globalThis.big = 'y'.repeat(4 * 2 ** 20)", "grow.js").dispose();
    const bytes = memoryOf(bombed).buffer.byteLength;
    expect(bytes).toBeGreaterThan(snapshot.memory.byteLength);
    expect(spares.close(bombed, true, keepAll)).toBe(bytes);
    expect(spares.keptBytes()).toBe(0);
  });

  test("a new instance, whose snapshot's zero pages are left unwritten, ends up byte for byte as a kept instance does", async () => {
    const restoredBoth = async (from: typeof snapshot) => {
      const spares = new SpareInstances(wasm, 60_000, () => undefined);
      const fresh = await spares.restore(from, options());
      const freshBytes = Buffer.from(memoryOf(fresh).buffer.slice(0));
      const first = await spares.restore(from, options());
      first.evalCode("globalThis.scribble = 'x'.repeat(100000)", "scribble.js").dispose();
      spares.close(first, true, keepAll);
      const kept = await spares.restore(from, options());
      return { freshBytes, keptBytes: Buffer.from(memoryOf(kept).buffer.slice(0)) };
    };
    const zeroPages = (bytes: Buffer) =>
      Array.from({ length: bytes.length / 4096 }, (_, p) => p).filter((p) => bytes.subarray(p * 4096, (p + 1) * 4096).every((b) => b === 0));
    const plain = await restoredBoth(snapshot);
    expect(zeroPages(Buffer.from(snapshot.memory)).length).toBeGreaterThan(0);
    expect(plain.freshBytes.equals(plain.keptBytes)).toBe(true);
    // A page the instantiation itself writes (the module's data), zero in the snapshot: the new instance zeroes it.
    const internals = QuickJS as unknown as {
      new (module: WebAssembly.Module): QuickJS;
      instantiate(module: WebAssembly.Module, vm: QuickJS, wasi: undefined): Promise<{ instance: { exports: { memory: { buffer: ArrayBuffer } } } }>;
    };
    const { instance } = await internals.instantiate(wasm, new internals(wasm), undefined);
    const data = Buffer.from(instance.exports.memory.buffer);
    const written = Array.from({ length: data.length / 4096 }, (_, p) => p).find((p) => data.subarray(p * 4096, (p + 1) * 4096).some((b) => b !== 0))!;
    expect(written).toBeDefined();
    const memory = new Uint8Array(snapshot.memory);
    memory.fill(0, written * 4096, (written + 1) * 4096);
    const blanked = await restoredBoth({ ...snapshot, memory });
    expect(blanked.freshBytes.subarray(written * 4096, (written + 1) * 4096).every((b) => b === 0)).toBe(true);
    expect(blanked.freshBytes.equals(blanked.keptBytes)).toBe(true);
  });

  test("not kept after a trap or when it would not fit; let go of when idle", async () => {
    const released: number[] = [];
    const spares = new SpareInstances(wasm, 50, (bytes) => released.push(bytes));
    const size = snapshot.memory.byteLength;
    const vms = await Promise.all([1, 2, 3].map(() => spares.restore(snapshot, options())));
    expect(spares.close(vms[0], false, keepAll)).toBe(size);
    expect(spares.close(vms[1], true, () => false)).toBe(size);
    expect(spares.close(vms[2], true, keepAll)).toBe(0);
    const idle = await spares.restore(snapshot, options());
    expect(spares.close(idle, true, keepAll)).toBe(0);
    await expect.poll(() => released, { interval: 20, timeout: 5000 }).toEqual([size]);
    expect(spares.keptBytes()).toBe(0);
    expect(spares.counts).toEqual({ fresh: 3, reused: 1, notKept: 2, idle: 1 });
  });

  test("as many instances are kept as VMs were open at once, so a burst of test files makes no new ones the second time", async () => {
    // A room running 32 test files at once opens 16 VMs a worker; kept at four, the other twelve were let go of and
    // made again for every file, each time a new WebAssembly memory to fault in and a forced collection per 16 MB.
    const spares = new SpareInstances(wasm, 60_000, () => undefined);
    const burst = () => Promise.all(Array.from({ length: 12 }, () => spares.restore(snapshot, options())));
    const first = await burst();
    const memories = new Set(first.map(memoryOf));
    for (const vm of first) expect(spares.close(vm, true, keepAll)).toBe(0);
    expect(spares.keptBytes()).toBe(12 * snapshot.memory.byteLength);
    const second = await burst();
    expect(spares.counts).toMatchObject({ fresh: 12, reused: 12, notKept: 0 });
    for (const vm of second) expect(memories.has(memoryOf(vm))).toBe(true);
    expect(spares.keptBytes()).toBe(0);
    for (const vm of second) vm.dispose();
  });
});
