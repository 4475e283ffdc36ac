// Compiles a learner's multi-file TypeScript project for the sandbox: esbuild per file, imports checked, lines mapped.
import { createHash } from "node:crypto";
import * as esbuild from "esbuild";
import { forgetOldest } from "../../runtime/bounded-table";
import type { VmRuntime } from "../sandbox/protocol";
import { checkProjectFiles, isTestFile, type Diagnostic, type ProjectFiles } from "./project-files";
import { OFFICIAL_MODULES, projectRuntime, unavailableModuleMessage } from "./project-kind";
import { generatedToSourceLines } from "./source-map-lines";

/** `module`: an ES module (official-SDK server files, so top-level await works), served to the VM's `import`. */
export type CompiledFile = { file: string; code: string; lines: number[]; imports: string[]; module?: boolean };
export type CompiledProject = { files: CompiledFile[]; lineMaps: Record<string, number[]>; runtime: VmRuntime };
export type CompileOutcome = { ok: true; project: CompiledProject } | { ok: false; diagnostics: Diagnostic[] };

const RUNTIME_MODULES = new Set(["@frontmcp/sdk", "zod"]);
const TEST_MODULES = new Set(["@frontmcp/testing"]);
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.js"];
const REQUIRE_CALL = /\brequire\("((?:[^"\\]|\\.)*)"\)/g;
// esbuild prints every ES import and re-export with double quotes: `from "x"`, `import "x"`, `import("x")`.
const ESM_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"((?:[^"\\]|\\.)*)"/g;

const TRANSFORM_OPTIONS = {
  loader: "ts",
  format: "cjs",
  target: "es2022",
  sourcemap: "external",
  // Legacy decorators, as FrontMCP uses; the editor's TypeScript options match.
  tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: true } },
} satisfies esbuild.TransformOptions;

type Format = "cjs" | "esm";
type Transformed = { ok: true; code: string; lines: number[]; imports: string[] } | { ok: false; diagnostics: Diagnostic[]; imports?: string[] };
const cache = new Map<string, Promise<Transformed>>();
const CACHE_SIZE = 4000;
/** The cache is bounded in bytes too (about 2 bytes a character): a few huge files must not hold gigabytes. */
const CACHE_BYTES = Number(process.env.COMPILE_CACHE_MB || 64) * 2 ** 20;
const cacheSizes = new Map<string, number>();
let cacheBytes = 0;

function sizeOf(t: Transformed): number {
  return t.ok ? t.code.length * 2 + t.lines.length * 8 : JSON.stringify(t.diagnostics).length * 2;
}

/** Forgets the oldest transform with its bytes (why the count bound in cachedTransform is not setBounded). */
function dropOldest(): void {
  const oldest = forgetOldest(cache)!;
  cacheBytes -= cacheSizes.get(oldest) ?? 0;
  cacheSizes.delete(oldest);
}

/** Bytes the compile cache holds now. */
export function compileCacheBytes(): number {
  return cacheBytes;
}

function diagnosticOf(file: string, m: esbuild.Message): Diagnostic {
  return { file, line: m.location?.line ?? 1, column: (m.location?.column ?? 0) + 1, message: m.text };
}

const importsIn = (code: string, pattern: RegExp) => [...new Set([...code.matchAll(pattern)].map((m) => JSON.parse(`"${m[1]}"`) as string))];

async function transformFile(file: string, source: string, format: Format): Promise<Transformed> {
  try {
    const out = await esbuild.transform(source, { ...TRANSFORM_OPTIONS, format, loader: file.endsWith("x") ? "tsx" : "ts", sourcefile: file });
    const lines = generatedToSourceLines((JSON.parse(out.map) as { mappings: string }).mappings);
    if (format === "esm") return { ok: true, code: out.code, lines, imports: importsIn(out.code, ESM_IMPORT) };
    // The wrapper opens on the code's first line, so VM line numbers equal generated line numbers.
    const code = `__playground.define(${JSON.stringify(file)}, function (module, exports, require) {${out.code}\n});`;
    return { ok: true, code, lines, imports: importsIn(out.code, REQUIRE_CALL) };
  } catch (error) {
    const failure = error as esbuild.TransformFailure;
    if (!Array.isArray(failure.errors)) throw error;
    const diagnostics = failure.errors.map((m) => diagnosticOf(file, m));
    // CommonJS cannot hold a top-level await, say; the file's imports (read as an ES module) may be the real problem.
    if (format === "cjs") {
      const asModule = await cachedTransform(file, source, "esm");
      return { ok: false, diagnostics, imports: asModule.ok ? asModule.imports : undefined };
    }
    return { ok: false, diagnostics };
  }
}

function cachedTransform(file: string, source: string, format: Format): Promise<Transformed> {
  const key = createHash("sha256").update(format).update("\0").update(file).update("\0").update(source).digest("base64url");
  let hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  hit = transformFile(file, source, format);
  cache.set(key, hit);
  const entry = hit;
  void hit.then(
    (t) => {
      if (cache.get(key) !== entry) return;
      const size = sizeOf(t);
      cacheSizes.set(key, size);
      cacheBytes += size;
      while (cacheBytes > CACHE_BYTES && cache.size > 1) dropOldest();
    },
    () => cache.delete(key),
  );
  if (cache.size > CACHE_SIZE) dropOldest();
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

function resolvesInProject(from: string, spec: string, files: ProjectFiles, esm: boolean): boolean {
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  const base = parts.join("/");
  // ES module code names a TypeScript file by its output name (`./store.js` for store.ts), as Node resolves it.
  const stems = esm && /\.m?js$/.test(base) ? [base, base.replace(/\.m?js$/, "")] : [base];
  return stems.some((stem) => RESOLVE_SUFFIXES.some((suffix) => Object.hasOwn(files, stem + suffix)));
}

function importProblem(file: string, spec: string, files: ProjectFiles, runtime: VmRuntime): string | undefined {
  const esm = runtime !== "frontmcp" && !isTestFile(file);
  const served = esm ? OFFICIAL_MODULES[runtime].includes(spec) : RUNTIME_MODULES.has(spec);
  if (served) return undefined;
  if (TEST_MODULES.has(spec)) return isTestFile(file) ? undefined : `"${spec}" can only be imported from a test file (*.test.ts)`;
  if (spec.startsWith("./") || spec.startsWith("../"))
    return resolvesInProject(file, spec, files, esm) ? undefined : `Cannot find "${spec}": there is no such file in this project`;
  return unavailableModuleMessage(spec, esm ? runtime : "frontmcp");
}

export async function compileProject(files: ProjectFiles): Promise<CompileOutcome> {
  const invalid = checkProjectFiles(files);
  if (invalid.length) return { ok: false, diagnostics: invalid };
  const kind = projectRuntime(files);
  if ("diagnostics" in kind) return { ok: false, diagnostics: kind.diagnostics };
  const { runtime } = kind;
  // Official-SDK server files are ES modules; test files always run in the FrontMCP test runtime, as CommonJS.
  const formatOf = (file: string): Format => (runtime !== "frontmcp" && !isTestFile(file) ? "esm" : "cjs");
  const names = Object.keys(files).sort();
  const transformed = await Promise.all(names.map((file) => cachedTransform(file, files[file], formatOf(file))));
  const diagnostics: Diagnostic[] = [];
  const compiled: CompiledFile[] = [];
  transformed.forEach((t, i) => {
    const file = names[i];
    // An unavailable import is named before any syntax note: it is usually the reason the file was written that way.
    for (const spec of t.imports ?? []) {
      const message = importProblem(file, spec, files, runtime);
      if (message) diagnostics.push({ file, ...locateSpecifier(files[file], spec), message });
    }
    if (!t.ok) return void diagnostics.push(...t.diagnostics);
    compiled.push({ file, code: t.code, lines: t.lines, imports: t.imports, ...(formatOf(file) === "esm" && { module: true }) });
  });
  if (diagnostics.length) return { ok: false, diagnostics };
  return { ok: true, project: { files: compiled, lineMaps: Object.fromEntries(compiled.map((c) => [c.file, c.lines])), runtime } };
}

/** Starts esbuild's service so the first learner does not pay for it. */
export async function warmCompiler(): Promise<void> {
  await esbuild.transform("export {}", TRANSFORM_OPTIONS);
}
