// A preload for a server child: V8's sampling heap profiler over the main thread's allocations, objects collected
// since counted too (what the collector had to deal with, not what is still alive), written as
// `$BENCH_ALLOC_PROF/main-<pid>.heapprofile` when the process exits through process.exit (as a bench child stops).
// Usage: BENCH_ALLOC_PROF=/tmp/alloc BENCH_NODE_ARGS="--import ./bench/servers/allocation-sampling.mjs" node bench/<x>.mjs,
// then node bench/allocation-summary.mjs /tmp/alloc. Worker threads do not run --import preloads: the sandbox workers
// are not covered (their own JavaScript allocates little; their collections follow their WebAssembly memories).
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const dir = process.env.BENCH_ALLOC_PROF;
if (!dir) throw new Error("allocation-sampling.mjs needs BENCH_ALLOC_PROF=<dir>");
mkdirSync(dir, { recursive: true });
const session = new Session();
session.connect();
// One sample per 16 KB allocated on average: enough for a few MB a learner, cheap enough to leave the figures alone.
session.post("HeapProfiler.startSampling", { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
const exit = process.exit.bind(process);
process.exit = (code) => {
  // A session connected on this thread answers synchronously, so the profile is written before the exit.
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (!error) writeFileSync(`${dir}/main-${process.pid}.heapprofile`, JSON.stringify(result.profile));
  });
  exit(code);
};
