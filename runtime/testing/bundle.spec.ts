// Proves the module is self-contained for the sandbox: it bundles with no Node imports and works inside
// QuickJS (no timers, QuickJS stack format), including a host-interrupted endless loop.

import * as esbuild from "esbuild";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { QuickJS } from "quickjs-wasi";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestResult } from "./runner";

const ENTRY = fileURLToPath(new URL("./index.ts", import.meta.url));

let bundle = "";

beforeAll(async () => {
  const built = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    format: "iife",
    platform: "neutral",
    target: "es2022",
    globalName: "FrontMcpTesting",
    minify: true,
    keepNames: true,
    write: false,
  });
  bundle = built.outputFiles[0].text;
});

// What a learner's close-ticket.test.ts could compile to; the failing expectation is on line 6.
const LEARNER_FILE = [
  "const { test, expect } = globalThis.testing;",
  'test("passes", async ({ mcp }) => {',
  '  expect(await mcp.tools.call("close_ticket")).toBeSuccessful();',
  "});",
  'test("fails", async ({ mcp }) => {',
  '  expect(await mcp.tools.call("close_ticket")).toBeError("INVALID_INPUT");',
  "});",
  'test("loops", () => { console.log("about to loop"); while (true) {} });',
  'test.describe("after the loop", () => {',
  '  test.afterAll(() => console.log("afterAll ran"));',
  '  test("still runs", () => { expect({ a: 1 }).toEqual({ a: 1 }); });',
  "});",
].join("\n");

// The fixture and host loop as the sandbox integrator would write them, minus the MCP plumbing.
const HOST_SETUP = `
  const T = FrontMcpTesting;
  const registry = T.createRegistry();
  globalThis.runner = T.createRunner(registry);
  globalThis.registry = registry;
  globalThis.testing = T.createTestingModule(registry);
  globalThis.console = runner.console;
  registry.setCurrentFile("close-ticket.test.ts");
  globalThis.makeFixture = () => ({
    fixture: { mcp: { tools: { call: async () => ({ isError: false, raw: { content: [{ type: "text", text: "ok" }] }, text: () => "ok", json: () => "ok" }) } } },
    notes: () => ["no question was asked"],
  });
`;

describe("the sandbox bundle", () => {
  it("needs nothing from Node", () => {
    expect(bundle.length).toBeGreaterThan(1000);
    expect(bundle).not.toMatch(/\brequire\s*\(/);
    expect(bundle).not.toMatch(/\bprocess\./);
    expect(bundle).not.toMatch(/\bsetTimeout\b/);
    expect(bundle).not.toMatch(/from\s*["']node:/);
  });

  it("declares and runs tests inside QuickJS, reports lines, and survives an interrupted loop", async () => {
    const wasm = await readFile(fileURLToPath(import.meta.resolve("quickjs-wasi/quickjs.wasm")));
    let deadline = Infinity;
    const vm = await QuickJS.create({ wasm, interruptHandler: () => Date.now() > deadline });
    try {
      vm.evalCode(bundle, "frontmcp-testing.js").dispose();
      vm.evalCode(HOST_SETUP, "host.js").dispose();
      vm.evalCode(LEARNER_FILE, "close-ticket.test.ts").dispose();
      const collected = vm.dump(vm.evalCode("registry.collect()")) as Array<{ id: number; name: string }>;
      expect(collected.map((t) => t.name)).toEqual(["passes", "fails", "loops", "after the loop > still runs"]);

      const results: TestResult[] = [];
      for (const { id } of collected) {
        vm.evalCode(`globalThis.result = undefined; runner.runTest(${id}, makeFixture).then((r) => { globalThis.result = r; });`).dispose();
        deadline = Date.now() + 200;
        let interrupted = false;
        try {
          vm.executePendingJobs();
        } catch {
          interrupted = true;
        }
        deadline = Infinity;
        const settled = vm.dump(vm.evalCode("globalThis.result")) as TestResult | undefined;
        if (settled) {
          results.push(settled);
        } else {
          expect(interrupted).toBe(true);
          results.push(vm.dump(vm.evalCode(`runner.abortTest(${id}, "Test timed out after 200 ms: an endless loop?")`)) as TestResult);
        }
      }

      expect(results.map((r) => r.status)).toEqual(["passed", "failed", "failed", "passed"]);
      expect(results[0].logs).toEqual(["no question was asked"]);
      expect(results[1].error).toMatchObject({ matcher: "toBeError", line: 6 });
      expect(results[1].error?.message).toContain('Expected: a tool error with code "INVALID_INPUT"\nReceived: a successful result: "ok"');
      expect(results[2].error?.message).toBe("Test timed out after 200 ms: an endless loop?");
      expect(results[2].logs).toEqual(["about to loop", "no question was asked"]);
      expect(results[3].logs).toEqual(["afterAll ran", "no question was asked"]);
    } finally {
      vm.dispose();
    }
  });
});
