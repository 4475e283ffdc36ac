// Each VM's own `Math.random()`. QuickJS keeps its generator's state (one 64-bit xorshift64* word) in the JSContext,
// inside linear memory, so every VM restored from one snapshot or image would draw the same sequence: the same
// "random" ticket ids for every learner, every instance of a server and every reset session. The worker writes a
// fresh state from the host's crypto into each VM right after its restore. The state lives in the engine, not in a
// JS value: learner code can neither read it nor set it, and a replaced `Math.random` cannot hide a draw from
// `drewRandom` (the worker's test that a load or start used randomness, so its image would repeat the values drawn).
// Where the state sits is found by quickjs-internals.ts.
import { randomFillSync } from "node:crypto";
import type { QuickJS } from "quickjs-wasi";
import { readRandomState, writeRandomState } from "./quickjs-internals";

export { locateRandomState, nextRandom } from "./quickjs-internals";

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

/** Gives a just-restored VM a state of its own; returns it, for `drewRandom`. */
export function reseed(qjs: QuickJS): bigint {
  const seed = hostRandomWord();
  writeRandomState(qjs, seed);
  return seed;
}

/** Whether the VM has drawn from `Math.random()` since it was given `seed`. */
export function drewRandom(qjs: QuickJS, seed: bigint): boolean {
  return readRandomState(qjs) !== seed;
}
