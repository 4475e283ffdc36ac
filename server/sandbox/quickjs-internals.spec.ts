// What quickjs-internals.ts relies on in quickjs-wasi's private parts, checked against the installed version: each
// test compares a private read with what the public API says, or runs a private step end to end, so an upgrade
// that renames, moves or changes one fails here.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { QuickJS } from "quickjs-wasi";
import { beforeAll, describe, expect, test } from "vitest";
import {
  blankVm,
  finishRestore,
  instantiate,
  isUncatchable,
  linearMemory,
  locateRandomState,
  memoryOfInstance,
  nextRandom,
  readRandomState,
  registers,
  sharedSnapshot,
  writeRandomState,
} from "./quickjs-internals";

const require = createRequire(import.meta.url);
const wasm = await WebAssembly.compile(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
const evalText = (vm: QuickJS, code: string) => vm.evalCode(code, "spec.js").consume((h) => h.toString());

let vm: QuickJS;
beforeAll(async () => {
  vm = await QuickJS.create({ wasm });
  evalText(vm, "globalThis.kept = 41; String(kept)");
});

describe("the instance's exports", () => {
  test("the linear memory and the registers are the ones the public snapshot records", () => {
    const snapshot = vm.snapshot();
    expect(linearMemory(vm).buffer.byteLength).toBe(snapshot.memory.byteLength);
    expect(registers(vm)).toEqual({ stackPointer: snapshot.stackPointer, runtimePtr: snapshot.runtimePtr, contextPtr: snapshot.contextPtr });
  });

  test("a shared snapshot restores, with the public restore, to the VM's state", async () => {
    const snapshot = sharedSnapshot(vm);
    expect(snapshot.memory.buffer).toBeInstanceOf(SharedArrayBuffer);
    const restored = await QuickJS.restore(snapshot, { wasm });
    expect(evalText(restored, "String(kept + 1)")).toBe("42");
    restored.dispose();
  });

  test("an interrupt is uncatchable, a thrown error is not, and another VM's exception is not this one's", async () => {
    let stop = false;
    const interrupted = await QuickJS.create({ wasm, interruptHandler: () => stop });
    const failure = (code: string) => {
      try {
        interrupted.evalCode(code, "spec.js").dispose();
      } catch (error) {
        return error;
      }
      throw new Error("the code did not fail");
    };
    const thrown = failure("throw new Error('interrupted')");
    expect(isUncatchable(interrupted, thrown)).toBe(false);
    stop = true;
    const stopped = failure("try { for (;;) {} } catch { 'caught' }");
    expect(isUncatchable(interrupted, stopped)).toBe(true);
    expect(isUncatchable(vm, stopped)).toBe(false);
    interrupted.dispose();
  });
});

describe("restore's own steps", () => {
  test("a snapshot laid into an instance made by those steps is the VM it was taken of", async () => {
    const snapshot = vm.snapshot();
    const { vm: blank, options } = blankVm(wasm, { wasm, memoryLimit: 16 * 2 ** 20 });
    const instance = await instantiate(wasm, blank);
    const memory = memoryOfInstance(instance);
    memory.grow(snapshot.memory.byteLength / 65536 - memory.buffer.byteLength / 65536);
    new Uint8Array(memory.buffer).set(snapshot.memory);
    finishRestore(blank, instance, snapshot, options);
    expect(evalText(blank, "String(kept + 1)")).toBe("42");
    // The memory limit applied: a 32 MB string is refused.
    expect(() => blank.evalCode("'x'.repeat(32 * 2 ** 20).length", "spec.js")).toThrow();
    blank.dispose();
  });
});

describe("Math.random's state", () => {
  test("is found in a VM no code has drawn in, and draws as xorshift64* predicts from a state written there", async () => {
    const fresh = await QuickJS.create({ wasm });
    expect(locateRandomState(fresh)).toBeGreaterThanOrEqual(0);
    writeRandomState(fresh, 12345n);
    const next = nextRandom(12345n);
    expect(Number(evalText(fresh, "String(Math.random())"))).toBe(next.value);
    expect(readRandomState(fresh)).toBe(next.state);
    fresh.dispose();
  });
});
