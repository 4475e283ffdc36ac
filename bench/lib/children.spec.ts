// The bench's CPU by thread counts a sandbox worker that ended (the pool replaces a stuck worker): its time is in the
// sandbox workers' figure after it is gone, not lost from it.
import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { expect, test } from "vitest";
import { laterThreadsCpuMs } from "./children.mjs";

const threads = () => readdirSync("/proc/self/task").map(Number);
/** A thread's user + system time in ticks, from /proc. */
const ticksOf = (tid: number) => {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
};

/** CPU the spinner uses before it reports, in ticks of 10 ms. */
const SPIN_TICKS = 30;
/**
 * /proc rounds each thread's time down to a tick, and the process's total separately, so a difference of the two
 * figures is off by a tick for each thread that ran meanwhile (the test's own, V8's helpers): a few ticks at most.
 */
const ROUNDING_MS = 50;

// Spins until its own thread has used SPIN_TICKS of CPU (whatever the load), reports its thread id, then waits to be
// told to end.
const SPINNER = `
const { readFileSync, readlinkSync } = require("node:fs");
const { parentPort } = require("node:worker_threads");
const ticks = () => { const s = readFileSync("/proc/thread-self/stat", "utf8"); const f = s.slice(s.lastIndexOf(")") + 2).split(" "); return Number(f[11]) + Number(f[12]); };
while (ticks() < ${SPIN_TICKS}) for (let i = 0; i < 1e5; i++);
parentPort.postMessage(Number(readlinkSync("/proc/thread-self").split("/").at(-1)));
parentPort.once("message", () => process.exit(0));
`;

test("a worker thread that ended still counts what it used", async () => {
  const earlier = threads();
  const baseline = laterThreadsCpuMs(process.pid, earlier);
  const worker = new Worker(SPINNER, { eval: true });
  // The spinner names its own thread: other threads may start meanwhile.
  const tid = await new Promise<number>((resolve) => worker.once("message", resolve));
  const usedAlive = ticksOf(tid) * 10;
  expect(usedAlive).toBeGreaterThanOrEqual(SPIN_TICKS * 10);
  expect(laterThreadsCpuMs(process.pid, earlier) - baseline).toBeGreaterThanOrEqual(usedAlive - ROUNDING_MS);
  const ended = new Promise((resolve) => worker.once("exit", resolve));
  worker.postMessage("end");
  await ended;
  expect(threads()).not.toContain(tid);
  expect(laterThreadsCpuMs(process.pid, earlier) - baseline).toBeGreaterThanOrEqual(usedAlive - ROUNDING_MS);
});
