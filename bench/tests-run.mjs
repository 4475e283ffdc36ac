// Tests run: lesson 06's three-test file through POST /api/sessions/{id}/tests, end to end from the client.
import { apiOk } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, since, summarize } from "./lib/stats.mjs";

const LESSON = "06-testing-a-tool-that-asks";
const TARGET_MS = 150;

export async function main(args) {
  const iterations = intArg(args, "iterations", 60);
  const warmup = intArg(args, "warmup", 5);
  const playground = await startChild("bench/servers/playground.ts");
  try {
    const lesson = await apiOk(playground.url, "GET", `/api/lessons/${LESSON}`);
    const session = await apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201);
    const wall = [];
    const reported = [];
    for (let i = 0; i < warmup + iterations; i++) {
      const start = performance.now();
      const report = await apiOk(playground.url, "POST", `/api/sessions/${session.id}/tests`, {});
      const ms = since(start);
      if (report.passed !== 3 || report.failed !== 0) throw new Error(`expected 3 passing tests: ${JSON.stringify(report).slice(0, 400)}`);
      if (i < warmup) continue;
      wall.push(ms);
      reported.push(report.durationMs);
    }
    const result = { iterations, warmup, lesson: LESSON, wall: summarize(wall), serverDurationMs: summarize(reported), target: { medianMs: TARGET_MS } };
    printTable(`Tests run (3 tests, ${iterations} runs after ${warmup} warm-up)`, [
      { figure: "POST /tests median", value: round(result.wall.median), unit: "ms", target: `≤ ${TARGET_MS} ms` },
      { figure: "POST /tests p95", value: round(result.wall.p95), unit: "ms" },
      { figure: "report's durationMs median", value: round(result.serverDurationMs.median), unit: "ms" },
    ]);
    await writeResult("tests-run", result);
    return result;
  } finally {
    await playground.stop();
  }
}

runIfMain(import.meta, main);
