// Time from navigation to an interactive Call tab in headless Chromium on loopback, and the gzipped JS the page
// fetched by then. "Interactive" means the Call button is enabled with a tool selected: a learner can press it.
// The editor starts loading when the browser is idle, often before the Call tab is ready, so a second pass blocks
// the editor's chunks: what the Call tab still needs then is the first screen's JS.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { intArg } from "./lib/args.mjs";
import { REPO, startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, summarize } from "./lib/stats.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TARGET_KB = 300;
// Monaco and its workers, as Vite names their chunks.
const EDITOR_CHUNK = /\/assets\/(MonacoEditor|tsMode|editor\.worker|ts\.worker)[-.][^/]*\.js$/;

async function gzipOf(url, cache) {
  const path = join(REPO, "dist", new URL(url).pathname);
  if (!cache.has(path)) cache.set(path, existsSync(path) ? gzipSync(await readFile(path)).length : 0);
  return cache.get(path);
}

/** One fresh browser context (an empty cache, as a learner opening the link): ms to interactive and scripts requested. */
async function visit(browser, url, blockEditor) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (blockEditor) await context.route(EDITOR_CHUNK, (route) => route.abort());
  const page = await context.newPage();
  const scripts = new Set();
  page.on("request", (r) => r.resourceType() === "script" && !(blockEditor && EDITOR_CHUNK.test(r.url())) && scripts.add(r.url()));
  const started = performance.now();
  await page.goto(url);
  await page.getByRole("radio", { checked: true }).last().waitFor();
  await page.getByRole("button", { name: /^Call/ }).and(page.locator(":enabled")).waitFor();
  const ms = performance.now() - started;
  await context.close();
  return { ms, scripts: [...scripts] };
}

export async function main(args) {
  if (!existsSync(join(REPO, "dist", "index.html")) || !existsSync(CHROMIUM)) {
    console.log("\n## SPA in the browser: needs dist/ (npm run build) and chromium; skipped");
    return { skipped: true };
  }
  const runs = intArg(args, "iterations", 10);
  const server = await startChild("bench/servers/playground.ts");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const sizes = new Map();
  const passes = { normal: { times: [], js: [] }, editorBlocked: { times: [], js: [] } };
  try {
    // The first pair warms the server and the OS file cache; then the two passes alternate.
    await visit(browser, server.url, false);
    await visit(browser, server.url, true);
    for (let i = 0; i < runs * 2; i++) {
      const blockEditor = i % 2 === 1;
      const pass = blockEditor ? passes.editorBlocked : passes.normal;
      const { ms, scripts } = await visit(browser, server.url, blockEditor);
      pass.times.push(ms);
      pass.js = await Promise.all(scripts.map(async (url) => ({ url: new URL(url).pathname, gzip: await gzipOf(url, sizes) })));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const kb = (js) => js.reduce((a, f) => a + f.gzip, 0) / 1024;
  const normal = summarize(passes.normal.times);
  const blocked = summarize(passes.editorBlocked.times);
  const firstScreen = passes.editorBlocked.js.map((f) => f.url.replace("/assets/", "")).join(", ");
  printTable(`SPA in headless Chromium (${runs} fresh contexts per pass, loopback)`, [
    { figure: "navigation to interactive Call tab, median / p95", value: `${round(normal.median, 0)} / ${round(normal.p95, 0)}`, unit: "ms" },
    { figure: "JS requested by then, gzip (the editor starts when idle)", value: round(kb(passes.normal.js), 1), unit: "KB" },
    { figure: "editor's chunks blocked: to interactive, median / p95", value: `${round(blocked.median, 0)} / ${round(blocked.p95, 0)}`, unit: "ms" },
    { figure: `first screen's JS (${firstScreen})`, value: round(kb(passes.editorBlocked.js), 1), unit: "KB", target: `≤ ${TARGET_KB} KB` },
  ]);
  const result = {
    normal: { timeToInteractiveMs: normal, js: passes.normal.js },
    editorBlocked: { timeToInteractiveMs: blocked, js: passes.editorBlocked.js, gzipKB: kb(passes.editorBlocked.js) },
    target: { firstScreenGzipKB: TARGET_KB },
  };
  await writeResult("spa-interactive", result);
  return result;
}

runIfMain(import.meta, main);
