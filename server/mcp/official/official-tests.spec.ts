// @frontmcp/testing files run unchanged against official-SDK servers: the `mcp` fixture is a protocol client, so the
// lesson's five-case checklist passes on the 1.x support desk, fails where the server is wrong, and runs on 2.x too.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../app";
import { api, createSession, startTestPlayground } from "../../testing/harness";

const lesson = (path: string) => readFile(new URL(`../../../lessons/${path}`, import.meta.url), "utf8");

let pg: Playground;
let checklist: string;
let v1: string;
let v2: string;
beforeAll(async () => {
  pg = await startTestPlayground();
  [checklist, v1, v2] = await Promise.all([
    lesson("14-a-checklist-for-the-support-desk/files/escalate-ticket.test.ts"),
    lesson("13-support-desk-on-the-official-sdk/files/src/server.ts"),
    lesson("15-porting-to-sdk-2/files/src/server.ts"),
  ]);
});
afterAll(() => pg?.close());

async function runTests(files: Record<string, string>) {
  const s = await createSession(pg, files);
  const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
  expect(run.status, run.text).toBe(200);
  return run.json as { passed: number; failed: number; tests: Array<{ name: string; status: string; error?: { message: string } }> };
}

describe("tests on official-SDK projects", () => {
  test("the five-case checklist passes on the 1.x support desk", async () => {
    const report = await runTests({ "src/server.ts": v1, "escalate-ticket.test.ts": checklist });
    expect(report.tests.filter((t) => t.status !== "passed")).toEqual([]);
    expect(report.passed).toBe(5);
  });

  test("the same checklist catches a server that skips the capability check", async () => {
    const broken = v1.replace("if (!server.server.getClientCapabilities()?.elicitation) {", "if (false) {");
    const report = await runTests({ "src/server.ts": broken, "escalate-ticket.test.ts": checklist });
    expect(report.tests.filter((t) => t.status === "failed").map((t) => t.name)).toEqual(["a client without elicitation gets the plain-text fallback"]);
  });

  test("on the 2.x port the same checklist runs, and shows where SDK 2.x behaves differently", async () => {
    const report = await runTests({ "src/server.ts": v2, "escalate-ticket.test.ts": checklist });
    const failed = Object.fromEntries(report.tests.filter((t) => t.status === "failed").map((t) => [t.name, t.error?.message]));
    expect(Object.keys(failed).sort()).toEqual([
      "a client without elicitation gets the plain-text fallback",
      "a mistyped email is an error and nothing is escalated",
    ]);
    // The tool's own zod check asks again, and the legacy shim gives up after its 8 rounds.
    expect(failed["a mistyped email is an error and nothing is escalated"]).toContain("still required input after 8 rounds");
    // The shim refuses to ask a 2025 client that declared no elicitation.
    expect(failed["a client without elicitation gets the plain-text fallback"]).toContain("did not declare the required capability");
  });

  test("a tool stopped at its CPU limit after the answer fails that test; the file's next connection is a fresh instance", async () => {
    const spinning = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "spins", version: "1.0.0" });
let calls = 0;
server.registerTool("spin_after_answer", {}, async () => {
  await server.server.elicitInput({ message: "Go on?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
  while (true) {}
});
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: "call " + ++calls }] }));
await server.connect(new StdioServerTransport());
`;
    const tests = `import { expect, test } from "@frontmcp/testing";
test("spins", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { ok: true } }));
  const result = await client.tools.call("spin_after_answer", {});
  expect(result).toBeError();
  expect(result.text()).toContain("ran longer than");
});
test("counts from one", async ({ mcp }) => {
  const result = await mcp.as("legacy").tools.call("count", {});
  expect(result.text()).toBe("call 1");
});
`;
    const report = await runTests({ "src/server.ts": spinning, "spins.test.ts": tests });
    expect(report.tests.filter((t) => t.status !== "passed")).toEqual([]);
    expect(report.passed).toBe(2);
  });
});
