// CPU per learner step by thread: the sandbox workers apart from the main thread and the rest of the server (V8's
// helper threads, libuv's pool). One learner at a time, as workshop.mjs's "alone" figures, but many runs of each step
// in turn, so a change of a few ms in the workers shows through the 10 ms ticks of /proc.
// `--runs 40` runs of each step (after 5 to warm up); the steps are workshop.mjs's, on lesson 06 and challenge c1, or
// with `--official` on lesson 14 and challenge c8 (official-SDK projects).
// `--only checkRight` (or a comma list) measures only those steps, so a profiler attached to the child (the `perf
// record` line of bench/README.md) sees one step's work. Each sandbox (`--sandboxes`, `--alternate`:
// lib/sandboxes.mjs) is measured on a server of its own, and the learner's totals are printed side by side.
import { loadavg } from "node:os";
import { apiOk, challengeSolution } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { cpuMs, laterThreadsCpuMs, startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { expectTestsPassed, expectVerdict, projectFor } from "./lib/projects.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { printSideBySide, sandboxVariants } from "./lib/sandboxes.mjs";
import { round } from "./lib/stats.mjs";

const WARMUP = 5;

export async function main(args) {
  const runs = [];
  for (const variant of sandboxVariants(args)) runs.push({ name: variant.name, result: await measure(args, variant) });
  printSideBySide(`A learner's steps, server CPU by sandbox (ms; against plain)`, runs, {
    "sandbox workers": (r) => r.perLearner.workersMs,
    "main thread": (r) => r.perLearner.mainMs,
    "all threads": (r) => r.perLearner.allMs,
  });
  await writeResult(`sandbox-cpu${args.official ? "-official" : ""}`, runs);
  return runs;
}

async function measure(args, variant) {
  const runs = intArg(args, "runs", 40);
  const project = projectFor(args);
  const only = typeof args.only === "string" ? args.only.split(",") : undefined;
  const server = await startChild("bench/servers/playground.ts", { env: variant.env });
  try {
    if (server.startThreads.length === 0) throw new Error("the playground child did not list its threads");
    const lesson = await apiOk(server.url, "GET", `/api/lessons/${project.lesson}`);
    const starter = (await apiOk(server.url, "GET", `/api/lessons/${project.challenge}`)).files;
    const solution = await challengeSolution(project.challenge);
    let session;
    const steps = {
      create: async () => {
        session = await apiOk(server.url, "POST", "/api/sessions", { files: lesson.files }, 201);
      },
      flow: () => project.flow(session.mcpUrl),
      tests: async () => expectTestsPassed(project, await apiOk(server.url, "POST", `/api/sessions/${session.id}/tests`, {})),
      checkWrong: async () => expectVerdict(await apiOk(server.url, "POST", `/api/challenges/${project.challenge}/check`, { files: starter }), false),
      checkRight: async () => expectVerdict(await apiOk(server.url, "POST", `/api/challenges/${project.challenge}/check`, { files: solution }), true),
    };
    if (only?.some((name) => !(name in steps))) throw new Error(`--only takes ${Object.keys(steps).join(", ")}`);
    // The session the later steps use, whichever are measured.
    await steps.create();
    const loadBefore = loadavg()[0];
    const perStep = {};
    for (const [name, step] of Object.entries(steps)) {
      if (only && !only.includes(name)) continue;
      for (let i = 0; i < WARMUP; i++) await step();
      const before = { all: cpuMs(server.pid), workers: laterThreadsCpuMs(server.pid, server.startThreads) };
      for (let i = 0; i < runs; i++) await step();
      const after = { all: cpuMs(server.pid), workers: laterThreadsCpuMs(server.pid, server.startThreads) };
      const workers = (after.workers - before.workers) / runs;
      const main = (after.all.mainMs - before.all.mainMs) / runs;
      const all = (after.all.serverMs - before.all.serverMs) / runs;
      perStep[name] = { workersMs: workers, mainMs: main, otherMs: all - workers - main, allMs: all };
    }
    // Sessions from the create runs stay open; close none, as a room keeps them.
    const total = (key) => Object.values(perStep).reduce((sum, s) => sum + s[key], 0);
    const result = {
      runs,
      load: { before: loadBefore, after: loadavg()[0] },
      perStep,
      perLearner: { workersMs: total("workersMs"), mainMs: total("mainMs"), otherMs: total("otherMs"), allMs: total("allMs") },
    };
    printTable(
      `${variant.name} sandbox: server CPU per step by thread, one learner at a time (${runs} runs of each step${args.official ? ", official-SDK projects" : ""})`,
      [
        ...Object.entries(perStep).map(([name, s]) => ({
          figure: `${name}: sandbox workers / main thread / other threads`,
          value: `${round(s.workersMs, 1)} / ${round(s.mainMs, 1)} / ${round(s.otherMs, 1)}`,
          unit: "ms",
        })),
        {
          figure: `${only ? "the steps measured" : "a learner's steps"}: sandbox workers / main thread / other threads`,
          value: `${round(total("workersMs"), 1)} / ${round(total("mainMs"), 1)} / ${round(total("otherMs"), 1)}`,
          unit: "ms",
        },
        { figure: "load average (1 min) before / after", value: `${round(result.load.before, 1)} / ${round(result.load.after, 1)}` },
      ],
    );
    return result;
  } finally {
    await server.stop();
  }
}

runIfMain(import.meta, main);
