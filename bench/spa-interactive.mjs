// The first screen in headless Chromium on loopback, for a plain link, a share link and a lesson deep link:
// - the time from navigation to an interactive Call tab (the first frame with the Call button enabled and a tool
//   selected, on the page's own clock), median and p95 over fresh contexts (an empty cache, as a learner opening
//   the link), with the load average beside it;
// - the depth of the request chain from navigation to the first call's result when Call is pressed as soon as it
//   is enabled: the longest run of requests each started after the one before it finished, counting what can hold
//   a call back (the page, scripts, style sheets, fetches) and leaving out the editor's chunks, fonts, images and
//   event streams;
// - the gzipped JS the Call tab needed by then with the editor's chunks blocked, and the MCP client's chunk, which
//   the page preloads beside its entry for the first press (with the chunks it imports, the schema library among them).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { deflateRawSync, gzipSync } from "node:zlib";
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
const TARGET_MS = 250;
const TARGET_KB = 150;
const TARGET_DEPTH = 4;
// Monaco and its workers, as Vite names their chunks.
const EDITOR_CHUNK = /\/assets\/(MonacoEditor|code-editor|tsMode|editor\.worker|ts\.worker|typescript)[-.][^/]*\.(js|css)$/;
const COUNTED = new Set(["document", "script", "stylesheet", "fetch", "xhr"]);
const LEFT_OUT = (r) => !COUNTED.has(r.resourceType()) || EDITOR_CHUNK.test(r.url()) || /\/(traffic|events)(\?|$)/.test(r.url());

/** The chunks dist/index.html preloads for the first press of Call: every modulepreload but the entry itself. */
async function preloadedForCall() {
  const html = await readFile(join(REPO, "dist", "index.html"), "utf8");
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  return new Set([...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]).filter((href) => href !== entry));
}

async function gzipOf(url, cache) {
  const path = join(REPO, "dist", new URL(url).pathname);
  if (!cache.has(path)) cache.set(path, existsSync(path) ? gzipSync(await readFile(path)).length : 0);
  return cache.get(path);
}

/** A share link as the page writes it (contract of src/project/share-link.ts): the lesson's files, one of them edited. */
function shareLinkFor(base, lesson) {
  const [name] = Object.keys(lesson.files).filter((n) => n.endsWith(".tool.ts"));
  const files = { ...lesson.files, [name]: `// shared with a note\n${lesson.files[name]}` };
  const packed = deflateRawSync(Buffer.from(JSON.stringify({ v: 1, lesson: lesson.id, files })));
  return `${base}/?lesson=${encodeURIComponent(lesson.id)}#project=${packed.toString("base64url")}`;
}

/** Each request's depth: 1 + the deepest request that had finished before it started. */
function chainDepth(requests, target) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const r of sorted) depth.set(r, 1 + Math.max(0, ...sorted.filter((q) => q !== r && q.end <= r.start).map((q) => depth.get(q))));
  const chain = [];
  for (let r = target; r; ) {
    chain.unshift(r);
    const d = depth.get(r) - 1;
    r = sorted.find((q) => q.end <= r.start && depth.get(q) === d);
  }
  return { depth: depth.get(target), chain: chain.map((r) => r.name) };
}

const shortName = (r) => {
  const u = new URL(r.url());
  const body = r.postData() ?? "";
  const method = /"method"\s*:\s*"([^"]+)"/.exec(body)?.[1];
  return `${r.method()} ${u.pathname.replace(/[A-Za-z0-9_-]{22}/, "{id}").replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, ".$1")}${method ? ` ${method}` : ""}`;
};

/**
 * Runs in the page before its scripts: notes the time from navigation (the page's own clock) to the first frame
 * in which the Call button is enabled with a tool chosen. Read in the page, the figure leaves out how long the
 * driver takes to notice, which grows with every long task on the page's main thread.
 */
function markCallReady() {
  const ready = () => {
    const call = [...document.querySelectorAll("#panel-call button")].find((b) => /^Call/.test(b.textContent ?? ""));
    return call && !call.disabled && document.querySelector('[role="radiogroup"][aria-label="Tool"] input:checked');
  };
  // Checked each frame rather than on DOM mutations: a radio's `checked` is a property, which no observer sees.
  const frame = () => (ready() ? (window.__callReadyAt = performance.now()) : requestAnimationFrame(frame));
  requestAnimationFrame(frame);
}

/** One fresh context: ms to an interactive Call tab; with `press`, the chain to the first call's result. */
async function visit(browser, url, { blockEditor = false, press = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (blockEditor) await context.route(EDITOR_CHUNK, (route) => route.abort());
  await context.addInitScript(markCallReady);
  const page = await context.newPage();
  const requests = [];
  const scripts = new Set();
  page.on("requestfinished", (r) => {
    if (r.resourceType() === "script" && !EDITOR_CHUNK.test(r.url())) scripts.add(r.url());
    if (LEFT_OUT(r)) return;
    const t = r.timing();
    requests.push({ request: r, name: shortName(r), start: t.startTime, end: t.startTime + t.responseEnd });
  });
  await page.goto(url, { waitUntil: "commit" });
  const ms = await page.waitForFunction(() => window.__callReadyAt).then((h) => h.jsonValue());
  const call = page.getByRole("button", { name: /^Call/ });
  let chain;
  if (press) {
    // A required text argument gets a ticket id, as a learner would type; typing sends nothing.
    for (const input of await page.locator("#panel-call input[type=text][required]").all()) await input.fill("T-1");
    const answered = page.waitForEvent("requestfinished", { predicate: (r) => /"tools\/call"/.test(r.postData() ?? ""), timeout: 15_000 });
    await call.click();
    await answered.catch(() => undefined);
    await page.waitForTimeout(100);
    const toolsCall = requests.find((r) => r.name.endsWith("tools/call"));
    chain = toolsCall ? chainDepth(requests, toolsCall) : { depth: NaN, chain: ["no tools/call seen"] };
  }
  await context.close();
  return { ms, scripts: [...scripts], chain };
}

async function lessonsOf(base) {
  const list = await (await fetch(`${base}/api/lessons`)).json();
  return Promise.all(list.map(async (l) => (await fetch(`${base}/api/lessons/${l.id}`)).json()));
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
  const forCall = await preloadedForCall();
  const lessons = await lessonsOf(server.url);
  // The deep link opens a later lesson written for a 2026-07-28 client, as the plain link's first lesson is.
  const deep = lessons.find((l, i) => i > 2 && l.persona === lessons[0].persona) ?? lessons.at(-1);
  const links = {
    plain: `${server.url}/`,
    share: shareLinkFor(server.url, lessons[1]),
    deep: `${server.url}/?lesson=${encodeURIComponent(deep.id)}`,
  };
  const results = {};
  try {
    for (const [kind, url] of Object.entries(links)) {
      // One visit warms the server and the OS file cache for this link; then the runs.
      await visit(browser, url);
      const load = [loadavg()[0]];
      const times = [];
      for (let i = 0; i < runs; i++) times.push((await visit(browser, url)).ms);
      load.push(loadavg()[0]);
      const { chain } = await visit(browser, url, { press: true });
      const { scripts } = await visit(browser, url, { blockEditor: true });
      const js = await Promise.all(scripts.map(async (u) => ({ url: new URL(u).pathname, gzip: await gzipOf(u, sizes) })));
      const kb = (files) => files.reduce((a, f) => a + f.gzip, 0) / 1024;
      const client = js.filter((f) => forCall.has(f.url));
      results[kind] = {
        url: kind === "share" ? `${url.slice(0, 80)}…` : url,
        timeToInteractiveMs: summarize(times),
        loadAverage: load.map((l) => round(l, 2)),
        chain,
        callTabGzipKB: round(kb(js.filter((f) => !forCall.has(f.url))), 1),
        mcpClientGzipKB: round(kb(client), 1),
        js,
      };
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = [];
  for (const [kind, r] of Object.entries(results)) {
    rows.push(
      {
        figure: `${kind}: to interactive Call, median / p95 (load average ${r.loadAverage.join(" → ")})`,
        value: `${round(r.timeToInteractiveMs.median, 0)} / ${round(r.timeToInteractiveMs.p95, 0)}`,
        unit: "ms",
        target: `median ≤ ${TARGET_MS} ms`,
      },
      { figure: `${kind}: request chain to the first call's result (${r.chain.chain.join(" → ")})`, value: r.chain.depth, target: `≤ ${TARGET_DEPTH}` },
      { figure: `${kind}: JS the Call tab needs before Call is enabled, gzip`, value: r.callTabGzipKB, unit: "KB", target: `≤ ${TARGET_KB} KB` },
      { figure: `${kind}: MCP client and its chunks, preloaded beside the entry, gzip`, value: r.mcpClientGzipKB, unit: "KB" },
    );
  }
  printTable(`First screen in headless Chromium (${runs} fresh contexts per link, loopback)`, rows);
  const result = { links: results, target: { medianMs: TARGET_MS, chainDepth: TARGET_DEPTH, callTabGzipKB: TARGET_KB } };
  await writeResult("spa-interactive", result);
  return result;
}

runIfMain(import.meta, main);
