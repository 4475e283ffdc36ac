// The Tests tab engine end to end: learner test files in the sandbox, the mcp fixture over real MCP, challenges.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ testTimeoutMs: 1500 });
});
afterAll(() => pg.close());

function lessonFiles(id: string): Record<string, string> {
  const dir = new URL(`../../lessons/${id}/files/`, import.meta.url);
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(new URL(f, dir), "utf8")]));
}

async function runTests(files: Record<string, string>, body: Record<string, unknown> = {}) {
  const s = await createSession(pg, files);
  const r = await api(pg, "POST", `/api/sessions/${s.id}/tests`, body);
  if (r.status !== 200) throw new Error(`tests answered ${r.status}: ${r.text}`);
  return r.json;
}

describe("running learner tests", () => {
  test("the lesson's confirmation test file runs unchanged and passes: accept, decline, wrong type", async () => {
    const report = await runTests(lessonFiles("06-testing-a-tool-that-asks"));
    expect(report.tests.map((t: { name: string; status: string }) => [t.name, t.status])).toEqual([
      ["yes closes the ticket", "passed"],
      ["decline leaves it open", "passed"],
      ["an answer of the wrong type is rejected", "passed"],
    ]);
    expect(report).toMatchObject({ passed: 3, failed: 0, skipped: 0 });
  });

  test("personas and raw requests: -32021 for no capabilities; sendElicitationResult only for 2025 without forms", async () => {
    const report = await runTests(
      helpDesk({
        "personas.test.ts": `import { expect, test } from "@frontmcp/testing";
test("raw request without capabilities", async ({ mcp }) => {
  const response = await mcp.raw.request({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "close_ticket", arguments: { id: "T-1" }, _meta: { "io.modelcontextprotocol/clientCapabilities": {} } } });
  expect(response).toHaveErrorCode(-32021);
  expect(response.error.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
});
test("tool lists per persona", async ({ mcp }) => {
  expect(await mcp.tools.list()).not.toContainTool("sendElicitationResult");
  expect(await mcp.as("legacy-no-forms").tools.list()).toContainTool("sendElicitationResult");
  expect(await mcp.as("legacy").tools.list()).not.toContainTool("sendElicitationResult");
});
test("a 2026 client without elicitation gets -32021 from tools.call", async ({ mcp }) => {
  const result = await mcp.as("modern-no-elicitation").tools.call("close_ticket", { id: "T-1" });
  expect(result).toBeError(-32021);
  expect(result.isError).toBe(true);
});
test("the 2025 client with forms is pushed the question", async ({ mcp }) => {
  const old = mcp.as("legacy");
  old.onElicitation((q) => ({ action: "accept", content: { confirm: true } }));
  expect((await old.tools.call("close_ticket", { id: "T-2" })).json()).toEqual({ id: "T-2", closed: true });
});
test("no handler: declined, and the output says so", async ({ mcp }) => {
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(result.json()).toMatchObject({ closed: false, reason: "declined" });
});
`,
      }),
    );
    const byName = Object.fromEntries(report.tests.map((t: any) => [t.name, t]));
    // Every test of the file, by name, and each passed: a run that lost or skipped one fails here.
    expect(report.tests.map((t: any) => [t.name, t.status, t.error?.message])).toEqual(
      [
        "raw request without capabilities",
        "tool lists per persona",
        "a 2026 client without elicitation gets -32021 from tools.call",
        "the 2025 client with forms is pushed the question",
        "no handler: declined, and the output says so",
      ].map((name) => [name, "passed", undefined]),
    );
    expect(byName["no handler: declined, and the output says so"].logs.join("\n")).toMatch(/question went unanswered.*Close T-1/);
  });

  test('lesson 10 as mcp.as("modern-with-url"): the fixture client with URL mode is sent the link; mcp, forms only, is not', async () => {
    const files = lessonFiles("10-sensitive-data-url-mode");
    const report = await runTests({
      ...Object.fromEntries(Object.entries(files).filter(([name]) => !name.endsWith(".test.ts"))),
      "with-url.test.ts": `import { expect, test } from "@frontmcp/testing";
test("the client with URL mode is asked with a link, and the person signs in on the page", async ({ mcp }) => {
  const client = mcp.as("modern-with-url");
  const asked: unknown[] = [];
  client.onElicitation(async (request) => {
    asked.push(request);
    await client.outside.signIn(request.url);
    return { action: "accept" };
  });
  const result = await client.tools.call("open_billing", { id: "T-2" });
  expect(asked).toEqual([{ mode: "url", message: "Sign in to billing to see the invoice for T-2", url: expect.stringMatching(/^http:..localhost.outside.test-[^/]+.billing-sign-in.ticket=T-2&flow=/) }]);
  expect(result.raw.structuredContent).toMatchObject({ id: "T-2", linkOpened: true, signedIn: true });
  expect(client.persona).toBe("modern-with-url");
});
test("mcp itself declares only forms", async ({ mcp }) => {
  expect(await mcp.tools.call("open_billing", { id: "T-2" })).toHaveErrorCode(-32021);
});
`,
    });
    expect(report.tests.map((t: any) => [t.name, t.status, t.error?.message])).toEqual([
      ["the client with URL mode is asked with a link, and the person signs in on the page", "passed", undefined],
      ["mcp itself declares only forms", "passed", undefined],
    ]);
  });

  test("a wrong test reports matcher, expected, received, a diff and its line; a looping test times out alone", async () => {
    const report = await runTests(
      helpDesk({
        "wrong.test.ts": `import { expect, test } from "@frontmcp/testing";

test("expects the wrong thing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  console.log("result was", result.json());
  expect(result.json()).toEqual({ id: "T-1", closed: false });
});

test("loops forever", () => {
  while (true) {}
});

test("still runs after the loop", async ({ mcp }) => {
  expect(await mcp.tools.list()).toContainTool("close_ticket");
});
`,
      }),
    );
    const [wrong, loop, after] = report.tests;
    expect(wrong).toMatchObject({ name: "expects the wrong thing", status: "failed", error: { matcher: "toEqual", line: 7 } });
    expect(wrong.error.expected).toContain("false");
    expect(wrong.error.actual).toContain("true");
    expect(wrong.error.diff).toMatch(/closed/);
    expect(wrong.logs).toEqual(["result was { id: 'T-1', closed: true }"]);
    expect(loop).toMatchObject({ name: "loops forever", status: "failed" });
    expect(loop.error.message).toMatch(/timed out/i);
    expect(after).toMatchObject({ name: "still runs after the loop", status: "passed" });
  });

  test("a test file and its server are two realms: a test's import of store.ts is its own copy", async () => {
    const report = await runTests(
      helpDesk({
        "realms.test.ts": `import { expect, test } from "@frontmcp/testing";
import { history } from "./store";

test("the server's history is not the test's", async ({ mcp }) => {
  history.push("written by the test");
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  const result = await mcp.tools.call("reopen_ticket", { id: "T-1" });
  expect(result.json().history).toEqual(["reopen requested for T-1", "reopen requested for T-1"]);
  expect(history).toEqual(["written by the test"]);
});
`,
      }),
    );
    expect(report.tests.map((t: any) => [t.name, t.status, t.error?.message])).toEqual([["the server's history is not the test's", "passed", undefined]]);
  });

  test("the tool's own failure during a test is reported with that test, with the tool's file and line", async () => {
    const report = await runTests(
      helpDesk({
        "boom.tool.ts": `import { Tool, ToolContext } from "@frontmcp/sdk";

@Tool({ name: "boom", inputSchema: {} })
export class Boom extends ToolContext {
  async execute() {
    throw new Error("kaput");
  }
}
`,
        "boom.test.ts": `import { expect, test } from "@frontmcp/testing";
test("calls boom", async ({ mcp }) => {
  expect(await mcp.tools.call("boom", {})).toBeError("TOOL_EXECUTION_ERROR");
});
test("calls nothing", () => {});
`,
      }),
    );
    const [calls, nothing] = report.tests;
    expect(calls.status).toBe("passed");
    expect(calls.serverFailures).toEqual([
      { kind: "tool", code: "TOOL_EXECUTION_ERROR", tool: "boom", message: expect.stringContaining("kaput"), where: "boom.tool.ts:6" },
    ]);
    expect(nothing.serverFailures).toBeUndefined();
  });

  test("tests never touch the session's live state; a file can be named", async () => {
    const files = helpDesk({
      "a.test.ts": `import { expect, test } from "@frontmcp/testing";
test("closes T-1", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  expect((await mcp.tools.call("close_ticket", { id: "T-1" })).json().closed).toBe(true);
});`,
      "b.test.ts": `import { test } from "@frontmcp/testing";\ntest.skip("later", () => {});\ntest("b runs", () => {});`,
    });
    const s = await createSession(pg, files);
    const only = await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file: "b.test.ts" });
    expect(only.json).toMatchObject({ passed: 1, skipped: 1, failed: 0 });
    const all = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect(all.json).toMatchObject({ passed: 2, skipped: 1 });
    expect((await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file: "nope.test.ts" })).status).toBe(404);
  });
});

describe("challenges", () => {
  const CHALLENGE = "c1-confirm-before-deleting";
  const starter = async () => (await api(pg, "GET", `/api/lessons/${CHALLENGE}`)).json.files;
  function solution(): Record<string, string> {
    const dir = new URL(`../../checks/${CHALLENGE}/solution/`, import.meta.url);
    return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(new URL(f, dir), "utf8")]));
  }

  test("the starter fails its checks with hints; the reference solution passes them all", async () => {
    const wrong = await api(pg, "POST", `/api/challenges/${CHALLENGE}/check`, { files: await starter() });
    expect(wrong.status).toBe(200);
    expect(wrong.json.passed).toBe(false);
    expect(wrong.json.checks.length).toBeGreaterThanOrEqual(4);
    for (const check of wrong.json.checks.filter((c: { passed: boolean }) => !c.passed)) expect(check.message.length).toBeGreaterThan(10);
    const right = await api(pg, "POST", `/api/challenges/${CHALLENGE}/check`, { files: solution() });
    expect(right.json).toMatchObject({ passed: true });
    expect(right.json.checks.every((c: { passed: boolean; message?: string }) => c.passed && c.message === undefined)).toBe(true);
  });

  test("unknown challenge is 404; hidden checks are never served over HTTP", async () => {
    expect((await api(pg, "POST", "/api/challenges/no-such/check", { files: { "a.ts": "" } })).status).toBe(404);
    expect((await api(pg, "POST", "/api/challenges/01-acts-without-asking/check", { files: { "a.ts": "" } })).status).toBe(404);
    for (const path of [`/checks/${CHALLENGE}/checks.test.ts`, `/api/lessons/../checks/${CHALLENGE}`, `/api/lessons/${CHALLENGE}`]) {
      const r = await api(pg, "GET", path);
      expect(r.text).not.toContain("onElicitation((request) =>");
    }
  });
});
