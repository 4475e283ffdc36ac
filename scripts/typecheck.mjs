// `npm run typecheck`: one incremental `tsc -b` over every layer's composite project (tsconfig.json lists them, each
// with its own environment's types: see tsconfig.base.json), and a check that no TypeScript file is left out of all
// of them (a file in no tsconfig is never type-checked).
import { execFileSync, spawnSync } from "node:child_process";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

// Tracked files and new ones not yet committed (but not ignored ones), so a new file is checked before it lands.
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => f && ts.sys.fileExists(resolve(root, f)));
const configs = files.filter((f) => /(^|\/)tsconfig(\.[\w-]+)?\.json$/.test(f) && !f.endsWith("tsconfig.base.json"));
const sources = files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f));

const covered = new Set();
for (const config of configs) {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  for (const name of parsed?.fileNames ?? []) covered.add(relative(root, name));
}
const orphans = sources.filter((f) => !covered.has(f));
if (orphans.length) {
  console.error(`typecheck: ${orphans.length} TypeScript file(s) are in no tsconfig (add them to the include of their layer's tsconfig.json):`);
  for (const f of orphans) console.error(`  ${f}`);
}

// A project with errors still emits its declarations, so every layer is checked in the same run.
const build = spawnSync(process.execPath, [tsc, "-b", "tsconfig.json", "--pretty", "false"], { cwd: root, stdio: "inherit" });
if (build.status !== 0 || orphans.length) process.exit(1);
