// `@frontmcp/testing` for the sandbox. The loader makes one registry per VM and binds the module to it:
//
//   const registry = createRegistry();
//   const runner = createRunner(registry);
//   const testing = createTestingModule(registry);   // what `import ... from "@frontmcp/testing"` returns
//   registry.setCurrentFile("close-ticket.test.ts"); /* run that file's code */
//   for (const t of registry.collect()) results.push(await runner.runTest(t.id, makeFixture));

import { createExpect, type Expect } from "./expect";
import type { BuiltinMatchers } from "./matchers";
import { mcpMatchers, type McpMatchers } from "./mcp-matchers";
import type { MatcherTable } from "./matcher-types";
import type { Registry, TestFunction } from "./registry";

export interface TestingModule {
  test: TestFunction;
  describe: TestFunction["describe"];
  expect: Expect<BuiltinMatchers & McpMatchers>;
  beforeEach: TestFunction["beforeEach"];
  afterEach: TestFunction["afterEach"];
  beforeAll: TestFunction["beforeAll"];
  afterAll: TestFunction["afterAll"];
}

export function createTestingModule(registry: Registry): TestingModule {
  const expect = createExpect() as unknown as Expect<BuiltinMatchers & McpMatchers>;
  expect.extend(mcpMatchers as unknown as MatcherTable);
  const { test } = registry;
  return {
    test,
    describe: test.describe,
    expect,
    beforeEach: test.beforeEach,
    afterEach: test.afterEach,
    beforeAll: test.beforeAll,
    afterAll: test.afterAll,
  };
}

export { createRegistry } from "./registry";
export type { CollectedTest, Fixture, Registry, TestFunction } from "./registry";
export { createRunner } from "./runner";
export type { FixtureHandle, MakeFixture, Runner, TestError, TestResult } from "./runner";
export { createConsole } from "./console";
export type { CapturedConsole, LogLevel, LogSink } from "./console";
export { frameLine } from "./stack";
export { createExpect, ExpectationError } from "./expect";
export type { Expect, MatcherContext, MatcherResult, MatcherTable } from "./expect";
