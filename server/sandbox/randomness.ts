// Each VM's own `Math.random()`. QuickJS keeps its generator's state (one 64-bit xorshift64* word) in the JSContext,
// inside linear memory, so every VM restored from one snapshot or image would draw the same sequence: the same
// "random" ticket ids for every learner, every instance of a server and every reset session. The worker writes a
// fresh state from the host's crypto into each VM right after its restore. The state lives in the engine, not in a
// JS value: learner code can neither read it nor set it, and a replaced `Math.random` cannot hide a draw from
// `drewRandom` (the worker's test that a load or start used randomness, so its image would repeat the values drawn).
import { randomFillSync } from "node:crypto";
import type { QuickJS } from "quickjs-wasi";

type Exports = { memory: { buffer: ArrayBuffer }; qjs_get_context_ptr(): number };
const exportsOf = (qjs: QuickJS) => (qjs as unknown as { exports: Exports }).exports;

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
  const exports = exportsOf(qjs);
  const context = exports.qjs_get_context_ptr();
  const bytes = () => new Uint8Array(exports.memory.buffer, context, SEARCHED_BYTES).slice();
  const draw = () => qjs.evalCode("Math.random()", "host.js").consume((h) => Number(h.toString()));
  const before = bytes();
  draw();
  const after = bytes();
  for (let offset = 0; offset + 8 <= SEARCHED_BYTES; offset += 8) {
    if (before.subarray(offset, offset + 8).every((b, i) => b === after[offset + i])) continue;
    new DataView(exports.memory.buffer).setBigUint64(context + offset, KNOWN_STATE, true);
    const first = nextRandom(KNOWN_STATE);
    if (draw() !== first.value || draw() !== nextRandom(first.state).value) continue;
    stateOffset = offset;
    return offset;
  }
  throw new Error("quickjs-wasi: Math.random's state was not found in the context; VMs would share one sequence");
}

/** Host randomness, drawn 4 KB at a time: a restore takes 8 bytes. */
const pool = new BigUint64Array(512);
let taken = pool.length;
function hostRandomWord(): bigint {
  for (;;) {
    if (taken === pool.length) {
      randomFillSync(pool);
      taken = 0;
    }
    const word = pool[taken++]!;
    // xorshift64* stays at zero forever from a zero state.
    if (word !== 0n) return word;
  }
}

function stateAddress(qjs: QuickJS): number {
  if (stateOffset === undefined) throw new Error("locateRandomState must run before a VM is seeded");
  return exportsOf(qjs).qjs_get_context_ptr() + stateOffset;
}

/** Gives a just-restored VM a state of its own; returns it, for `drewRandom`. */
export function reseed(qjs: QuickJS): bigint {
  const seed = hostRandomWord();
  new DataView(exportsOf(qjs).memory.buffer).setBigUint64(stateAddress(qjs), seed, true);
  return seed;
}

/** Whether the VM has drawn from `Math.random()` since it was given `seed`. */
export function drewRandom(qjs: QuickJS, seed: bigint): boolean {
  return new DataView(exportsOf(qjs).memory.buffer).getBigUint64(stateAddress(qjs), true) !== seed;
}
