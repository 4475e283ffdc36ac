// Edit to ready: PUT /api/sessions/{id}/files with lesson 06's project, then the first tools/call (get_ticket).
// Three kinds of edit, because the server caches each file's transform by content:
//   same   - identical files (every transform is a cache hit)
//   one    - one file changed (a keystroke in the editor: one miss, the rest hits)
//   all    - every file changed (nothing cached: the full compile)
// Beside it, esbuild's own transform of the same files with the server's options, uncached: the floor.
import * as esbuild from "esbuild";
import { apiOk, readTicket } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, since, summarize } from "./lib/stats.mjs";

const LESSON = "06-testing-a-tool-that-asks";
const TARGET_MS = 25;
const EDITED_FILE = "close-ticket.tool.ts";
// The options server/compile/compile.ts passes to esbuild.transform.
const TRANSFORM_OPTIONS = {
  loader: "ts",
  format: "cjs",
  target: "es2022",
  sourcemap: "external",
  tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: true } },
};

/** The lesson's files with a changing trailing comment, so their content (and cache key) is new. */
function edited(files, mark, which) {
  return Object.fromEntries(Object.entries(files).map(([name, source]) => [name, which(name) ? `${source}\n// edit ${mark}\n` : source]));
}

async function esbuildFloor(files) {
  const start = performance.now();
  await Promise.all(Object.entries(files).map(([name, source]) => esbuild.transform(source, { ...TRANSFORM_OPTIONS, sourcefile: name })));
  return since(start);
}

export async function main(args) {
  const iterations = intArg(args, "iterations", 100);
  const warmup = intArg(args, "warmup", 10);
  const playground = await startChild("bench/servers/playground.ts");
  try {
    const lesson = await apiOk(playground.url, "GET", `/api/lessons/${LESSON}`);
    const session = await apiOk(playground.url, "POST", "/api/sessions", { files: lesson.files }, 201);
    const kinds = {
      same: () => lesson.files,
      one: (i) => edited(lesson.files, i, (name) => name === EDITED_FILE),
      all: (i) => edited(lesson.files, i, () => true),
    };
    const samples = { same: { put: [], ready: [] }, one: { put: [], ready: [] }, all: { put: [], ready: [] }, esbuild: [] };
    let mark = 0;
    for (let i = 0; i < warmup + iterations; i++) {
      // Interleaved, so background noise falls on every kind alike.
      for (const [kind, filesFor] of Object.entries(kinds)) {
        const files = filesFor(mark++);
        const start = performance.now();
        const built = await apiOk(playground.url, "PUT", `/api/sessions/${session.id}/files`, { files });
        const put = since(start);
        if (!built.tools.some((t) => t.name === "get_ticket")) throw new Error("the project did not load its tools");
        await readTicket(session.mcpUrl, "T-1");
        if (i < warmup) continue;
        samples[kind].put.push(put);
        samples[kind].ready.push(since(start));
      }
      const floor = await esbuildFloor(kinds.all(mark++));
      if (i >= warmup) samples.esbuild.push(floor);
    }
    const result = { iterations, warmup, files: Object.keys(lesson.files), target: { medianMs: TARGET_MS } };
    for (const kind of Object.keys(kinds)) result[kind] = { put: summarize(samples[kind].put), ready: summarize(samples[kind].ready) };
    result.esbuildTransform = summarize(samples.esbuild);
    const rows = [];
    for (const [kind, label] of [
      ["same", "unchanged files (cached)"],
      ["one", "one file changed"],
      ["all", "all files changed (uncached)"],
    ]) {
      rows.push({ figure: `${label}: PUT+call median`, value: round(result[kind].ready.median), unit: "ms", target: `≤ ${TARGET_MS} ms` });
      rows.push({ figure: `${label}: PUT+call p95`, value: round(result[kind].ready.p95), unit: "ms" });
      rows.push({ figure: `${label}: PUT alone median`, value: round(result[kind].put.median), unit: "ms" });
    }
    rows.push({ figure: "esbuild transform, same files (floor) median", value: round(result.esbuildTransform.median), unit: "ms" });
    rows.push({ figure: "esbuild transform p95", value: round(result.esbuildTransform.p95), unit: "ms" });
    printTable(`Edit to ready (${Object.keys(lesson.files).length} files, ${iterations} runs per kind after ${warmup} warm-up)`, rows);
    await writeResult("edit-to-ready", result);
    return result;
  } finally {
    await playground.stop();
  }
}

runIfMain(import.meta, main);
