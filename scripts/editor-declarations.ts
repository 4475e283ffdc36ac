// The official SDKs' own declaration files for the editor, gathered at build time. Monaco's TypeScript resolves modules
// the node10 way over in-memory files: no package.json, no `exports`. So each pack carries the .d.ts files a project's
// imports reach (found by the TypeScript compiler itself, resolving as Monaco will) and the `paths` that stand for the
// packages' own node10 metadata (`types`, `typesVersions`). A Vite plugin serves each pack as a module the editor
// imports only when a project imports that SDK.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { Plugin } from "vite";
import EDITOR_COMPILER_OPTIONS from "../src/editor/editor-compiler-options.json" with { type: "json" };

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const MODULES = `${ROOT}node_modules/`;
/** Where Monaco keeps library files (zod's are already there, eagerly: see src/editor/monaco-setup.ts). */
const EDITOR_MODULES = "file:///node_modules/";

/** What a learner's project may import (the sandbox's builtin modules), and the packages whose metadata paths need. */
export const PACKS: Record<string, { imports: string[]; packages: string[] }> = {
  sdk1: {
    imports: [
      "@modelcontextprotocol/sdk/server/mcp.js",
      "@modelcontextprotocol/sdk/server/index.js",
      "@modelcontextprotocol/sdk/server/stdio.js",
      "@modelcontextprotocol/sdk/types.js",
    ],
    packages: ["@modelcontextprotocol/sdk", "json-schema-typed"],
  },
  sdk2: {
    imports: ["@modelcontextprotocol/server", "@modelcontextprotocol/server/stdio"],
    packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/core"],
  },
};

/** Files the editor loads for every project already (zod 4); the SDK packs leave them out. */
export const ALREADY_LOADED = [/^zod\/index\.d\.ts$/, /^zod\/v4\//];

/** `paths` entries that say what each package's `types` and `typesVersions` say, under `prefix`. */
function packagePaths(packages: string[], prefix: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const name of packages) {
    const meta = JSON.parse(readFileSync(`${MODULES}${name}/package.json`, "utf8")) as {
      types?: string;
      typings?: string;
      typesVersions?: Record<string, Record<string, string[]>>;
    };
    const at = (file: string) => `${prefix}${name}/${file.replace(/^\.\//, "")}`;
    const types = meta.types ?? meta.typings;
    if (types) paths[name] = [at(types)];
    for (const [key, targets] of Object.entries(meta.typesVersions?.["*"] ?? {})) paths[`${name}/${key}`] = targets.map(at);
  }
  return paths;
}

// As the editor checks a project; the compiler API names libraries by file.
const OPTIONS: ts.CompilerOptions = {
  ...(EDITOR_COMPILER_OPTIONS as ts.CompilerOptions),
  lib: EDITOR_COMPILER_OPTIONS.lib.map((lib) => `lib.${lib}.d.ts`),
  types: [],
  noEmit: true,
};

/**
 * The pack for `name`: `files` (editor path → text) and `paths`. The compiler resolves the pack's imports with the
 * package.json files hidden, as Monaco will see them, so what it reads is exactly what the editor needs.
 */
export type DeclarationPack = { files: Record<string, string>; paths: Record<string, string[]> };

export function declarationPack(name: string): DeclarationPack {
  const pack = PACKS[name];
  const entry = `${ROOT}.editor-declarations-entry.ts`;
  const host = ts.createCompilerHost(OPTIONS);
  const fileExists = host.fileExists;
  host.fileExists = (file: string) => file === entry || (!file.endsWith("/package.json") && fileExists(file));
  const readFile = host.readFile;
  host.readFile = (file: string) => (file === entry ? pack.imports.map((spec) => `import "${spec}";`).join("\n") : readFile(file));
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, ...rest) =>
    file === entry ? ts.createSourceFile(file, host.readFile(file)!, ts.ScriptTarget.ES2020) : getSourceFile(file, ...rest);
  const program = ts.createProgram([entry], { ...OPTIONS, paths: packagePaths(pack.packages, MODULES) }, host);
  const unresolved = program.getSemanticDiagnostics(program.getSourceFile(entry)!).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  if (unresolved.length) throw new Error(`editor declarations for ${name}: ${unresolved.join("; ")}`);
  const files: Record<string, string> = {};
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.startsWith(MODULES)) continue;
    const path = source.fileName.slice(MODULES.length);
    if (path.startsWith("typescript/") || ALREADY_LOADED.some((re) => re.test(path))) continue;
    files[`${EDITOR_MODULES}${path}`] = source.text;
  }
  return { files, paths: packagePaths(pack.packages, EDITOR_MODULES) };
}

const PREFIX = "virtual:editor-declarations/";

/** Serves `virtual:editor-declarations/<pack>` to the SPA's build (one chunk per pack, fetched on demand). */
export function editorDeclarations(): Plugin {
  return {
    name: "editor-declarations",
    resolveId: (id: string) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      if (!(name in PACKS)) throw new Error(`no editor declarations named ${name}`);
      const { files, paths } = declarationPack(name);
      return `export const files = ${JSON.stringify(files)};\nexport const paths = ${JSON.stringify(paths)};\n`;
    },
  };
}
