// The rows workshop.mjs prints for one workshop run: each step's CPU and latency, then the room's totals.
import { round } from "./stats.mjs";

export const STEPS = ["join", "lesson", "create", "flow", "tests", "checkWrong", "checkRight"];
export const TARGET_P95_MS = 1500;
/** Server CPU per learner that lets 200 learners at once fit a 1.5 s p95 on 2 cores. */
export const TARGET_CPU_MS = 50;

export function rowsFor(run) {
  const rows = [];
  // With --cost-runs 0 no learner ran alone: those rows would be NaN.
  const measuredAlone = STEPS.every((s) => Number.isFinite(run.cpuMsPerStepAlone[s]));
  for (const s of STEPS) {
    if (measuredAlone)
      rows.push({
        figure: `${s} server CPU, one learner alone (main thread)`,
        value: `${round(run.cpuMsPerStepAlone[s], 1)} (${round(run.mainThreadMsPerStepAlone[s], 1)})`,
        unit: "ms",
      });
    const inRoom = run.cpuMsPerStepInRoom[s];
    if (inRoom)
      rows.push({
        figure: `${s} server CPU a learner in the room (main thread)`,
        value: `${round(inRoom.serverMs, 1)} (${round(inRoom.mainMs, 1)})`,
        unit: "ms",
      });
    rows.push({ figure: `${s} p50`, value: round(run.steps[s].median), unit: "ms" });
    rows.push({ figure: `${s} p95`, value: round(run.steps[s].p95), unit: "ms", target: `≤ ${TARGET_P95_MS} ms` });
  }
  const alone = STEPS.reduce((sum, s) => sum + run.cpuMsPerStepAlone[s], 0);
  const aloneMain = STEPS.reduce((sum, s) => sum + run.mainThreadMsPerStepAlone[s], 0);
  if (measuredAlone)
    rows.push({
      figure: "all steps, one learner alone (main thread)",
      value: `${round(alone, 1)} (${round(aloneMain, 1)})`,
      unit: "ms",
      target: `≤ ${TARGET_CPU_MS} ms`,
    });
  rows.push({ figure: "errors", value: run.errors, target: "0" });
  if (run.servedBefore.rooms > 0)
    rows.push({
      figure: `rooms of ${run.n} served before this one (--served-before): errors in them`,
      value: `${run.servedBefore.rooms}: ${run.servedBefore.errors}`,
      target: "0",
    });
  rows.push({
    figure: "VM entries invoked a learner",
    value: Object.entries(run.invokedPerLearner)
      .map(([fn, count]) => `${fn} ${round(count, 1)}`)
      .join(", "),
  });
  rows.push({ figure: "429s waited out (one address, as the page does)", value: run.busyWaits });
  rows.push({ figure: "load average (1 min) before / after", value: `${round(run.loadAverage.before, 1)} / ${round(run.loadAverage.after, 1)}` });
  rows.push({ figure: "whole run", value: round(run.wallMs / 1000), unit: "s" });
  rows.push({
    figure: "server CPU per learner (+ esbuild) [main thread]",
    value: `${round(run.cpu.serverMsPerLearner, 0)} (+${round(run.cpu.esbuildMsPerLearner, 0)}) [${round(run.cpu.mainMsPerLearner, 0)}]`,
    unit: "ms",
    target: `≤ ${TARGET_CPU_MS} ms`,
  });
  const others = run.cpu.serverMsPerLearner - run.cpu.mainMsPerLearner - run.cpu.workersMsPerLearner;
  rows.push({
    figure: "  of it: main thread / sandbox workers / other threads",
    value: `${round(run.cpu.mainMsPerLearner, 1)} / ${round(run.cpu.workersMsPerLearner, 1)} / ${round(others, 1)}`,
    unit: "ms",
  });
  rows.push({ figure: "minor page faults per learner", value: round(run.cpu.minorFaultsPerLearner, 0) });
  const vms = run.memory.instancesPerLearner;
  rows.push({
    figure: "VMs a learner into a new / a kept instance; instances let go at close / when idle",
    value: `${round(vms.fresh, 2)} / ${round(vms.reused, 2)}; ${round(vms.notKept ?? 0, 2)} / ${round(vms.idle ?? 0, 2)}`,
  });
  rows.push({
    figure: "server / bench client CPU share of the 2 cores",
    value: `${round(run.cpu.utilisationOfTwoCores)} / ${round(run.cpu.clientMs / run.wallMs / 2)}`,
  });
  rows.push({ figure: "server RSS before / peak", value: `${round(run.memory.baselineRssMB, 0)} / ${round(run.memory.peakRssMB, 0)}`, unit: "MB" });
  rows.push({ figure: "RSS per open session after the run", value: round(run.memory.rssPerSessionAfterMB), unit: "MB" });
  const images = run.memory.loadImages;
  if (images)
    rows.push({ figure: "loads from an image / from scratch (image MB)", value: `${images.hits} / ${images.misses} (${round(images.bytes / 2 ** 20, 0)})` });
  return rows;
}
