// Every use of quickjs-wasi's private parts, in one place. Written against quickjs-wasi 3.7.0: its QuickJS object
// keeps the WebAssembly instance's exports on a private `exports` field, and `QuickJS.restore` is made of private
// static steps (a private constructor, `normalizeOptions`, `instantiate`, `applyLimits`, `setInstance`). The engine's
// Math.random state is a word inside the JSContext. quickjs-internals.spec.ts checks each of these against the
// installed version, so an upgrade that moves one fails there, not later in a learner's VM.
import { JSException, QuickJS, type QuickJSOptions, type Snapshot } from "quickjs-wasi";
import { copyBytes } from "./byte-copy";

/** The WebAssembly memory of an instance (grown in 64 KB pages). */
export type LinearMemory = { buffer: ArrayBuffer; grow(pages: number): number };

/** The exports of a quickjs-wasi instance that the sandbox reads or writes. */
type Exports = {
  memory: LinearMemory;
  __stack_pointer: { value: number };
  qjs_get_runtime_ptr(): number;
  qjs_get_context_ptr(): number;
  qjs_set_runtime_and_context(runtimePtr: number, contextPtr: number): void;
  qjs_is_uncatchable_error(ptr: number): number;
};

const exportsOf = (qjs: QuickJS) => (qjs as unknown as { exports: Exports }).exports;

/** The VM's WebAssembly linear memory (what a VM costs the machine; it never shrinks). */
export function linearMemory(qjs: QuickJS): LinearMemory {
  return exportsOf(qjs).memory;
}

/** Whether `error` is an exception of `qjs` that guest code could not catch (its interrupt or its memory limit). */
export function isUncatchable(qjs: QuickJS, error: unknown): boolean {
  if (!(error instanceof JSException) || error.handle.vm !== qjs) return false;
  return exportsOf(qjs).qjs_is_uncatchable_error(error.handle.ptr) !== 0;
}

/** What a snapshot records besides the memory: the stack pointer and the runtime and context pointers. */
export function registers(qjs: QuickJS): Omit<Snapshot, "memory" | "extensions"> {
  const exports = exportsOf(qjs);
  return { stackPointer: exports.__stack_pointer.value, runtimePtr: exports.qjs_get_runtime_ptr(), contextPtr: exports.qjs_get_context_ptr() };
}

/**
 * The VM's snapshot with its memory copied once, straight into a SharedArrayBuffer (`snapshot()` copies into a plain
 * buffer, which V8 counts as external memory and collects early for). The sandbox loads no extensions.
 */
export function sharedSnapshot(qjs: QuickJS): Snapshot {
  const source = new Uint8Array(linearMemory(qjs).buffer);
  const memory = new Uint8Array(new SharedArrayBuffer(source.byteLength));
  copyBytes(memory, source);
  return { memory, ...registers(qjs), extensions: [] };
}

/** A WebAssembly instance (the server's lib declares no WebAssembly values, see webassembly.d.ts). */
export type Instance = { exports: unknown };

/** quickjs-wasi's own steps of `QuickJS.restore`, so a restore can go into an instance that is already made. */
interface RestoreSteps {
  new (module: WebAssembly.Module): QuickJS;
  normalizeOptions(options: QuickJSOptions): QuickJSOptions;
  instantiate(module: WebAssembly.Module, vm: QuickJS, wasi: undefined): Promise<{ instance: Instance }>;
  applyLimits(vm: QuickJS, options: QuickJSOptions): void;
}
const steps = QuickJS as unknown as RestoreSteps;

/** A QuickJS object with no instance yet, and its options as `restore` normalises them. */
export function blankVm(module: WebAssembly.Module, options: QuickJSOptions): { vm: QuickJS; options: QuickJSOptions } {
  return { vm: new steps(module), options: steps.normalizeOptions(options) };
}

/** A new instance of the module whose imports call into `vm` (a stand-in object may take its place). */
export async function instantiate(module: WebAssembly.Module, vm: QuickJS): Promise<Instance> {
  return (await steps.instantiate(module, vm, undefined)).instance;
}

/** Gives `vm` the instance `instance`, whose memory holds `snapshot`'s, and applies its limits: the end of a restore. */
export function finishRestore(vm: QuickJS, instance: Instance, snapshot: Omit<Snapshot, "memory" | "extensions">, options: QuickJSOptions): void {
  (vm as unknown as { setInstance(instance: Instance): void }).setInstance(instance);
  const exports = instance.exports as Exports;
  exports.qjs_set_runtime_and_context(snapshot.runtimePtr, snapshot.contextPtr);
  exports.__stack_pointer.value = snapshot.stackPointer;
  steps.applyLimits(vm, options);
}

/** An instance's linear memory. */
export const memoryOfInstance = (instance: Instance) => (instance.exports as Exports).memory;

// Math.random's state: QuickJS-NG's `js_math_random` keeps one xorshift64* word in the JSContext.

const MASK = (1n << 64n) - 1n;

/** One step of QuickJS's `js_math_random`: the next state and the double in [0, 1) it gives. */
export function nextRandom(state: bigint): { state: bigint; value: number } {
  let x = state;
  x ^= x >> 12n;
  x = (x ^ (x << 25n)) & MASK;
  x ^= x >> 27n;
  const bits = (x * 0x2545f4914f6cdd1dn) & MASK;
  const double = new DataView(new ArrayBuffer(8));
  double.setBigUint64(0, (0x3ffn << 52n) | (bits >> 12n));
  return { state: x, value: double.getFloat64(0) - 1 };
}

/** How far into the JSContext the generator's state sits: a property of the quickjs-wasi build, found once. */
let stateOffset: number | undefined;
const SEARCHED_BYTES = 4096;
const KNOWN_STATE = 0x0123456789abcdefn;

/**
 * Finds the state in a VM no code has run in (its `Math.random` is the engine's): the 8-byte words of the context
 * that one draw changes are the candidates, and the one where a known state gives exactly the draw xorshift64*
 * predicts (twice in a row) is the state. A build where none does fails here, not later with repeating ids.
 */
export function locateRandomState(qjs: QuickJS): number {
  if (stateOffset !== undefined) return stateOffset;
  const memory = linearMemory(qjs);
  const context = exportsOf(qjs).qjs_get_context_ptr();
  const bytes = () => new Uint8Array(memory.buffer, context, SEARCHED_BYTES).slice();
  const draw = () => qjs.evalCode("Math.random()", "host.js").consume((h) => Number(h.toString()));
  const before = bytes();
  draw();
  const after = bytes();
  for (let offset = 0; offset + 8 <= SEARCHED_BYTES; offset += 8) {
    if (before.subarray(offset, offset + 8).every((b, i) => b === after[offset + i])) continue;
    new DataView(memory.buffer).setBigUint64(context + offset, KNOWN_STATE, true);
    const first = nextRandom(KNOWN_STATE);
    if (draw() !== first.value || draw() !== nextRandom(first.state).value) continue;
    stateOffset = offset;
    return offset;
  }
  throw new Error("quickjs-wasi: Math.random's state was not found in the context; VMs would share one sequence");
}

function stateAddress(qjs: QuickJS): number {
  if (stateOffset === undefined) throw new Error("locateRandomState must run before a VM is seeded");
  return exportsOf(qjs).qjs_get_context_ptr() + stateOffset;
}

/** The VM's Math.random state. */
export const readRandomState = (qjs: QuickJS): bigint => new DataView(linearMemory(qjs).buffer).getBigUint64(stateAddress(qjs), true);

/** Sets the VM's Math.random state. */
export function writeRandomState(qjs: QuickJS, state: bigint): void {
  new DataView(linearMemory(qjs).buffer).setBigUint64(stateAddress(qjs), state, true);
}
