// Reads the .heapprofile files bench/servers/allocation-sampling.mjs wrote and prints, per file, the bytes allocated by
// package (a node_modules package, Node's own `node:` code, ours, or V8 builtins by name) and by allocating function,
// so "who allocates" is a figure. Usage: node bench/allocation-summary.mjs <dir> [--top 20]
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { intArg, parseArgs } from "./lib/args.mjs";

const MB = 2 ** 20;

function packageOf(frame) {
  const inModules = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (inModules) return inModules[1];
  if (frame.url.startsWith("node:")) return "node:";
  if (frame.url) return "ours";
  // V8 builtins (Map, Array push, promise jobs) and code from `new Function` have no file.
  return `(no file) ${frame.functionName || "(anonymous)"}`;
}

function summarize(profile) {
  const byPackage = new Map();
  const byFunction = new Map();
  let bytes = 0;
  const visit = (node) => {
    if (node.selfSize > 0) {
      bytes += node.selfSize;
      const frame = node.callFrame;
      const pkg = packageOf(frame);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
      const fn = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(server|runtime|contract|bench)\//, "$1/")}:${frame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(profile.head);
  return { bytes, byPackage, byFunction };
}

const args = parseArgs();
const dir = process.argv[2];
const top = intArg(args, "top", 20);
for (const name of (await readdir(dir)).filter((f) => f.endsWith(".heapprofile")).sort()) {
  const s = summarize(JSON.parse(await readFile(join(dir, name), "utf8")));
  const rows = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  const line = (k, b) => `  ${(b / MB).toFixed(1).padStart(7)} MB ${((100 * b) / s.bytes).toFixed(1).padStart(5)}%  ${k}`;
  console.log(`\n### ${name}: ${(s.bytes / MB).toFixed(1)} MB allocated (sampled)`);
  console.log("by package:");
  for (const [k, b] of rows(s.byPackage)) console.log(line(k, b));
  console.log("by allocating function:");
  for (const [k, b] of rows(s.byFunction)) console.log(line(k, b));
}
