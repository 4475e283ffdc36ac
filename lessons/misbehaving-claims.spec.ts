// The claims of lesson 18 (a client that breaks the rules) and challenge c9, on their own files: each rule the text
// names, broken by the `misbehaving` fixture client in a real test run, gets the answer the text says. Round 2 after
// Reset exists only in the Call tab and is proved in a browser (e2e/misbehaving.e2e.ts), as is the Call tab's note.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../server/app";
import { getLesson } from "../server/lessons/catalog";
import { api, createSession, startTestPlayground } from "../server/testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

const ID = "18-a-client-that-breaks-the-rules";

/** One test per claim, each with its own client and ticket; they run as a test file of the lesson's project. */
const CLAIMS = `import { expect, test } from "@frontmcp/testing";
const yes = () => ({ action: "accept" as const, content: { confirm: true } });
const refused = async (mcp: any, breaks: string, id: string) => {
  const client = mcp.as("misbehaving", { breaks });
  client.onElicitation(yes);
  const result = await client.tools.call("close_ticket", { id });
  expect((await mcp.tools.call("get_ticket", { id })).json().status).toBe("open");
  return result;
};
test("edited: -32602 invalid_request_state", async ({ mcp }) => {
  const r = await refused(mcp, "state-edited", "T-1");
  expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
});
test("another tool: -32602 invalid_request_state", async ({ mcp }) => {
  const r = await refused(mcp, "state-other-tool", "T-1");
  expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
});
test("wrong type: INVALID_INPUT naming the field", async ({ mcp }) => {
  const r = await refused(mcp, "answer-wrong-type", "T-2");
  expect(r).toBeError("INVALID_INPUT");
  expect(r.text()).toContain("confirm");
});
test("accept without content: INVALID_INPUT naming the field", async ({ mcp }) => {
  const r = await refused(mcp, "accept-without-content", "T-3");
  expect(r).toBeError("INVALID_INPUT");
  expect(r.text()).toContain("confirm");
});
test("an id still in flight: HTTP 400 -32600, and the call still asks", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "id-in-flight" });
  client.onElicitation(yes);
  const r = await client.tools.call("close_ticket", { id: "T-1" });
  expect(r.brokenPost).toMatchObject({ status: 400, error: { code: -32600 } });
  expect(r.json()).toMatchObject({ id: "T-1", closed: true });
});
test("answered twice: the second gets HTTP 400 -32600", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "answer-twice" });
  client.onElicitation(yes);
  const r = await client.tools.call("close_ticket", { id: "T-2" });
  expect(r.brokenPost).toMatchObject({ status: 400, error: { code: -32600 } });
  expect(r.json()).toMatchObject({ id: "T-2", closed: true });
});
test("an answer after cancel: HTTP 400 -32600, and the ticket stays open", async ({ mcp }) => {
  const r = await refused(mcp, "answer-after-cancel", "T-3");
  expect(r.brokenPost).toMatchObject({ status: 400, error: { code: -32600 } });
});
test("after Reset is refused in tests, with why", async ({ mcp }) => {
  expect(() => mcp.as("misbehaving", { breaks: "state-after-reset" })).toThrow(/has none/);
});
`;

describe("18 A client that breaks the rules", () => {
  test("each broken rule the text names gets the answer it says, and no ticket closes", async () => {
    const files = { ...(await getLesson(ID))!.files, "claims.test.ts": CLAIMS };
    const s = await createSession(pg, files);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file: "claims.test.ts" });
    expect(run.status, run.text).toBe(200);
    const failed = run.json.tests.filter((t: { status: string }) => t.status !== "passed");
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(run.json.passed).toBe(8);
  });
});

describe("c9 Survive a client that breaks the rules (starter)", () => {
  const C9 = "c9-survive-a-client-that-breaks-the-rules";
  const TRY_IT = `import { expect, test } from "@frontmcp/testing";
test("try it first: round 2 is refused, but round 1 already closed T-1", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "state-edited" });
  client.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  const result = await client.tools.call("close_ticket", { id: "T-1" });
  expect(result.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
  expect((await mcp.tools.call("get_ticket", { id: "T-1" })).json().status).toBe("closed");
  expect((await mcp.tools.call("list_outbox", {})).json().emails).toEqual([]);
});
`;

  test("the starter leaves T-1 closed after a refused round 2, as the text says", async () => {
    const s = await createSession(pg, { ...(await getLesson(C9))!.files, "try-it.test.ts": TRY_IT });
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file: "try-it.test.ts" });
    expect(run.status, run.text).toBe(200);
    expect(run.json.passed, JSON.stringify(run.json.tests, null, 2)).toBe(1);
  });
});
