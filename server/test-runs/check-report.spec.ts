// Check says the real failure first: a compile error, a project that does not load, a time limit, or the tool's own
// failure, each with the learner's file and line where there is one, before any hint. Runs against a real playground.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../app";
import { getChallengeMaterial, getLesson } from "../lessons/catalog";
import { api, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  // A short call limit keeps the endless-loop case quick; the rule does not depend on the number.
  pg = await startTestPlayground({ callTimeoutMs: 300 });
});
afterAll(async () => {
  await pg?.close();
});

async function check(id: string, files: Record<string, string>) {
  const res = await api(pg, "POST", `/api/challenges/${id}/check`, { files });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
const C1 = "c1-confirm-before-deleting";
const C4 = "c4-flatten-the-form";
const c1Tool = async () => (await getChallengeMaterial(C1))!.solution["delete-ticket.tool.ts"];

describe("Check reports the real failure first", () => {
  it("a compile error: the file and line, and no check passes", async () => {
    const files = { ...(await getLesson(C1))!.files };
    files["delete-ticket.tool.ts"] = files["delete-ticket.tool.ts"].replace("async execute(", "async execute((");
    const report = await check(C1, files);
    expect(report.passed).toBe(false);
    expect(report.checks.every((c: { passed: boolean }) => !c.passed)).toBe(true);
    expect(report.failure).toMatchObject({ kind: "compile", file: "delete-ticket.tool.ts" });
    expect(report.failure.line).toBeGreaterThan(1);
    expect(report.failure.message).toMatch(/^Your code does not compile: delete-ticket\.tool\.ts:\d+:/);
    // Nothing ran, so no logic hint: only the compile error speaks.
    for (const c of report.checks) expect(c).toEqual({ name: c.name, passed: false, notRun: true });
  });

  it("a failed check says what it did and what came back, then its hint, never its code", async () => {
    const report = await check(C1, (await getLesson(C1))!.files);
    const asks = report.checks.find((c: { name: string }) => c.name === "Asks before deleting, naming the ticket");
    expect(asks.message).toBeTruthy();
    expect(asks.did.calls[0]).toMatchObject({ tool: "delete_ticket", args: { id: "T-1" }, answers: [] });
    expect(asks.did.calls[0].received).toMatch(/T-1/);
    expect(asks.did).toMatchObject({ expected: "1", received: "0" });
    const source = (await getChallengeMaterial(C1))!.checks["checks.test.ts"];
    expect(JSON.stringify(report)).not.toContain("whileAsked");
    expect(source).toContain("whileAsked");
  });

  it("a project that throws while loading: the file and line", async () => {
    const files = { ...(await getLesson(C1))!.files, "broken.ts": 'export const x = 1;\nthrow new Error("boom at load");\n' };
    const report = await check(C1, files);
    expect(report.passed).toBe(false);
    expect(report.failure).toMatchObject({ kind: "load", file: "broken.ts", line: 2 });
    expect(report.failure.message).toContain("boom at load");
  });

  it("an endless loop passes no check by timing out, and the report says it timed out", async () => {
    const solution = (await getChallengeMaterial(C1))!.solution;
    // The right solution, with a loop where it would ask: every call of delete_ticket hits the time limit.
    const looping = (await c1Tool()).replace("const answer = await this.elicit(", "while (input.id) {}\n    const answer = await this.elicit(");
    expect(looping).not.toBe(await c1Tool());
    const report = await check(C1, { ...solution, "delete-ticket.tool.ts": looping });
    const passed = report.checks.filter((c: { passed: boolean }) => c.passed).map((c: { name: string }) => c.name);
    // Only the unknown-ticket check never reaches the loop.
    expect(passed).toEqual(["Fails without asking for an unknown ticket"]);
    expect(report.failure.kind).toBe("timeout");
    for (const c of report.checks.filter((c: { passed: boolean }) => !c.passed)) {
      expect(c.problem?.kind, c.name).toBe("timeout");
      expect(c.message, c.name).toBeDefined();
    }
  });

  it("the tool's own failure (a .regex() in the form): the runtime's reason with the file and line, then the hint", async () => {
    const material = (await getChallengeMaterial(C4))!;
    const withRegex = material.solution["schedule-callback.tool.ts"].replace("name: z.string().min(1)", "name: z.string().regex(/^[A-Z]/)");
    expect(withRegex).not.toBe(material.solution["schedule-callback.tool.ts"]);
    const report = await check(C4, { ...material.solution, "schedule-callback.tool.ts": withRegex });
    expect(report.passed).toBe(false);
    expect(report.failure).toMatchObject({ kind: "tool", file: "schedule-callback.tool.ts" });
    expect(report.failure.line).toBeGreaterThan(10);
    expect(report.failure.message).toMatch(/regular expressions/);
    const flat = report.checks.find((c: { name: string }) => c.name === "Asks with a flat form");
    expect(flat.problem.message).toMatch(/regular expressions/);
    expect(flat.message).toBe(material.hints["Asks with a flat form"]);
    // "Books nothing" would hold trivially: a check whose question the runtime refused cannot pass.
    expect(report.checks.filter((c: { passed: boolean }) => c.passed)).toEqual([]);
  });

  it("c7: a learner test failing on the correct tool is named, with its line", async () => {
    const id = "c7-write-the-tests";
    const files = { ...(await getLesson(id))!.files };
    files["assign-ticket.test.ts"] += `\ntest("wrong on purpose", async ({ mcp }) => {\n  expect(await mcp.tools.list()).toHaveLength(99);\n});\n`;
    const report = await check(id, files);
    expect(report.passed).toBe(false);
    expect(report.failure).toMatchObject({ kind: "test", file: "assign-ticket.test.ts" });
    expect(report.failure.message).toContain('"wrong on purpose"');
    expect(report.failure.line).toBeGreaterThan(5);
  });
});
