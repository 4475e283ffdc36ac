// A workshop: N learners at once against one playground (child process, loopback). Each learner: open a lesson,
// create a session with its files, one elicitation flow (two round trips), run the lesson's tests, then check a
// challenge twice (starter files: must fail; reference solution: must pass). Per-step p50/p95, errors, server memory.
// `--n 200` (default), `--sweep` for N = 50, 100, 200, 400 (a fresh server each), `--idle 100` idle sessions
// measured alone for memory per idle session, `--workers` to override SANDBOX_WORKERS, `--rooms` to have every
// learner join one room first (a "join" step) so each check is recorded on the board in the database, `--official`
// for official-SDK projects (lesson 14's SDK 1.x support desk and its five tests, challenge c8; the flow is a
// 2025-11-25 session of the 1.32 client, since an SDK 1.x server speaks nothing newer). `--rounds` holds every
// learner before each step until all have finished the one before, so each step is a burst of N (the issue's "200
// pressing Check at once"), and prints each step's server CPU per learner in the room, between the bursts. Each room
// runs once per sandbox (`--sandboxes`, `--alternate`: lib/sandboxes.mjs), the figures side by side at the end.
import { loadavg } from "node:os";
import { apiOk, apiOkWaitingOutBusy, challengeSolution, confirmFlow } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { cpuMs, laterThreadsCpuMs, sampleMemory, startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { expectTestsPassed, expectVerdict, projectFor } from "./lib/projects.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { idleSessions } from "./lib/idle-sessions.mjs";
import { printSideBySide, sandboxVariants } from "./lib/sandboxes.mjs";
import { round, since, summarize } from "./lib/stats.mjs";
import { rowsFor, STEPS, TARGET_CPU_MS, TARGET_P95_MS } from "./lib/workshop-rows.mjs";

const RUN_DEADLINE_MS = 10 * 60_000;
const SWEEP = [50, 100, 200, 400];
/** Learners run one at a time to measure CPU per step (`--cost-runs`); /proc counts in 10 ms ticks, so more is finer. */
const COST_RUNS = 20;

/** Wall time of a step, for `record`. */
const wallClock = (record) => async (name, work) => {
  const start = performance.now();
  // A failure names its step, so errors are counted by where they happened.
  const value = await work().catch((error) => {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { step: name });
  });
  record(name, since(start));
  return value;
};

/** Server CPU (all threads plus esbuild, and the main thread's share) of a step; meaningful while one learner runs alone. */
const serverCpu = (pid, record) => async (name, work) => {
  const before = cpuMs(pid);
  const value = await work();
  const after = cpuMs(pid);
  record(name, after.serverMs + after.childrenMs - before.serverMs - before.childrenMs, after.mainMs - before.mainMs);
  return value;
};

/**
 * `--rounds`: a gate per step that opens once all `n` learners reached it; `onOpen(step)` runs as it opens. A learner
 * that failed at a step passes the gates of the steps it will not reach, so the others are not held.
 */
function rounds(n, onOpen) {
  const gates = new Map(
    STEPS.map((name) => {
      let open;
      const opened = new Promise((resolve) => (open = resolve));
      let arrived = 0;
      const arrive = () => {
        if (++arrived === n) {
          onOpen(name);
          open();
        }
        return opened;
      };
      return [name, arrive];
    }),
  );
  return {
    /** Wraps a step recorder so each step waits at its gate first. */
    gated: (step) => async (name, work) => (await gates.get(name)(), step(name, work)),
    /** The learner failed at `name`: it passes every later gate. */
    gaveUp: (name) => {
      for (const later of STEPS.slice(STEPS.indexOf(name) + 1)) void gates.get(later)();
    },
  };
}

function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

let joined = 0;
/** 429s the learners waited out, as the page does, in the room being run (a room behind one address shares its limits). */
let busyWaits = { count: 0 };

async function learner(url, material, step) {
  const { project } = material;
  // Without rooms the join step costs nothing and is reported as 0.
  const learnerKey = material.room
    ? (
        await step("join", () =>
          apiOkWaitingOutBusy(
            url,
            "POST",
            `/api/rooms/${material.room.code}/join`,
            { name: `learner ${++joined}` },
            { status: 201, attempts: 6, waits: busyWaits },
          ),
        )
      ).learnerKey
    : await step("join", async () => undefined);
  const lesson = await step("lesson", () => apiOk(url, "GET", `/api/lessons/${project.lesson}`));
  const session = await step("create", () => apiOk(url, "POST", "/api/sessions", { files: lesson.files }, 201));
  await step("flow", () => project.flow(session.mcpUrl));
  await step("tests", async () => {
    expectTestsPassed(project, await apiOkWaitingOutBusy(url, "POST", `/api/sessions/${session.id}/tests`, {}, { waits: busyWaits }));
  });
  // Checks wait out a 429 as the page does: the learners share one address, as a room behind a NAT does.
  const check = (files) => apiOkWaitingOutBusy(url, "POST", `/api/challenges/${project.challenge}/check`, { files, learnerKey }, { waits: busyWaits });
  await step("checkWrong", async () => expectVerdict(await check(material.starter), false));
  await step("checkRight", async () => expectVerdict(await check(material.solution), true));
}

async function material(url, args) {
  const project = projectFor(args);
  const challenge = await apiOk(url, "GET", `/api/lessons/${project.challenge}`);
  const room = args.rooms ? await apiOk(url, "POST", "/api/rooms", { title: "bench" }, 201) : undefined;
  return { project, starter: challenge.files, solution: await challengeSolution(project.challenge), room };
}

function childEnv(args, sandbox) {
  return {
    ...sandbox.env,
    ...(args.workers !== undefined && { SANDBOX_WORKERS: String(args.workers) }),
    // Every bench learner comes from 127.0.0.1: one address joining hundreds of times in a second is the room here.
    ...(args.rooms && { RATE_JOINS_BURST: "100000", RATE_JOINS_PER_MINUTE: "100000" }),
    // A room's runs are shared out per learner key; these learners run without one, so the share per address goes.
    RUNS_PER_CLIENT: "0",
  };
}

/** One workshop of `n` learners on a fresh server. */
async function workshop(n, args, sandbox) {
  const server = await startChild("bench/servers/playground.ts", { env: childEnv(args, sandbox) });
  try {
    const stuff = await material(server.url, args);
    // One learner first, so start-up costs (first compile, snapshot) are not charged to the room.
    await learner(
      server.url,
      stuff,
      wallClock(() => undefined),
    );
    // Learners one at a time: what each step costs the server in CPU, the figure that bounds a room on 2 cores.
    const cost = Object.fromEntries(STEPS.map((s) => [s, []]));
    const costMain = Object.fromEntries(STEPS.map((s) => [s, []]));
    for (let i = 0; i < intArg(args, "cost-runs", COST_RUNS); i++)
      await learner(
        server.url,
        stuff,
        serverCpu(server.pid, (name, ms, mainMs) => (cost[name].push(ms), costMain[name].push(mainMs))),
      );
    // `--served-before K`: K rooms of n first, not measured, so the measured room meets a server that has been up (its
    // code optimized, its workers' heaps grown), as a hosted playground's later rooms do; their sessions stay open.
    let errorsBefore = 0;
    for (let k = 0; k < intArg(args, "served-before", 0); k++)
      await Promise.all(
        Array.from({ length: n }, () =>
          learner(
            server.url,
            stuff,
            wallClock(() => undefined),
          ).catch(() => errorsBefore++),
        ),
      );
    const before = server.memory();
    const samples = Object.fromEntries(STEPS.map((s) => [s, []]));
    busyWaits = { count: 0 };
    const errors = [];
    const memory = sampleMemory(server.pid, 50);
    const cpuBefore = cpuMs(server.pid);
    const clientBefore = process.cpuUsage();
    const workersBefore = laterThreadsCpuMs(server.pid, server.startThreads);
    // A server from before these counts has none of them.
    const { instances: instancesBefore = {}, invoked: invokedBefore = {} } = (await server.stats()).sandbox;
    const loadBefore = loadavg()[0];
    const start = performance.now();
    // `--ramp S` spreads arrivals evenly over S seconds, as a room does after "open the link"; 0 is a burst.
    const rampMs = intArg(args, "ramp", 0) * 1000;
    // With --rounds: the server's CPU as each step's burst begins, and at the end.
    const atGate = [];
    const gates = args.rounds ? rounds(n, (name) => atGate.push({ name, cpu: cpuMs(server.pid) })) : undefined;
    const room = Promise.all(
      Array.from({ length: n }, (_, i) =>
        new Promise((resolve) => setTimeout(resolve, (i * rampMs) / n))
          .then(() => learner(server.url, stuff, (gates ? gates.gated : (step) => step)(wallClock((name, ms) => samples[name].push(ms)))))
          // undici's "fetch failed" hides the reason in `cause` (a reset, a refused connection): say it.
          .catch((error) => {
            gates?.gaveUp(error.step);
            const cause = error.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : "";
            errors.push({ learner: i, step: error.step, message: `${String(error.message ?? error)}${cause}`.slice(0, 300) });
          }),
      ),
    );
    let deadline;
    const timedOut = await Promise.race([room.then(() => false), new Promise((resolve) => (deadline = setTimeout(() => resolve(true), RUN_DEADLINE_MS)))]);
    clearTimeout(deadline);
    const wallMs = since(start);
    const loadAfter = loadavg()[0];
    const peakSampledMB = memory.stop();
    const cpuAfter = cpuMs(server.pid);
    atGate.push({ name: "end", cpu: cpuAfter });
    const client = process.cpuUsage(clientBefore);
    const workersAfter = laterThreadsCpuMs(server.pid, server.startThreads);
    const after = server.memory();
    const stats = await server.stats();
    const perLearner = (counts, before) => Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, (v - (before[k] ?? 0)) / n]));
    const instances = perLearner(stats.sandbox.instances, instancesBefore);
    return {
      n,
      wallMs,
      timedOut,
      errors: errors.length,
      servedBefore: { rooms: intArg(args, "served-before", 0), errors: errorsBefore },
      // Entries the room invoked in VMs, a learner: `callTool` is one tool call reaching a learner's server.
      invokedPerLearner: perLearner(stats.sandbox.invoked, invokedBefore),
      errorSamples: errors.slice(0, 5),
      // How many failed at each step, by what the error was (its message without ids and numbers).
      errorKinds: countBy(errors, (e) => `${e.step}: ${e.message.replace(/[0-9a-f-]{8,}|\d+/gi, "#").slice(0, 120)}`),
      // The learners share one address, as a room behind a NAT does: past its burst they wait out 429s, as the page does.
      busyWaits: busyWaits.count,
      // The machine's 1-minute load average before and after: p95s are only comparable at a like load.
      loadAverage: { before: loadBefore, after: loadAfter },
      // CPU is robust to other load on the machine where wall time is not: the cost of one learner.
      cpu: {
        serverMsPerLearner: (cpuAfter.serverMs - cpuBefore.serverMs) / n,
        // The main thread alone (HTTP, MCP, orchestration): one core, whatever the workers do on the others.
        mainMsPerLearner: (cpuAfter.mainMs - cpuBefore.mainMs) / n,
        // The sandbox workers; the rest of the server is V8's helper threads (compiling, collecting) and libuv's pool.
        workersMsPerLearner: (workersAfter - workersBefore) / n,
        minorFaultsPerLearner: (cpuAfter.minorFaults - cpuBefore.minorFaults) / n,
        esbuildMsPerLearner: (cpuAfter.childrenMs - cpuBefore.childrenMs) / n,
        utilisationOfTwoCores: (cpuAfter.serverMs - cpuBefore.serverMs + cpuAfter.childrenMs - cpuBefore.childrenMs) / wallMs / 2,
        // This process (the learners' HTTP clients) runs on the same cores: what the server did not get of them.
        clientMs: (client.user + client.system) / 1000,
      },
      steps: Object.fromEntries(STEPS.map((s) => [s, summarize(samples[s])])),
      // --rounds: each step's burst, server CPU (+ esbuild) and main thread's, per learner.
      cpuMsPerStepInRoom: Object.fromEntries(
        atGate.slice(0, -1).map(({ name, cpu }, i) => {
          const next = atGate[i + 1].cpu;
          return [name, { serverMs: (next.serverMs + next.childrenMs - cpu.serverMs - cpu.childrenMs) / n, mainMs: (next.mainMs - cpu.mainMs) / n }];
        }),
      ),
      // Mean, since /proc counts CPU in 10 ms ticks.
      cpuMsPerStepAlone: Object.fromEntries(STEPS.map((s) => [s, summarize(cost[s]).mean])),
      mainThreadMsPerStepAlone: Object.fromEntries(STEPS.map((s) => [s, summarize(costMain[s]).mean])),
      memory: {
        baselineRssMB: before.rssMB,
        peakRssMB: Math.max(peakSampledMB, after.hwmMB),
        afterRssMB: after.rssMB,
        sessionsAfter: stats.sessions,
        // Every learner's session stays open (idle) after the run.
        rssPerSessionAfterMB: (after.rssMB - before.rssMB) / n,
        sandboxBytesPerSession: stats.sandbox.allocatedBytes / Math.max(1, stats.sandbox.vms),
        loadImages: stats.sandbox.loadImages,
        instancesPerLearner: instances,
      },
    };
  } finally {
    await server.stop();
  }
}

/**
 * The yardstick measured in the same run: a bare official-SDK server's CPU for one elicitation flow (the same
 * close_ticket, both rounds; bench/servers/bare-sdk.mjs), so a learner's cost reads in flows of the bare SDK on
 * whatever machine this runs on, where milliseconds depend on its cores.
 */
async function bareFlowCpuMs(flows) {
  const bare = await startChild("bench/servers/bare-sdk.mjs");
  try {
    for (let i = 0; i < 50; i++) await confirmFlow(bare.mcpUrl, "T-1");
    const before = cpuMs(bare.pid).serverMs;
    for (let i = 0; i < flows; i++) await confirmFlow(bare.mcpUrl, "T-1");
    return (cpuMs(bare.pid).serverMs - before) / flows;
  } finally {
    await bare.stop();
  }
}

/**
 * The SDK's floor in the same run: the same flow with the client in the server's process over the SDK's in-memory
 * transport (bench/servers/bare-sdk-in-process.mjs), as a learner's tests and checks reach its server; CPU of both
 * ends. A learner's tool calls times half of it is what the official SDK alone costs under them.
 */
async function inProcessFlowCpuMs(flows) {
  const bare = await startChild("bench/servers/bare-sdk-in-process.mjs");
  try {
    return (await bare.ask("flows", { flows, warmUp: 200 })).cpuMsPerFlow;
  } finally {
    await bare.stop();
  }
}

export async function main(args) {
  const sizes = args.sweep ? SWEEP : [intArg(args, "n", 200)];
  const runs = [];
  const sandboxes = sandboxVariants(args);
  for (const n of sizes) {
    const room = [];
    for (const sandbox of sandboxes) {
      const run = { ...(await workshop(n, args, sandbox)), sandbox: sandbox.name };
      room.push({ name: sandbox.name, result: run });
      runs.push(run);
      const arrival = args.rounds ? "in rounds (each step a burst)" : intArg(args, "ramp", 0) ? `arriving over ${intArg(args, "ramp", 0)} s` : "at once";
      const kind = args.official ? ", official-SDK projects" : "";
      const title = `Workshop: ${n} learners ${arrival}${kind}${args.rooms ? ", in one room" : ""}, ${sandbox.name} sandbox`;
      printTable(`${title}${run.timedOut ? " (TIMED OUT)" : ""}`, rowsFor(run));
      for (const [kind, count] of Object.entries(run.errorKinds)) console.log(`  errors x${count} at ${kind}`);
      for (const e of run.errorSamples) console.log(`  error (learner ${e.learner}, ${e.step}): ${e.message}`);
    }
    printSideBySide(`Workshop of ${n}: a learner in the room, by sandbox (against plain)`, room, {
      "server CPU per learner (ms)": (r) => r.cpu.serverMsPerLearner,
      "of it in the sandbox workers (ms)": (r) => r.cpu.workersMsPerLearner,
      "of it on the main thread (ms)": (r) => r.cpu.mainMsPerLearner,
      "worst step p95 (ms)": (r) => Math.max(...STEPS.map((s) => r.steps[s].p95)),
      "peak RSS (MB)": (r) => r.memory.peakRssMB,
      errors: (r) => r.errors,
      "load average before": (r) => r.loadAverage.before,
    });
  }
  // `--bare-flows 0` skips the yardstick; /proc counts in 10 ms ticks, so a few hundred flows make it fine enough.
  const bareFlows = intArg(args, "bare-flows", 400);
  const bareFlowMs = bareFlows > 0 ? await bareFlowCpuMs(bareFlows) : undefined;
  const inProcessFlowMs = bareFlows > 0 ? await inProcessFlowCpuMs(bareFlows * 5) : undefined;
  if (bareFlowMs !== undefined)
    printTable(`Against a bare official-SDK server, measured in this run (${bareFlows} elicitation flows after 50)`, [
      { figure: "bare SDK server CPU per elicitation flow (both rounds)", value: round(bareFlowMs, 2), unit: "ms" },
      { figure: "the same flow in process, SDK client and server (both ends)", value: round(inProcessFlowMs, 2), unit: "ms" },
      ...runs.flatMap((r) => {
        const toolCalls = r.invokedPerLearner.callTool;
        return [
          { figure: `N=${r.n}: server CPU per learner, in bare-SDK flows`, value: round(r.cpu.serverMsPerLearner / bareFlowMs, 1), unit: "flows" },
          // A flow is two tool calls. The flow step's two come over HTTP and are counted here as if in process.
          ...(toolCalls
            ? [
                {
                  figure: `N=${r.n}: the SDK alone under a learner's ${round(toolCalls, 1)} tool calls, in process`,
                  value: round((toolCalls / 2) * inProcessFlowMs, 1),
                  unit: "ms",
                },
              ]
            : []),
        ];
      }),
    ]);
  // `--idle 0` skips this measurement (a per-session figure over no sessions means nothing).
  const idleCount = intArg(args, "idle", 100);
  const idle = idleCount > 0 ? await idleSessions(idleCount, projectFor(args), childEnv(args, { env: {} })) : undefined;
  if (idle)
    printTable(`Idle sessions (${idle.k} created one by one on a fresh server)`, [
      { figure: "RSS per idle session", value: round(idle.rssPerSessionMB), unit: "MB" },
      { figure: "QuickJS heap per session VM", value: round(idle.quickjsAllocatedPerVmMB), unit: "MB" },
    ]);
  if (runs.length > 1) {
    const worstP95 = (r) => Math.max(...STEPS.map((s) => r.steps[s].p95));
    printTable(
      "Sweep: how it grows",
      runs.flatMap((r) => [
        {
          figure: `N=${r.n} worst step p95 (${STEPS.reduce((a, s) => (r.steps[s].p95 > r.steps[a].p95 ? s : a))})`,
          value: round(worstP95(r)),
          unit: "ms",
          target: `≤ ${TARGET_P95_MS} ms`,
        },
        { figure: `N=${r.n} errors / peak RSS`, value: `${r.errors} / ${round(r.memory.peakRssMB, 0)}`, unit: "MB" },
      ]),
    );
  }
  const result = {
    workers: args.workers ?? "default (SANDBOX_WORKERS or 4)",
    projects: args.official ? "official" : "frontmcp",
    rooms: !!args.rooms,
    runs,
    bareFlowMs,
    inProcessFlowMs,
    idle,
    target: { p95Ms: TARGET_P95_MS, errors: 0, cpuMsPerLearner: TARGET_CPU_MS },
  };
  await writeResult(`workshop${args.official ? "-official" : ""}${args.sweep ? "-sweep" : ""}`, result);
  return result;
}

runIfMain(import.meta, main);
