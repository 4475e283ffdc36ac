// Monaco from npm, bundled by Vite (no CDN loader), with TypeScript set up the way the backend
// compiles: legacy decorators, ES2022, and the types of @frontmcp/sdk, @frontmcp/testing and zod; the official SDKs'
// types are added when a project imports them (sdk-declarations.ts).
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/typescript/register";
import * as ts from "monaco-editor/languages/features/typescript/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import TypeScriptWorker from "monaco-editor/languages/features/typescript/ts.worker?worker";
// How the editor checks a project, as the backend compiles it: ES2020 output (target 7), ES modules (99), node10
// resolution (2: the editor's library files have no package.json; `paths` stand in for the packages' metadata), legacy
// decorators, strict. TypeScript's own enum numbers, in JSON, so the build's declaration packs
// (scripts/editor-declarations.ts) and the specs resolve exactly as this editor does.
import EDITOR_COMPILER_OPTIONS from "./editor-compiler-options.json";
import type { DeclarationPack } from "./sdk-declarations";
import { defineEditorThemes } from "./editor-themes";

// Monaco's own worker lookup breaks once bundled (a relative module specifier inside a blob);
// Vite's ?worker imports give it real URLs.
self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === "typescript" || label === "javascript" ? new TypeScriptWorker() : new EditorWorker()),
};

// Each file declares its module (`declare module "@frontmcp/sdk" { ... }`), so any file name works.
const learnerTypes = import.meta.glob("../../runtime/types/*.d.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
// zod's own declarations, at the path TypeScript's node resolution looks for them.
const zodTypes = import.meta.glob(
  [
    "/node_modules/zod/index.d.ts",
    "/node_modules/zod/v4/classic/**/*.d.ts",
    "/node_modules/zod/v4/core/**/*.d.ts",
    "/node_modules/zod/v4/locales/index.d.ts",
    "/node_modules/zod/v4/index.d.ts",
  ],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
) as Record<string, string>;

let configured = false;
type ExtraLib = { content: string; filePath: string };
let baseLibs: ExtraLib[] = [];
const packs: DeclarationPack[] = [];

/** The extra libraries and module paths: the base set and every declaration pack added so far. */
function applyLibraries(): void {
  const paths = Object.assign({}, ...packs.map((p) => p.paths)) as Record<string, string[]>;
  ts.typescriptDefaults.setCompilerOptions({ ...EDITOR_COMPILER_OPTIONS, paths });
  ts.typescriptDefaults.setExtraLibs([...baseLibs, ...packs.flatMap((p) => Object.entries(p.files).map(([filePath, content]) => ({ content, filePath })))]);
}

/** Gives the editor's TypeScript a package's declarations (its files and the paths that reach them). */
export function addDeclarations(pack: DeclarationPack): void {
  packs.push(pack);
  if (configured) applyLibraries();
}

export function configureMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  // Without eager sync the worker only sees the open model, and `import "./store"` fails to resolve.
  ts.typescriptDefaults.setEagerModelSync(true);
  const libs: ExtraLib[] = [
    ...Object.entries(learnerTypes).map(([path, content]) => ({ content, filePath: `file:///types/${path.split("/").pop()}` })),
    ...Object.entries(zodTypes).map(([path, content]) => ({ content, filePath: `file://${path}` })),
  ];
  // The sandbox gives learner code a console (captured into test output); es2022 alone lacks it.
  libs.push({
    content: "declare var console: { log(...a: unknown[]): void; info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void };",
    filePath: "file:///types/sandbox-globals.d.ts",
  });
  if (!Object.keys(learnerTypes).length) {
    // Without the declarations, imports would be red everywhere; treat them as untyped instead.
    libs.push({ content: 'declare module "@frontmcp/sdk";\ndeclare module "@frontmcp/testing";', filePath: "file:///types/fallback.d.ts" });
  }
  baseLibs = libs;
  applyLibraries();
  defineEditorThemes(monaco);
  return monaco;
}

export { monaco };
