// Gives memory back to the system once sandboxes let go of it. A VM's WebAssembly memory (in its worker) and its
// image (on the main thread) are freed only when their JS objects are collected, and a thread that allocates little
// afterwards never collects: closed sessions' VMs would stay resident until the next busy minute.
// So each thread counts the bytes it let go of and, once enough add up, runs a full collection soon after. Needs V8's `gc`, switched on here for a fresh context (no command-line flag required).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** Released bytes that make a collection worth its few milliseconds. */
const WORTH_BYTES = 16 * 2 ** 20;
/** A collection runs this soon after the bytes add up, and not more often, so a burst of closes costs one. */
const SOON_MS = 50;

let released = 0;
let timer: NodeJS.Timeout | undefined;

/** Notes that `bytes` of sandbox memory were let go of (a closed VM, a dropped image). */
export function memoryReleased(bytes: number): void {
  released += bytes;
  if (released < WORTH_BYTES || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    released = 0;
    collect();
  }, SOON_MS);
  timer.unref();
}
