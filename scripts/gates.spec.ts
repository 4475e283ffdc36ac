// The gates themselves can fail. One copy of the whole project gets planted errors, then one `npm run typecheck`
// and one `npm run lint` run in it: a type error in each layer, a global from the wrong
// environment and a TypeScript file outside every tsconfig fail typecheck; an import across a layer's boundary (at a
// folder depth no file has yet, too), a cycle, a fetch outside the bridge, an unused export or dependency and code
// outside the format fail lint. Each test reads its gate's output.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
let copy: string;
let typecheck: { status: number | null; output: string };
let lint: { status: number | null; output: string };

/** Planted for typecheck: each a type error in its layer, except src/fine.ts (well typed) and public/orphan.ts (in no tsconfig). */
const TYPE_ERRORS: Record<string, string> = {
  "src/planted-type.ts": "export const width: number = process.argv.length;\n", // Node global in the SPA
  "src/planted-type.spec.ts": 'export const n: number = "x";\n',
  "server/planted-type.ts": 'export const port: number = "8080";\n',
  "runtime/sdk/planted-type.ts": "export const title: string = document.title;\n", // DOM global in the sandbox
  "runtime/sdk/planted-type.spec.ts": 'export const n: number = "x";\n',
  "contract/planted-type.ts": "export const n: number = null;\n",
  "lessons/01-acts-without-asking/files/planted-type.ts": 'export const n: number = "x";\n',
  "lessons/planted-type.spec.ts": 'export const n: number = "x";\n',
  "checks/c1-confirm-before-deleting/planted-type.ts": "export const n: number = process.pid;\n",
  "e2e/planted-type.ts": 'export const n: number = "x";\n',
  "bench/planted-type.ts": 'export const n: number = "x";\n',
  "deploy/planted-type.ts": 'export const n: number = "x";\n',
  "scripts/planted-type.ts": 'export const n: number = "x";\n',
  "scripts/conformance-project/planted-type.tool.ts": "export const n: number = process.pid;\n",
};
const WELL_TYPED = { "src/fine.ts": "export const width: number = window.innerWidth;\n", "public/orphan.ts": "export const n = 1;\n" };

/** Planted for lint, after typecheck has run, each failing one rule (those importing across a boundary would fail typecheck too). */
const LINT_ERRORS: Record<string, string> = {
  "src/app/planted.ts": 'import type { Playground } from "../../server/app";\nexport type P = Playground;\n',
  // Deeper than any folder of the SPA or the runtime has today: the boundary holds at every depth.
  "src/tabs/wire/deeper/planted.ts": 'import type { Playground } from "../../../../server/app";\nexport type P = Playground;\n',
  "runtime/testing/deeper/planted.ts": 'import { startPlayground } from "../../../server/app";\nexport const s = startPlayground;\n',
  "runtime/testing/planted.ts": 'import { startPlayground } from "../../server/app";\nexport const s = startPlayground;\n',
  "src/tabs/planted-fetch.ts": 'export const reset = () => fetch("/api/sessions/x/reset", { method: "POST" });\n',
  "src/planted-node.ts": 'import { readFile } from "node:fs";\nexport const r = readFile;\n',
  "runtime/sdk/planted.ts": 'import { readFile } from "node:fs/promises";\nexport const r = readFile;\n',
  "server/planted-a.ts": 'import { b } from "./planted-b";\nexport const a = () => b;\n',
  "server/planted-b.ts": 'import { a } from "./planted-a";\nexport const b = () => a;\n',
};

function plant(path: string, text: string) {
  mkdirSync(dirname(join(copy, path)), { recursive: true });
  writeFileSync(join(copy, path), text);
}

function edit(path: string, change: (text: string) => string) {
  writeFileSync(join(copy, path), change(readFileSync(join(copy, path), "utf8")));
}

function run(script: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn("npm", ["run", "--silent", script], { cwd: copy });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (status) => done({ status, output }));
  });
}

/** A git work tree at a new temporary path holding the project's files. */
function copyProject(): string {
  const into = mkdtempSync(join(tmpdir(), "gates-"));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  for (const f of files.filter((f) => f && existsSync(join(root, f)))) cpSync(join(root, f), join(into, f));
  // node_modules by link, entry by entry, so the copy's tsc cache stays its own. It starts from the project's own
  // (when typecheck has run), so tsc checks again only what the planted files change.
  mkdirSync(join(into, "node_modules"));
  for (const entry of readdirSync(join(root, "node_modules")))
    if (entry !== ".cache") symlinkSync(join(root, "node_modules", entry), join(into, "node_modules", entry));
  if (existsSync(join(root, "node_modules/.cache/tsc")))
    cpSync(join(root, "node_modules/.cache/tsc"), join(into, "node_modules/.cache/tsc"), { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: into });
  execFileSync("git", ["add", "-A"], { cwd: into });
  return into;
}

/** The files a tool's output names with a diagnostic, by the pattern that marks its lines. */
const named = (output: string, pattern: RegExp) => new Set([...output.matchAll(pattern)].map((m) => m[1]));

beforeAll(async () => {
  copy = copyProject();
  // Type errors first, alone: tsc stops at a boundary import (TS6307) and reports nothing else of that layer.
  for (const [path, text] of Object.entries({ ...TYPE_ERRORS, ...WELL_TYPED })) plant(path, text);
  typecheck = await run("typecheck");
  for (const [path, text] of Object.entries(LINT_ERRORS)) plant(path, text);
  edit("server/config.ts", (text) => `${text}\nexport const   plantedSpacing = {a:1}\nexport const plantedUnused = 1;\n`);
  edit("lessons/01-acts-without-asking/files/close-ticket.tool.ts", (text) => `${text}\nconst   keptAsWritten = {a:1}\n`);
  edit("package.json", (text) => text.replace('"dependencies": {', '"dependencies": {\n    "planted-unused-package": "1.0.0",'));
  lint = await run("lint");
}, 1_800_000); // a bound for a loaded machine (two gates over the whole project), not a speed target

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("the gates", () => {
  test("a type error in any layer, a global from the wrong environment, or a file in no tsconfig fails typecheck", () => {
    expect(typecheck.status).not.toBe(0);
    const failing = named(typecheck.output, /^(\S+)\(\d+,\d+\): error/gm);
    // Every planted error fails, and only planted files do: not the well-typed file beside them.
    for (const path of Object.keys(TYPE_ERRORS)) expect(failing, path).toContain(path);
    for (const path of failing) expect(Object.keys(TYPE_ERRORS)).toContain(path);
    expect(typecheck.output).toMatch(/^src\/planted-type\.ts.*Cannot find name 'process'/m);
    expect(typecheck.output).toMatch(/^runtime\/sdk\/planted-type\.ts.*Cannot find name 'document'/m);
    expect(typecheck.output).toMatch(/^checks\/c1-confirm-before-deleting\/planted-type\.ts.*Cannot find name 'process'/m);
    expect(typecheck.output).toMatch(/in no tsconfig[\s\S]*public\/orphan\.ts/);
  });

  test("an import across a boundary at any depth, a cycle or a fetch outside the bridge fails lint", () => {
    expect(lint.status).not.toBe(0);
    const failing = named(lint.output, /^(\S+):\d+:\d+ (?:lint\/|boundary )/gm);
    expect([...failing].sort()).toEqual(Object.keys(LINT_ERRORS).sort());
    expect(lint.output).toMatch(/^src\/app\/planted\.ts:\d+:\d+ boundary \.\.\/\.\.\/server\/app: The SPA/m);
    expect(lint.output).toMatch(/^src\/tabs\/wire\/deeper\/planted\.ts:\d+:\d+ boundary \.\.\/\.\.\/\.\.\/\.\.\/server\/app: The SPA/m);
    expect(lint.output).toMatch(/^runtime\/testing\/deeper\/planted\.ts:\d+:\d+ boundary .*Runtime code/m);
    expect(lint.output).toMatch(/^runtime\/testing\/planted\.ts:\d+:\d+ boundary .*Runtime code/m);
    expect(lint.output).toMatch(/^src\/planted-node\.ts:\d+:\d+ lint\/correctness\/noNodejsModules/m);
    expect(lint.output).toMatch(/^src\/tabs\/planted-fetch\.ts:\d+:\d+ lint\/style\/noRestrictedGlobals/m);
    expect(lint.output).toMatch(/^runtime\/sdk\/planted\.ts:\d+:\d+ lint\/correctness\/noNodejsModules/m);
    expect(lint.output).toMatch(/^server\/planted-a\.ts:\d+:\d+ lint\/suspicious\/noImportCycles/m);
  });

  test("code outside the format fails lint, and the learner's starter files are left as written", () => {
    expect(lint.output).toMatch(/^server\/config\.ts format/m);
    expect(lint.output).not.toMatch(/lessons\/01-acts-without-asking\/files\S* format/);
  });

  test("an unused export or dependency fails lint", () => {
    expect(lint.output).toMatch(/Unused exports[\s\S]*plantedUnused/);
    expect(lint.output).toMatch(/Unused dependencies[\s\S]*planted-unused-package/);
  });
});
