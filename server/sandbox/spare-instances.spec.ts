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

describe("spare instances", () => {
  test("a VM restored into a closed VM's instance starts as the snapshot, with its own host functions and interrupt handler", async () => {
    const spares = new SpareInstances(wasm, 2, 60_000, () => undefined);
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

  test("an instance larger than the snapshot is not used for it; a snapshot of its size takes it", async () => {
    const spares = new SpareInstances(wasm, 2, 60_000, () => undefined);
    const grown = await spares.restore(snapshot, options());
    grown.evalCode("globalThis.big = 'y'.repeat(4 * 2 ** 20)", "grow.js").dispose();
    const large = grown.snapshot();
    expect(large.memory.byteLength).toBeGreaterThan(snapshot.memory.byteLength);
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

  test("not kept after a trap, past the count, or when it would not fit; let go of when idle", async () => {
    const released: number[] = [];
    const spares = new SpareInstances(wasm, 1, 50, (bytes) => released.push(bytes));
    const size = snapshot.memory.byteLength;
    const vms = await Promise.all([1, 2, 3, 4].map(() => spares.restore(snapshot, options())));
    expect(spares.close(vms[0], false, keepAll)).toBe(size);
    expect(spares.close(vms[1], true, () => false)).toBe(size);
    expect(spares.close(vms[2], true, keepAll)).toBe(0);
    // Past the count the oldest kept instance goes.
    const newest = memoryOf(vms[3]);
    expect(spares.close(vms[3], true, keepAll)).toBe(size);
    expect(memoryOf(await spares.restore(snapshot, options()))).toBe(newest);
    const idle = await spares.restore(snapshot, options());
    expect(spares.close(idle, true, keepAll)).toBe(0);
    await expect.poll(() => released, { interval: 20, timeout: 5000 }).toEqual([size]);
    expect(spares.keptBytes()).toBe(0);
  });
});
