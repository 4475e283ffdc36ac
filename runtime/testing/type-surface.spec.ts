// The learner-facing declarations (runtime/types/*.d.ts, what Monaco and `tsc -p lessons` see) against what the runtime
// really exports: a name the runtime has but the types lack gives learners red squiggles on code that runs; a name
// the types have but the runtime lacks compiles and then fails.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import * as sdk from "../sdk/index";
import { createRegistry, createTestingModule } from "./index";
import { builtinMatchers } from "./matchers";
import { mcpMatchers } from "./mcp-matchers";

const typesDir = fileURLToPath(new URL("../types/", import.meta.url));
const program = ts.createProgram([`${typesDir}frontmcp-testing.d.ts`, `${typesDir}frontmcp-sdk.d.ts`], {
  strict: true,
  noEmit: true,
  types: [],
  lib: ["lib.es2022.d.ts"],
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
});
const checker = program.getTypeChecker();

function declaredModule(name: string): ts.Symbol {
  const module = checker.getAmbientModules().find((m) => m.getName() === `"${name}"`);
  if (!module) throw new Error(`${name} is not declared`);
  return module;
}

/** The names of a module's value exports (what `import { x }` can take at run time), types left out. */
function declaredValues(moduleName: string): string[] {
  return checker
    .getExportsOfModule(declaredModule(moduleName))
    .filter((s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value)
    .map((s) => s.getName())
    .sort();
}

function exported(moduleName: string, name: string): ts.Symbol {
  const symbol = checker.getExportsOfModule(declaredModule(moduleName)).find((s) => s.getName() === name);
  if (!symbol) throw new Error(`${moduleName} declares no ${name}`);
  return symbol;
}

/** Property names of a declared value's type (`expect.any`, `test.skip`, ...), or of a declared interface. */
function declaredProperties(moduleName: string, name: string): string[] {
  const symbol = exported(moduleName, name);
  const type = symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbol(symbol) : checker.getDeclaredTypeOfSymbol(symbol);
  return type
    .getProperties()
    .map((p) => p.getName())
    .sort();
}

const runtimeKeys = (value: object) => Object.keys(value).sort();
/** Every enumerable key, inherited ones too: an assertion's matchers are on its prototype. */
const enumerableKeys = (value: object) => {
  const keys: string[] = [];
  for (const key in value) keys.push(key);
  return keys.sort();
};
const testing = createTestingModule(createRegistry());

describe("@frontmcp/testing", () => {
  test("declares exactly the module's exports", () => {
    expect(declaredValues("@frontmcp/testing")).toEqual(runtimeKeys(testing));
  });

  test("declares every matcher, built-in and MCP, and no other", () => {
    expect(declaredProperties("@frontmcp/testing", "Matchers")).toEqual(runtimeKeys({ ...builtinMatchers, ...mcpMatchers }));
  });

  test("declares every function on expect (asymmetric matchers, extend)", () => {
    expect(declaredProperties("@frontmcp/testing", "expect")).toEqual(runtimeKeys(testing.expect));
  });

  test("declares every function on test and describe", () => {
    expect(declaredProperties("@frontmcp/testing", "test")).toEqual(runtimeKeys(testing.test));
    expect(declaredProperties("@frontmcp/testing", "describe")).toEqual(runtimeKeys(testing.describe));
  });

  test("an expectation has .not, .resolves and .rejects besides the matchers", () => {
    const assertion = testing.expect(1) as unknown as Record<string, unknown>;
    const chains = ["not", "resolves", "rejects"].filter((chain) => typeof assertion[chain] === "object");
    expect(chains).toEqual(["not", "resolves", "rejects"]);
    expect(declaredProperties("@frontmcp/testing", "Expectation")).toEqual([...enumerableKeys(assertion), ...chains].sort());
  });
});

test("learner code using every part of the testing API compiles against the declarations", () => {
  const dir = mkdtempSync(join(tmpdir(), "type-surface-"));
  try {
    const file = join(dir, "uses-everything.test.ts");
    writeFileSync(
      file,
      `import { describe, expect, test } from "@frontmcp/testing";
declare module "@frontmcp/testing" {
  interface Matchers<R> { toBeTicketId(): R }
}
expect.extend({
  toBeTicketId(received) {
    return { pass: /^T-\\d+$/.test(String(received)), message: () => this.format(received) + " is not a ticket id" };
  },
});
test.todo("asks before reopening");
describe("tickets", () => {
  test("shapes", async ({ mcp }) => {
    const tools = await mcp.tools.list();
    expect(tools).toContainEqual(expect.objectContaining({ name: expect.stringMatching(/ticket/) }));
    expect(0.1 + 0.2).toBeCloseTo(0.3);
    expect(0.1234).not.toBeCloseTo(0.12, 3);
    expect("T-1").toBeTicketId();
  });
});
`,
    );
    const snippet = ts.createProgram([file, `${typesDir}frontmcp-testing.d.ts`], {
      strict: true,
      noEmit: true,
      types: [],
      lib: ["lib.es2022.d.ts"],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    const problems = ts.getPreEmitDiagnostics(snippet).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("@frontmcp/sdk", () => {
  test("declares exactly the module's exports", () => {
    expect(declaredValues("@frontmcp/sdk")).toEqual(runtimeKeys(sdk));
  });
});
