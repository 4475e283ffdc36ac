// A model of a room, to read a step's CPU as the p95 it gives: N learners each
// run the workshop's steps in turn (no pause between them), every request is a job of its step's CPU (±20%), and
// `--cores` cores serve jobs one at a time each, in order of their ticket: when the request arrived (first come,
// first served, as the run queue and the threads' queues serve a room), or with `--seniority F` a tests run's or
// check's ticket is moved forward by F × its session's age (at most `--seniority-max` seconds counted), the order
// measured and not kept (bench/README.md). `--cpu` gives the CPU of lesson, create, flow, tests, checkWrong and
// checkRight in ms (default: "core time", each step's CPU a learner in a room as `workshop.mjs --rounds` measured it,
// scaled so that their sum × N ÷ cores is main's whole run for a room of 200). `--ramp S` spreads the learners' starts over S seconds; `--burst checkRight` has every
// learner press that one step at once (their sessions made before). Nothing is measured here: it is arithmetic.
import { intArg } from "./lib/args.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable } from "./lib/report.mjs";
import { round, summarize } from "./lib/stats.mjs";

const STEPS = ["lesson", "create", "flow", "tests", "checkWrong", "checkRight"];
/** The steps that go through the run queue, whose tickets `--seniority` moves. */
const QUEUED = new Set(["tests", "checkWrong", "checkRight"]);
const CPU_MS = [0.4, 8.8, 8.1, 17.6, 12.3, 25.9];
const TARGET_P95_MS = 1500;
/** `--burst`: how long before the burst the sessions were made, spread evenly (their ages differ, as in a room). */
const SESSIONS_SPREAD_MS = 5000;

/** A seeded generator, so a model run gives the same figures every time. */
function random(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A binary heap of events by time, then by order of scheduling. */
class Events {
  items = [];
  seq = 0;
  push(time, event) {
    const items = this.items;
    items.push({ time, seq: this.seq++, event });
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop() {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length) {
      items[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let m = i;
        if (l < items.length && before(items[l], items[m])) m = l;
        if (r < items.length && before(items[r], items[m])) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m], items[i]];
        i = m;
      }
    }
    return top;
  }
  get size() {
    return this.items.length;
  }
}
const before = (a, b) => a.time < b.time || (a.time === b.time && a.seq < b.seq);

/** One room: each step's latencies (ms) and the whole run. */
export function modelRoom({ n, cores, cpu, rampMs = 0, seniority = 0, seniorityMaxMs = 10_000, steps = STEPS, seed = 1 }) {
  const next = random(seed);
  const events = new Events();
  const waiting = [];
  const latencies = Object.fromEntries(steps.map((s) => [s, []]));
  const sessionMade = new Map();
  let free = cores;
  let now = 0;
  // Without a create step (a burst), the sessions were made before, over SESSIONS_SPREAD_MS.
  if (!steps.includes("create")) for (let i = 0; i < n; i++) sessionMade.set(i, -SESSIONS_SPREAD_MS * (1 - i / n));
  for (let i = 0; i < n; i++) events.push((rampMs * i) / n, { kind: "arrive", learner: i, step: 0 });
  while (events.size) {
    const { time, event } = events.pop();
    now = time;
    const name = steps[event.step];
    if (event.kind === "arrive") {
      const made = sessionMade.get(event.learner);
      const lead = seniority > 0 && QUEUED.has(name) && made !== undefined ? seniority * Math.min(seniorityMaxMs, now - made) : 0;
      waiting.push({ ...event, arrived: now, ticket: now - lead, ms: cpu[name] * (0.8 + 0.4 * next()) });
    } else {
      free++;
      latencies[name].push(now - event.arrived);
      if (name === "create") sessionMade.set(event.learner, now);
      if (event.step + 1 < steps.length) events.push(now, { kind: "arrive", learner: event.learner, step: event.step + 1 });
    }
    // Every job of this instant is in before a core picks: ties go by arrival.
    if (events.size && events.items[0].time === now) continue;
    waiting.sort((a, b) => a.ticket - b.ticket);
    while (free > 0 && waiting.length) {
      const job = waiting.shift();
      free--;
      events.push(now + job.ms, { ...job, kind: "done" });
    }
  }
  return { wholeMs: now, latencies };
}

function cpuArg(args) {
  if (args.cpu === undefined) return Object.fromEntries(STEPS.map((s, i) => [s, CPU_MS[i]]));
  const values = String(args.cpu).split(",").map(Number);
  if (values.length !== STEPS.length || values.some((v) => !(v >= 0))) throw new Error(`--cpu takes ${STEPS.length} numbers: ${STEPS.join(",")}`);
  return Object.fromEntries(STEPS.map((s, i) => [s, values[i]]));
}

export async function main(args) {
  const n = intArg(args, "n", 200);
  const cores = intArg(args, "cores", 2);
  const cpu = cpuArg(args);
  const seniority = args.seniority === undefined ? 0 : Number(args.seniority);
  const burst = typeof args.burst === "string" ? args.burst : undefined;
  if (burst !== undefined && !STEPS.includes(burst)) throw new Error(`--burst takes one of ${STEPS.join(", ")}`);
  const steps = burst ? [burst] : STEPS;
  const { wholeMs, latencies } = modelRoom({
    n,
    cores,
    cpu,
    steps,
    rampMs: intArg(args, "ramp", 0) * 1000,
    seniority,
    seniorityMaxMs: intArg(args, "seniority-max", 10) * 1000,
  });
  const rows = steps.map((s) => {
    const { median, p95 } = summarize(latencies[s]);
    return { figure: `${s} (${cpu[s]} ms of CPU) p50 / p95`, value: `${round(median, 0)} / ${round(p95, 0)}`, unit: "ms", target: `p95 ≤ ${TARGET_P95_MS} ms` };
  });
  rows.push({ figure: "whole run", value: round(wholeMs / 1000), unit: "s" });
  const order = seniority > 0 ? `tickets moved by ${seniority} × session age` : "first come, first served";
  printTable(`Room model: ${n} learners${burst ? ` pressing ${burst} at once` : ""} on ${cores} cores, ${order}`, rows);
}

runIfMain(import.meta, main);
