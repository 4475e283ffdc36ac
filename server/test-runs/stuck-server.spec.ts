// A test file's server stuck in native code (an operation that never looks at its interrupt): the watchdog replaces
// its worker; the test that called it gets the tool's failure and says why, the file's later tests still run (the
// test VM is elsewhere), and the same session's next run is served.
import { expect, test } from "vitest";
import { helpDesk, NATIVE_STALL } from "../testing/fixtures";
import { api, createSession, startTestPlayground } from "../testing/harness";

test("a server stuck in native code during a test: its worker is replaced, the test reports the failure, the file's next test runs", async () => {
  const stuck = await startTestPlayground({ workers: 2, callTimeoutMs: 400 });
  try {
    const s = await createSession(
      stuck,
      helpDesk({
        "search.ts": `import { Tool, ToolContext } from "@frontmcp/sdk";
@Tool({ name: "search", description: "Searches", inputSchema: {} })
export class SearchTool extends ToolContext {
  async execute() { ${NATIVE_STALL} }
}
`,
        "search.test.ts": `import { expect, test } from "@frontmcp/testing";
test("searches", async ({ mcp }) => { expect(await mcp.tools.call("search", {})).toBeSuccessful(); });
test("lists", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBeGreaterThan(0); });
`,
        "list.test.ts": `import { expect, test } from "@frontmcp/testing";
test("lists", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBeGreaterThan(0); });
`,
      }),
    );
    const before = stuck.pool.restarts;
    const r = await api(stuck, "POST", `/api/sessions/${s.id}/tests`, { file: "search.test.ts" });
    expect(r.status, r.text).toBe(200);
    const [searches, lists] = r.json.tests;
    expect(searches).toMatchObject({ name: "searches", status: "failed", error: { matcher: "toBeSuccessful" } });
    expect(searches.error.message).toMatch(/native operation, so its sandbox was restarted/);
    expect(searches.serverFailures).toEqual([expect.objectContaining({ kind: "tool", tool: "search", message: expect.stringMatching(/native operation/) })]);
    expect(lists).toMatchObject({ name: "lists", status: "passed" });
    expect(stuck.pool.restarts).toBe(before + 1);
    // The same session's own tests run again on the replaced worker.
    const again = await api(stuck, "POST", `/api/sessions/${s.id}/tests`, { file: "list.test.ts" });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ passed: 1, failed: 0 });
  } finally {
    await stuck.close();
  }
});
