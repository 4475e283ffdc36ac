// Every bench script imports only names its modules export: the bench's .mjs are not type-checked (bench/tsconfig
// has allowJs, not checkJs), and a name one helper removes while another starts to import it merges cleanly and
// breaks the next benchmark run. TypeScript reads them here for that one kind of error.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";

const BENCH = fileURLToPath(new URL(".", import.meta.url));
const files = ["", "lib/", "servers/"].flatMap((dir) =>
  readdirSync(BENCH + dir)
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => BENCH + dir + f),
);
/** "Module has no exported member", with and without a "did you mean", and "has no default export". */
const MISSING_EXPORT = new Set([2305, 2724, 1192]);

test("every bench .mjs imports names its modules export", () => {
  expect(files.length).toBeGreaterThan(10);
  const program = ts.createProgram(files, {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ["node"],
    skipLibCheck: true,
  });
  const missing = files.flatMap((file) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(file))
      .filter((d) => MISSING_EXPORT.has(d.code))
      .map((d) => `${file.slice(BENCH.length)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`),
  );
  expect(missing).toEqual([]);
  // A whole-program type check of the bench: CPU-bound, so a busy machine stretches it well past the default limit.
}, 180_000);
