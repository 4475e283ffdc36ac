// The editor's SDK declaration packs against the official-SDK lessons: TypeScript, set up as Monaco's worker is (the
// same options, in-memory files at the same paths, no package.json), reports nothing on the lessons' own files and
// does report a real type error in them. The browser test (e2e/editor-declarations.e2e.ts) shows the same in Monaco.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { ALREADY_LOADED, declarationPack, type DeclarationPack } from "../../scripts/editor-declarations";
import EDITOR_COMPILER_OPTIONS from "./editor-compiler-options.json";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TS_LIB = `${ROOT}node_modules/typescript/lib/`;

/** Every lesson and challenge starter whose files import an official SDK, and the challenge's solution. */
function officialProjects(): Array<{ name: string; files: Record<string, string> }> {
  const projects = [];
  const dirs = [...readdirSync(`${ROOT}lessons`).map((d) => `lessons/${d}/files`), ...readdirSync(`${ROOT}checks`).map((d) => `checks/${d}/solution`)];
  for (const dir of dirs) {
    if (!existsSync(`${ROOT}${dir}`)) continue;
    const files: Record<string, string> = {};
    for (const file of readdirSync(`${ROOT}${dir}`, { recursive: true, encoding: "utf8" }))
      if (/\.ts$/.test(file)) files[file] = readFileSync(`${ROOT}${dir}/${file}`, "utf8");
    if (Object.values(files).some((text) => text.includes("@modelcontextprotocol/"))) projects.push({ name: dir, files });
  }
  return projects;
}

/** A language service over in-memory files, as Monaco's worker has them; library files are the editor's only. */
function editorChecker(packs: DeclarationPack[], project: Record<string, string>) {
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(project)) files.set(`file:///project/${path}`, text);
  for (const pack of packs) for (const [path, text] of Object.entries(pack.files)) files.set(path, text);
  for (const file of readdirSync(`${ROOT}runtime/types`)) files.set(`file:///types/${file}`, readFileSync(`${ROOT}runtime/types/${file}`, "utf8"));
  // zod's files, which the editor loads for every project (monaco-setup.ts), read from disk when asked for.
  const zod = (path: string) => {
    const rel = path.replace("file:///node_modules/", "");
    return path.startsWith("file:///node_modules/zod/") && ALREADY_LOADED.some((re) => re.test(rel)) && existsSync(`${ROOT}node_modules/${rel}`)
      ? readFileSync(`${ROOT}node_modules/${rel}`, "utf8")
      : undefined;
  };
  // Monaco names libraries by their short name ("es2022") and looks them up as lib.<name>.d.ts.
  const lib = (name: string) => {
    const file = `${TS_LIB}${name.startsWith("lib.") ? name : `lib.${name}.d.ts`}`;
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };
  const text = (name: string) => files.get(name) ?? zod(name) ?? (name.includes("/") ? undefined : lib(name));
  const paths = Object.assign({}, ...packs.map((p) => p.paths)) as Record<string, string[]>;
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => ({ ...(EDITOR_COMPILER_OPTIONS as ts.CompilerOptions), paths }),
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const t = text(name);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => "",
    getDefaultLibFileName: () => "lib.es2020.full.d.ts",
    fileExists: (name) => text(name) !== undefined,
    readFile: (name) => text(name),
  };
  const service = ts.createLanguageService(host);
  return (path: string) =>
    [...service.getSyntacticDiagnostics(`file:///project/${path}`), ...service.getSemanticDiagnostics(`file:///project/${path}`)].map(
      (d) => `${path}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
    );
}

let packs: DeclarationPack[];
beforeAll(() => {
  packs = [declarationPack("sdk1"), declarationPack("sdk2")];
});

describe("the official SDKs' declarations in the editor", () => {
  const projects = officialProjects();

  test("lessons 13 to 16 and challenge c8 are among the projects checked", () => {
    const names = projects.map((p) => p.name).join(" ");
    for (const lesson of ["13-", "14-", "15-", "16-", "c8-"]) expect(names).toContain(`/${lesson}`);
  });

  for (const { name, files } of projects)
    test(`${name}: no type errors`, () => {
      const check = editorChecker(packs, files);
      expect(Object.keys(files).flatMap(check)).toEqual([]);
    });

  test("without the packs the same imports are errors (the check sees the SDK through them)", () => {
    const lesson = projects.find((p) => p.name.includes("/13-"))!;
    expect(editorChecker([], lesson.files)("src/server.ts").join("\n")).toMatch(/Cannot find module '@modelcontextprotocol\/sdk\/server\/mcp\.js'/);
  });

  test("a real type error in the SDK calls is reported, on 1.x and on 2.x", () => {
    for (const lesson of ["/13-", "/15-"]) {
      const { files } = projects.find((p) => p.name.includes(lesson))!;
      const wrong = { ...files, "src/server.ts": `${files["src/server.ts"]}\nnew McpServer({ name: "typo", version: 2 });\n` };
      expect(editorChecker(packs, wrong)("src/server.ts").join("\n")).toMatch(/Type 'number' is not assignable to type 'string'/);
    }
  });
});
