// Compiles a learner's multi-file TypeScript project for the sandbox: esbuild per file, imports checked, lines mapped.
import { createHash } from "node:crypto";
import * as esbuild from "esbuild";
import { checkProjectFiles, isTestFile, type Diagnostic, type ProjectFiles } from "./project-files";
import { generatedToSourceLines } from "./source-map-lines";

type CompiledFile = { file: string; code: string; lines: number[]; imports: string[] };
export type CompiledProject = { files: CompiledFile[]; lineMaps: Record<string, number[]> };
export type CompileOutcome = { ok: true; project: CompiledProject } | { ok: false; diagnostics: Diagnostic[] };

const RUNTIME_MODULES = new Set(["@frontmcp/sdk", "zod"]);
const TEST_MODULES = new Set(["@frontmcp/testing"]);
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.js"];
const REQUIRE_CALL = /\brequire\("((?:[^"\\]|\\.)*)"\)/g;

const TRANSFORM_OPTIONS = {
  loader: "ts",
  format: "cjs",
  target: "es2022",
  sourcemap: "external",
  // Legacy decorators, as FrontMCP uses; the editor's TypeScript options match.
  tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: true } },
} satisfies esbuild.TransformOptions;

type Transformed = { ok: true; code: string; lines: number[]; imports: string[] } | { ok: false; diagnostics: Diagnostic[] };
const cache = new Map<string, Promise<Transformed>>();
const CACHE_SIZE = 4000;

function diagnosticOf(file: string, m: esbuild.Message): Diagnostic {
  return { file, line: m.location?.line ?? 1, column: (m.location?.column ?? 0) + 1, message: m.text };
}

async function transformFile(file: string, source: string): Promise<Transformed> {
  try {
    const out = await esbuild.transform(source, { ...TRANSFORM_OPTIONS, loader: file.endsWith("x") ? "tsx" : "ts", sourcefile: file });
    const imports = [...out.code.matchAll(REQUIRE_CALL)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    const lines = generatedToSourceLines((JSON.parse(out.map) as { mappings: string }).mappings);
    // The wrapper opens on the code's first line, so VM line numbers equal generated line numbers.
    const code = `__playground.define(${JSON.stringify(file)}, function (module, exports, require) {${out.code}\n});`;
    return { ok: true, code, lines, imports: [...new Set(imports)] };
  } catch (error) {
    const failure = error as esbuild.TransformFailure;
    if (!Array.isArray(failure.errors)) throw error;
    return { ok: false, diagnostics: failure.errors.map((m) => diagnosticOf(file, m)) };
  }
}

function cachedTransform(file: string, source: string): Promise<Transformed> {
  const key = createHash("sha256").update(file).update("\0").update(source).digest("base64url");
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  hit = transformFile(file, source);
  cache.set(key, hit);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return hit;
}

function locateSpecifier(source: string, spec: string): { line: number; column: number } {
  for (const quote of ['"', "'", "`"]) {
    const at = source.indexOf(quote + spec + quote);
    if (at >= 0) {
      const before = source.slice(0, at);
      const line = before.split("\n").length;
      return { line, column: at - before.lastIndexOf("\n") };
    }
  }
  return { line: 1, column: 1 };
}

function resolvesInProject(from: string, spec: string, files: ProjectFiles): boolean {
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  const base = parts.join("/");
  return RESOLVE_SUFFIXES.some((suffix) => Object.hasOwn(files, base + suffix));
}

function importProblem(file: string, spec: string, files: ProjectFiles): string | undefined {
  if (RUNTIME_MODULES.has(spec)) return undefined;
  if (TEST_MODULES.has(spec)) return isTestFile(file) ? undefined : `"${spec}" can only be imported from a test file (*.test.ts)`;
  if (spec.startsWith("./") || spec.startsWith("../"))
    return resolvesInProject(file, spec, files) ? undefined : `Cannot find "${spec}": there is no such file in this project`;
  return `The module "${spec}" is not available in the playground; only @frontmcp/sdk, @frontmcp/testing, zod and the project's own files can be imported`;
}

export async function compileProject(files: ProjectFiles): Promise<CompileOutcome> {
  const invalid = checkProjectFiles(files);
  if (invalid.length) return { ok: false, diagnostics: invalid };
  const names = Object.keys(files).sort();
  const transformed = await Promise.all(names.map((file) => cachedTransform(file, files[file])));
  const diagnostics: Diagnostic[] = [];
  const compiled: CompiledFile[] = [];
  transformed.forEach((t, i) => {
    const file = names[i];
    if (!t.ok) return void diagnostics.push(...t.diagnostics);
    for (const spec of t.imports) {
      const message = importProblem(file, spec, files);
      if (message) diagnostics.push({ file, ...locateSpecifier(files[file], spec), message });
    }
    compiled.push({ file, code: t.code, lines: t.lines, imports: t.imports });
  });
  if (diagnostics.length) return { ok: false, diagnostics };
  return { ok: true, project: { files: compiled, lineMaps: Object.fromEntries(compiled.map((c) => [c.file, c.lines])) } };
}

/** Starts esbuild's service so the first learner does not pay for it. */
export async function warmCompiler(): Promise<void> {
  await esbuild.transform("export {}", TRANSFORM_OPTIONS);
}
