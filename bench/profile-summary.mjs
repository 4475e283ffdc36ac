// Reads the .cpuprofile files a benchmark wrote (BENCH_CPU_PROF=<dir>) and prints, per thread, the busiest
// functions by self time and by inclusive time, so "what dominates" is a figure and not a guess.
// Usage: node bench/profile-summary.mjs <dir> [--top 15]
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { intArg, parseArgs } from "./lib/args.mjs";

function where(frame) {
  const file = frame.url.replace(/^.*\//, "") || "(native)";
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
}

function summarize(profile, top) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas;
  let sampled = 0;
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") return;
    sampled += ms;
    const key = where(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const k = where(byId.get(at).callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  });
  const best = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { busyMs: sampled, self: best(self), total: best(total) };
}

const args = parseArgs();
const dir = process.argv[2];
const top = intArg(args, "top", 15);
for (const name of (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile")).sort()) {
  const s = summarize(JSON.parse(await readFile(join(dir, name), "utf8")), top);
  console.log(`\n### ${name}: ${s.busyMs.toFixed(0)} ms busy`);
  console.log("self:");
  for (const [k, ms] of s.self) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  console.log("inclusive:");
  for (const [k, ms] of s.total) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}
