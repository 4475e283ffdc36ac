// The gates themselves can fail: a planted error in each layer fails `npm run typecheck`, a TypeScript file outside
// every tsconfig fails it too, and an import across a boundary, a cycle, an unused export or dependency, or code
// outside the format fail `npm run lint`. Lint runs in a copy of the whole project; typecheck in a copy of its configs
// alone with the planted files
// (checking the whole tree from a cold cache is what `npm run typecheck` itself does before the tests).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
let copy: string;
let configsOnly: string;
const planted: string[] = [];
const edited: [string, string][] = [];

function plant(path: string, text: string, into = copy) {
  mkdirSync(dirname(join(into, path)), { recursive: true });
  writeFileSync(join(into, path), text);
  if (into === copy) planted.push(path);
}

/** Changes a copied file for one test; afterEach puts the original back. */
function edit(path: string, change: (text: string) => string) {
  const original = readFileSync(join(copy, path), "utf8");
  edited.push([path, original]);
  writeFileSync(join(copy, path), change(original));
}

function run(script: string, cwd = copy) {
  const result = spawnSync("npm", ["run", "--silent", script], { cwd, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** A git work tree at a new temporary path holding those of the project's files that `keep` accepts. */
function copyProject(keep: (file: string) => boolean): string {
  const into = mkdtempSync(join(tmpdir(), "gates-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  for (const f of files.filter((f) => f && keep(f))) {
    try {
      cpSync(join(root, f), join(into, f));
    } catch {
      // A file deleted in the work tree but still tracked.
    }
  }
  // node_modules by link, entry by entry, so the copy's tsc cache (node_modules/.cache) stays its own.
  mkdirSync(join(into, "node_modules"));
  for (const entry of readdirSync(join(root, "node_modules")))
    if (entry !== ".cache") symlinkSync(join(root, "node_modules", entry), join(into, "node_modules", entry));
  execFileSync("git", ["init", "-q"], { cwd: into });
  execFileSync("git", ["add", "-A"], { cwd: into });
  return into;
}

beforeAll(() => {
  copy = copyProject(() => true);
  configsOnly = copyProject(
    (f) => /(^|\/)tsconfig[\w.-]*\.json$/.test(f) || f === "package.json" || f === "scripts/typecheck.mjs" || f.startsWith("runtime/types/"),
  );
}, 60_000);

afterEach(() => {
  for (const path of planted.splice(0)) rmSync(join(copy, path), { force: true });
  for (const [path, original] of edited.splice(0)) writeFileSync(join(copy, path), original);
});

afterAll(() => {
  for (const dir of [copy, configsOnly]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the gates", () => {
  test("a type error in any layer, a global from the wrong environment, or a file in no tsconfig fails typecheck", () => {
    plant("src/planted.ts", "export const width: number = process.argv.length;\n", configsOnly); // Node global in the SPA
    plant("server/planted.ts", 'export const port: number = "8080";\n', configsOnly);
    plant("runtime/sdk/planted.ts", "export const title: string = document.title;\n", configsOnly); // DOM global in the sandbox
    plant("contract/planted.ts", "export const n: number = null;\n", configsOnly);
    plant("lessons/01-acts-without-asking/files/planted.ts", 'export const n: number = "x";\n', configsOnly);
    plant("checks/c1-confirm-before-deleting/planted.ts", "export const n: number = process.pid;\n", configsOnly);
    plant("e2e/planted.ts", 'export const n: number = "x";\n', configsOnly);
    plant("bench/planted.ts", 'export const n: number = "x";\n', configsOnly);
    plant("scripts/planted.ts", 'export const n: number = "x";\n', configsOnly);
    plant("scripts/conformance-project/planted.tool.ts", "export const n: number = process.pid;\n", configsOnly);
    plant("public/orphan.ts", "export const n = 1;\n", configsOnly);
    plant("src/fine.ts", "export const width: number = window.innerWidth;\n", configsOnly);
    const { status, output } = run("typecheck", configsOnly);
    expect(status).not.toBe(0);
    // Exactly the planted errors fail, not the well-typed file beside them.
    const failing = new Set([...output.matchAll(/^(\S+)\(\d+,\d+\): error/gm)].map((m) => m[1]));
    expect(failing.has("src/fine.ts")).toBe(false);
    expect(failing.size).toBe(10);
    for (const config of [
      "src/tsconfig.json",
      "server/tsconfig.json",
      "runtime/tsconfig.json",
      "contract/tsconfig.json",
      "lessons/tsconfig.json",
      "e2e/tsconfig.json",
      "bench/tsconfig.json",
      "scripts/tsconfig.json",
      "scripts/conformance-project/tsconfig.json",
    ])
      expect(output).toContain(`typecheck: ${config} FAILED`);
    expect(output).toMatch(/src\/planted\.ts.*Cannot find name 'process'/);
    expect(output).toMatch(/runtime\/sdk\/planted\.ts.*Cannot find name 'document'/);
    expect(output).toMatch(/checks\/c1-confirm-before-deleting\/planted\.ts.*Cannot find name 'process'/);
    expect(output).toMatch(/in no tsconfig[\s\S]*public\/orphan\.ts/);
  }, 300_000);

  test("an import across a boundary, a cycle or a fetch outside the bridge fails lint", () => {
    plant("src/app/planted.ts", 'import type { Playground } from "../../server/app";\nexport type P = Playground;\n');
    plant("src/tabs/planted-fetch.ts", 'export const reset = () => fetch("/api/sessions/x/reset", { method: "POST" });\n');
    plant("src/planted-node.ts", 'import { readFile } from "node:fs";\nexport const r = readFile;\n');
    plant("runtime/sdk/planted.ts", 'import { readFile } from "node:fs/promises";\nexport const r = readFile;\n');
    plant("runtime/testing/planted.ts", 'import { startPlayground } from "../../server/app";\nexport const s = startPlayground;\n');
    plant("server/planted-a.ts", 'import { b } from "./planted-b";\nexport const a = () => b;\n');
    plant("server/planted-b.ts", 'import { a } from "./planted-a";\nexport const b = () => a;\n');
    const { status, output } = run("lint");
    expect(status).not.toBe(0);
    const failing = new Set([...output.matchAll(/^(\S+):\d+:\d+ lint\//gm)].map((m) => m[1]));
    expect([...failing].sort()).toEqual([...planted].sort());
    expect(output).toMatch(/src\/app\/planted\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(output).toMatch(/src\/planted-node\.ts:\d+:\d+ lint\/correctness\/noNodejsModules/);
    expect(output).toMatch(/src\/tabs\/planted-fetch\.ts:\d+:\d+ lint\/style\/noRestrictedGlobals/);
    expect(output).toMatch(/runtime\/sdk\/planted\.ts:\d+:\d+ lint\/correctness\/noNodejsModules/);
    expect(output).toMatch(/runtime\/testing\/planted\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(output).toMatch(/server\/planted-a\.ts:\d+:\d+ lint\/suspicious\/noImportCycles/);
  }, 120_000);

  test("code outside the format fails lint, and the learner's starter files are left as written", () => {
    edit("server/config.ts", (text) => `${text}\nexport const   plantedSpacing = {a:1}\n`);
    edit("lessons/01-acts-without-asking/files/close-ticket.tool.ts", (text) => `${text}\nconst   keptAsWritten = {a:1}\n`);
    const { status, output } = run("lint");
    expect(status).not.toBe(0);
    expect(output).toMatch(/server\/config\.ts format/);
    expect(output).not.toMatch(/lessons\/01-acts-without-asking\/files\S* format/);
  }, 120_000);

  test("an unused export or dependency fails lint", () => {
    edit("server/config.ts", (text) => `${text}\nexport const plantedUnused = 1;\n`);
    edit("package.json", (text) => text.replace('"dependencies": {', '"dependencies": {\n    "planted-unused-package": "1.0.0",'));
    const { status, output } = run("lint");
    expect(status).not.toBe(0);
    expect(output).toMatch(/Unused exports[\s\S]*plantedUnused/);
    expect(output).toMatch(/Unused dependencies[\s\S]*planted-unused-package/);
  }, 120_000);
});
