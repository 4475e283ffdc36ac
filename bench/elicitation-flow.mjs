// Elicitation flow: close_ticket (ask `confirm`, then close) on a playground session vs a bare official-SDK server.
// Both servers run as child processes; one raw 2026-07-28 fetch client drives both, interleaved, order alternating.
import { apiOk, confirmFlow } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, since, summarize } from "./lib/stats.mjs";

const LESSON = "06-testing-a-tool-that-asks";
const TARGET_RATIO = 1.25;

async function timed(fn) {
  const start = performance.now();
  await fn();
  return since(start);
}

export async function main(args) {
  const iterations = intArg(args, "iterations", 400);
  const warmup = intArg(args, "warmup", 50);
  const playground = await startChild("bench/servers/playground.ts");
  const bare = await startChild("bench/servers/bare-sdk.mjs");
  try {
    const lesson = await apiOk(playground.url, "GET", `/api/lessons/${LESSON}`);
    const session = await apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201);
    const flows = { playground: () => confirmFlow(session.mcpUrl, "T-1"), bare: () => confirmFlow(bare.mcpUrl, "T-1") };
    for (let i = 0; i < warmup; i++) for (const run of Object.values(flows)) await run();
    const samples = { playground: [], bare: [] };
    for (let i = 0; i < iterations; i++) {
      // Alternating who goes first cancels any advantage of running right after the other.
      const order = i % 2 ? ["playground", "bare"] : ["bare", "playground"];
      for (const name of order) samples[name].push(await timed(flows[name]));
    }
    const pg = summarize(samples.playground);
    const sdk = summarize(samples.bare);
    const result = {
      iterations,
      warmup,
      servers: "both in child processes on loopback; client in the parent",
      playground: pg,
      bare: sdk,
      ratioMedian: pg.median / sdk.median,
      ratioP95: pg.p95 / sdk.p95,
      target: { ratio: TARGET_RATIO },
    };
    printTable(`Elicitation flow (two round trips, ${iterations} interleaved pairs after ${warmup} warm-up)`, [
      { figure: "playground median", value: round(pg.median), unit: "ms" },
      { figure: "playground p95", value: round(pg.p95), unit: "ms" },
      { figure: "bare SDK median", value: round(sdk.median), unit: "ms" },
      { figure: "bare SDK p95", value: round(sdk.p95), unit: "ms" },
      { figure: "ratio (median)", value: round(result.ratioMedian), unit: "x", target: `≤ ${TARGET_RATIO}x` },
      { figure: "ratio (p95)", value: round(result.ratioP95), unit: "x", target: `≤ ${TARGET_RATIO}x` },
    ]);
    await writeResult("elicitation-flow", result);
    return result;
  } finally {
    await Promise.all([playground.stop(), bare.stop()]);
  }
}

runIfMain(import.meta, main);
