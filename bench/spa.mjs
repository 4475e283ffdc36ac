// The SPA's JS weight from dist/ (run `npm run build` first): gzipped size of what the first screen loads (the entry
// chunk from index.html and everything it imports statically) against what loads later (dynamic imports such as
// Monaco, and web workers). No browser timing here: bench/spa-interactive.mjs times the page in Chromium.
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { REPO } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round } from "./lib/stats.mjs";

const DIST = join(REPO, "dist");
const TARGET_KB = 300;
// `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`; not `import("./x.js")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g;
// Any other mention of a sibling chunk: dynamic imports, Vite's preload map, worker URLs.
const CHUNK_MENTION = /["'`](?:\.\/|\/?assets\/)?([\w.-]+\.js)["'`]/g;

async function chunk(name, built) {
  const code = await readFile(join(DIST, "assets", name), "utf8");
  // Only names of built files count: bundled libraries (Monaco) hold example paths in strings too.
  const statics = new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1]).filter((n) => built.has(n)));
  const mentioned = new Set([...code.matchAll(CHUNK_MENTION)].map((m) => m[1]).filter((n) => built.has(n) && !statics.has(n) && n !== name));
  return { name, raw: Buffer.byteLength(code), gzip: gzipSync(code).length, statics, mentioned };
}

/** Chunks reachable from `roots` by static imports (and by any mention, with `all`), and those mentioned otherwise. */
async function closure(roots, cache, all = false) {
  const seen = new Set();
  const later = new Set();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    cache.has(name) || cache.set(name, await chunk(name, new Set(readdirSync(join(DIST, "assets")))));
    const c = cache.get(name);
    queue.push(...c.statics, ...(all ? c.mentioned : []));
    for (const m of c.mentioned) later.add(m);
  }
  return { chunks: seen, later: [...later].filter((n) => !seen.has(n)) };
}

export async function main() {
  if (!existsSync(join(DIST, "index.html"))) {
    console.log("\n## SPA: no dist/ (run `npm run build`); skipped");
    return { skipped: true };
  }
  const html = await readFile(join(DIST, "index.html"), "utf8");
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]);
  const cache = new Map();
  const first = await closure([...entries, ...preloads], cache);
  const lazy = await closure(first.later, cache, true);
  for (const name of first.chunks) lazy.chunks.delete(name);
  const sum = (names) => [...names].reduce((a, n) => a + cache.get(n).gzip, 0) / 1024;
  const list = (names) => [...names].map((n) => ({ chunk: n, gzipKB: round(cache.get(n).gzip / 1024, 1), rawKB: round(cache.get(n).raw / 1024, 1) }));
  const result = {
    firstScreen: { gzipKB: sum(first.chunks), chunks: list(first.chunks) },
    lazy: { gzipKB: sum(lazy.chunks), chunks: list(lazy.chunks) },
    target: { firstScreenGzipKB: TARGET_KB },
  };
  printTable("SPA JavaScript (gzip, from dist/)", [
    {
      figure: `first screen (${first.chunks.size} chunks: ${[...first.chunks].join(", ")})`,
      value: round(result.firstScreen.gzipKB, 1),
      unit: "KB",
      target: `≤ ${TARGET_KB} KB`,
    },
    ...result.lazy.chunks.map((c) => ({ figure: `later: ${c.chunk}`, value: c.gzipKB, unit: "KB" })),
    { figure: "later, in all", value: round(result.lazy.gzipKB, 1), unit: "KB" },
  ]);
  await writeResult("spa", result);
  return result;
}

runIfMain(import.meta, main);
