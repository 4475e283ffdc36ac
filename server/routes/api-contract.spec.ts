// The HTTP API answers what contract/ says it answers: every route's real answer, parsed with the contract's strict
// schemas (an extra, missing or retyped field fails), and request bodies that break the contract answer 400.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type * as z from "zod";
import { CheckReport, FilesUpdated, SessionCreated, SessionReset, TestRun, ApiErrorBody } from "../../contract/api";
import { Lesson, LessonSummary } from "../../contract/lessons";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { api, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ testTimeoutMs: 1500 });
});
afterAll(() => pg?.close());

/** Parses with the contract's schema and returns the value, so a test can go on asserting on it. */
function conforms<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`answer breaks the contract: ${JSON.stringify(parsed.error.issues, null, 1)}\n${JSON.stringify(body)}`);
  return parsed.data;
}

const LESSON = "01-acts-without-asking";

// A test file whose run has a failure with a diff, a log line, a server failure (the tool throws) and a test the
// sandbox stops (its own time limit): every optional field of a test outcome appears at least once.
const EXPLODING_TOOL = `import { Tool, ToolContext } from "@frontmcp/sdk";
@Tool({ name: "explode", description: "Always throws.", inputSchema: {} })
export class Explode extends ToolContext {
  async execute() {
    throw new Error("boom");
  }
}
`;
const EXTRA_TESTS = `import { expect, test } from "@frontmcp/testing";
test("a wrong expectation", async ({ mcp }) => {
  console.log("checking T-1");
  console.warn("careful");
  expect({ id: "T-1", status: "open" }).toEqual({ id: "T-1", status: "closed" });
});
test("the tool throws", async ({ mcp }) => {
  const result = await mcp.tools.call("explode", {});
  expect(result).toBeSuccessful();
});
test("never ends", async () => {
  for (;;) {}
});
`;

describe("the API answers as contract/ says", () => {
  test("lessons: the list and one lesson", async () => {
    const list = await api(pg, "GET", "/api/lessons");
    expect(list.status).toBe(200);
    expect(conforms(LessonSummary.array(), list.json).length).toBeGreaterThan(10);
    const one = await api(pg, "GET", `/api/lessons/${LESSON}`);
    expect(conforms(Lesson, one.json).files["store.ts"]).toBeTruthy();
    expect(conforms(ApiErrorBody, (await api(pg, "GET", "/api/lessons/nope")).json).error).toMatch(/nope/);
  });

  test("sessions: create, files that compile and files that do not, reset", async () => {
    const files = (await getLesson(LESSON))!.files;
    const created = await api(pg, "POST", "/api/sessions", { files });
    expect(created.status).toBe(201);
    const session = conforms(SessionCreated, created.json);
    expect(session.tools.map((t) => t.name)).toContain("close_ticket");

    const updated = await api(pg, "PUT", `/api/sessions/${session.id}/files`, { files });
    expect(conforms(FilesUpdated, updated.json).tools?.length).toBeGreaterThan(0);
    const broken = await api(pg, "PUT", `/api/sessions/${session.id}/files`, { files: { ...files, "store.ts": "export const = ;" } });
    expect(broken.status).toBe(422);
    expect(conforms(FilesUpdated, broken.json).diagnostics[0].file).toBe("store.ts");

    const notCompiling = await api(pg, "POST", "/api/sessions", { files: { "a.tool.ts": "export const = ;" } });
    expect(notCompiling.status).toBe(422);
    expect(conforms(SessionCreated, notCompiling.json).diagnostics.length).toBeGreaterThan(0);

    expect(conforms(SessionReset, (await api(pg, "POST", `/api/sessions/${session.id}/reset`)).json)).toEqual({ reset: true });
    const gone = await api(pg, "POST", "/api/sessions/no-such-session/reset");
    expect(gone.status).toBe(404);
    expect(conforms(ApiErrorBody, gone.json).code).toBe("SESSION_NOT_FOUND");
  });

  test("tests: a run with failures, logs, server failures and a stopped test", async () => {
    const files = { ...(await getLesson(LESSON))!.files, "explode.tool.ts": EXPLODING_TOOL, "extra.test.ts": EXTRA_TESTS };
    const session = conforms(SessionCreated, (await api(pg, "POST", "/api/sessions", { files })).json);
    const res = await api(pg, "POST", `/api/sessions/${session.id}/tests`, {});
    expect(res.status).toBe(200);
    const run = conforms(TestRun, res.json);
    const extra = run.tests.filter((t) => t.file === "extra.test.ts");
    expect(extra.map((t) => t.status)).toEqual(["failed", "failed", "failed"]);
    expect(extra[0].logs).toEqual(["checking T-1", "[warn] careful"]);
    expect(extra[0].error?.diff).toBeTruthy();
    expect(extra[1].serverFailures?.[0]).toMatchObject({ kind: "tool", tool: "explode", code: "TOOL_EXECUTION_ERROR" });
    expect(extra[2].stopped).toBe("timeout");
    const one = conforms(TestRun, (await api(pg, "POST", `/api/sessions/${session.id}/tests`, { file: "close-ticket.test.ts" })).json);
    expect(new Set(one.tests.map((t) => t.file))).toEqual(new Set(["close-ticket.test.ts"]));
  }, 60_000);

  test("check: a report with a failing check and the real failure first", async () => {
    const starter = (await getLesson("c1-confirm-before-deleting"))!.files;
    const res = await api(pg, "POST", "/api/challenges/c1-confirm-before-deleting/check", { files: starter });
    expect(res.status).toBe(200);
    const report = conforms(CheckReport, res.json);
    expect(report.passed).toBe(false);
    const broken = conforms(
      CheckReport,
      (await api(pg, "POST", "/api/challenges/c1-confirm-before-deleting/check", { files: { "a.tool.ts": "export const = ;" } })).json,
    );
    expect(broken.failure?.kind).toBe("compile");
  }, 60_000);

  test("a body that breaks the contract is a 400 that says what is wrong", async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "/api/sessions", undefined, /"files"/],
      ["POST", "/api/sessions", { files: ["a.ts"] }, /"files"/],
      ["POST", "/api/sessions", { files: { "a.ts": 1 } }, /must be a string/],
      ["POST", "/api/sessions/x/tests", { file: 3 }, /"file" must be the name of a test file/],
      ["POST", "/api/sessions/x/tests", { learnerKey: 3 }, /"learnerKey"/],
      ["POST", "/api/challenges/c1-confirm-before-deleting/check", {}, /"files"/],
      ["POST", "/api/challenges/c1-confirm-before-deleting/check", { files: { "a.ts": "" }, learnerKey: false }, /"learnerKey"/],
    ];
    const files = (await getLesson(LESSON))!.files;
    const { id } = conforms(SessionCreated, (await api(pg, "POST", "/api/sessions", { files })).json);
    for (const [method, path, body, message] of cases) {
      const res = await api(pg, method, path.replace("/x/", `/${id}/`), body);
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(conforms(ApiErrorBody, res.json).error).toMatch(message);
    }
  });
});
