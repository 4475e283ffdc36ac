// The gates themselves can fail: in a copy of the project, a planted error in each layer fails `npm run typecheck`, a
// TypeScript file outside every tsconfig fails it too, and an import across a boundary fails `npm run lint`.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
let copy: string;
const planted: string[] = [];
const edited: [string, string][] = [];

function plant(path: string, text: string) {
  mkdirSync(dirname(join(copy, path)), { recursive: true });
  writeFileSync(join(copy, path), text);
  planted.push(path);
}

/** Changes a copied file for one test; afterEach puts the original back. */
function edit(path: string, change: (text: string) => string) {
  const original = readFileSync(join(copy, path), "utf8");
  edited.push([path, original]);
  writeFileSync(join(copy, path), change(original));
}

function run(script: string) {
  const result = spawnSync("npm", ["run", "--silent", script], { cwd: copy, encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "gates-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const f of files) {
    try {
      cpSync(join(root, f), join(copy, f), { recursive: false });
    } catch {
      // A file deleted in the work tree but still tracked.
    }
  }
  // node_modules by link, entry by entry, so the copy's tsc cache (node_modules/.cache) stays its own.
  mkdirSync(join(copy, "node_modules"));
  for (const entry of readdirSync(join(root, "node_modules"))) if (entry !== ".cache") symlinkSync(join(root, "node_modules", entry), join(copy, "node_modules", entry));
  execFileSync("git", ["init", "-q"], { cwd: copy });
  execFileSync("git", ["add", "-A"], { cwd: copy });
}, 60_000);

afterEach(() => {
  for (const path of planted.splice(0)) rmSync(join(copy, path), { force: true });
  for (const [path, original] of edited.splice(0)) writeFileSync(join(copy, path), original);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("the gates", () => {
  test("a type error in any layer, a global from the wrong environment, or a file in no tsconfig fails typecheck", () => {
    plant("src/planted.ts", "export const width: number = process.argv.length;\n"); // Node global in the SPA
    plant("server/planted.ts", 'export const port: number = "8080";\n');
    plant("runtime/sdk/planted.ts", "export const title: string = document.title;\n"); // DOM global in the sandbox
    plant("contract/planted.ts", "export const n: number = null;\n");
    plant("lessons/01-acts-without-asking/files/planted.ts", 'export const n: number = "x";\n');
    plant("checks/c1-confirm-before-deleting/planted.ts", "export const n: number = process.pid;\n");
    plant("e2e/planted.ts", 'export const n: number = "x";\n');
    plant("bench/planted.ts", 'export const n: number = "x";\n');
    plant("scripts/planted.ts", 'export const n: number = "x";\n');
    plant("scripts/conformance-project/planted.tool.ts", "export const n: number = process.pid;\n");
    plant("deploy/orphan.ts", "export const n = 1;\n");
    const { status, output } = run("typecheck");
    expect(status).not.toBe(0);
    // Only the planted files fail: the copy itself is clean.
    const failing = new Set([...output.matchAll(/^(\S+)\(\d+,\d+\): error/gm)].map((m) => m[1]));
    expect([...failing].sort()).toEqual(planted.filter((p) => p.endsWith("planted.ts") || p.endsWith("planted.tool.ts")).sort());
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
    expect(output).toMatch(/in no tsconfig[\s\S]*deploy\/orphan\.ts/);
  }, 240_000);

  test("an import across a boundary or a cycle fails lint", () => {
    plant("src/app/planted.ts", 'import type { Playground } from "../../server/app";\nexport type P = Playground;\n');
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
    expect(output).toMatch(/runtime\/sdk\/planted\.ts:\d+:\d+ lint\/correctness\/noNodejsModules/);
    expect(output).toMatch(/runtime\/testing\/planted\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(output).toMatch(/server\/planted-a\.ts:\d+:\d+ lint\/suspicious\/noImportCycles/);
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
