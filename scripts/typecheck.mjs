// `npm run typecheck`: every layer's tsconfig, each with its own environment's types (see tsconfig.base.json),
// and a check that no TypeScript file is left out of all of them (a file in no tsconfig is never type-checked).
import { execFileSync, spawn } from "node:child_process";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

// Tracked files and new ones not yet committed (but not ignored ones), so a helper's new file is checked before it lands.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => f && ts.sys.fileExists(resolve(root, f)));
const configs = files.filter((f) => /(^|\/)tsconfig(\.[\w-]+)?\.json$/.test(f) && !f.endsWith("tsconfig.base.json")).sort();
const sources = files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f));

const covered = new Set();
const toCheck = [];
for (const config of configs) {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const names = parsed?.fileNames ?? [];
  for (const name of names) covered.add(relative(root, name));
  // A layer with no files yet (no specs in it, say) has nothing to check; tsc would call that an error.
  if (names.length || !parsed) toCheck.push(config);
}
const orphans = sources.filter((f) => !covered.has(f));
if (orphans.length) {
  console.error(`typecheck: ${orphans.length} TypeScript file(s) are in no tsconfig (add them to the include of their layer's tsconfig.json):`);
  for (const f of orphans) console.error(`  ${f}`);
}

// Two at a time: the machine has two cores.
const failed = [];
const queue = [...toCheck];
async function worker() {
  for (let config = queue.shift(); config; config = queue.shift()) {
    const started = Date.now();
    const output = await new Promise((done) => {
      const child = spawn(process.execPath, [tsc, "-p", config, "--pretty", "false"], { cwd: root });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.stderr.on("data", (d) => (text += d));
      child.on("close", (code) => done({ code, text }));
    });
    console.log(`typecheck: ${config} ${output.code === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (output.code !== 0) {
      failed.push(config);
      process.stdout.write(output.text);
    }
  }
}
await Promise.all([worker(), worker()]);
if (failed.length || orphans.length) process.exit(1);
