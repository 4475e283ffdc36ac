// Monaco from npm, bundled by Vite (no CDN loader), with TypeScript set up the way the backend
// compiles: legacy decorators, ES2022, and the types of @frontmcp/sdk, @frontmcp/testing and zod.
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/typescript/register";
import * as ts from "monaco-editor/languages/features/typescript/register";
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import TypeScriptWorker from "monaco-editor/languages/features/typescript/ts.worker?worker";

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

export function configureMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  // Without eager sync the worker only sees the open model, and `import "./store"` fails to resolve.
  ts.typescriptDefaults.setEagerModelSync(true);
  ts.typescriptDefaults.setCompilerOptions({
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.NodeJs,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    strict: true,
    allowNonTsExtensions: true,
    skipLibCheck: true,
    lib: ["es2022"],
  });
  const libs = [
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
  ts.typescriptDefaults.setExtraLibs(libs);
  return monaco;
}

export { monaco };
