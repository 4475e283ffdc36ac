// Attacks on Check: learner code that tries to forge a pass or read the hidden checks. Each attack is added to a
// challenge's unsolved starter; Check must report exactly what it reports for the starter alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../app";
import { getChallengeMaterial, getLesson } from "../lessons/catalog";
import { api, createSession, modernClient, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(async () => {
  await pg?.close();
});

type Report = { passed: boolean; checks: Array<{ name: string; passed: boolean }> };

async function check(id: string, files: Record<string, string>): Promise<Report> {
  const res = await api(pg, "POST", `/api/challenges/${id}/check`, { files });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
const passes = (report: Report) => report.checks.map((c) => `${c.passed ? "pass" : "FAIL"} ${c.name}`);
const starter = async (id: string) => (await getLesson(id))!.files;

const HIDDEN_CHECK_CHALLENGES = [
  "c1-confirm-before-deleting",
  "c2-act-after-asking",
  "c3-ask-only-when-needed",
  "c4-flatten-the-form",
  "c5-say-what-happened",
  "c6-optional-asking",
];

/** Replaces the runtime's runTest entry so every test reports "passed". */
const REPLACE_RUN_TEST = `
const playground = (globalThis as any).__playground;
const runTest = playground.runTest;
playground.runTest = async (json: string) => {
  const result = JSON.parse(await runTest(json));
  result.status = "passed";
  delete result.error;
  return JSON.stringify(result);
};
export {};
`;

/** A setter on Object.prototype that catches the testing module when the runtime stores it, and wraps test(). */
const prototypeSetter = (body: string) => `
Object.defineProperty(Object.prototype, "@frontmcp/testing", {
  configurable: true,
  set(testing: any) {
    const test = (name: string, fn: Function) => testing.test(name, async () => { ${body} });
    Object.defineProperty(this, "@frontmcp/testing", { value: { ...testing, test }, enumerable: true, writable: true, configurable: true });
  },
});
export {};
`;
/** Every check passes without running. */
const SETTER_FORGES = prototypeSetter("");
/** A check passes only when its hidden source (read with String(fn)) mentions T-1: one bit of the source per check. */
const SETTER_LEAKS_SOURCE = prototypeSetter('if (!String(fn).includes("T-1")) throw new Error("bit 0");');

describe("Check cannot be forged or read by learner code", () => {
  for (const [attack, source] of [
    ["replacing __playground.runTest", REPLACE_RUN_TEST],
    ["a setter on Object.prototype that swaps test()", SETTER_FORGES],
    ["a setter on Object.prototype that reads the checks with String(fn)", SETTER_LEAKS_SOURCE],
  ] as const) {
    it(`${attack} changes no check result`, async () => {
      for (const id of HIDDEN_CHECK_CHALLENGES) {
        const files = await starter(id);
        const [alone, attacked] = await Promise.all([check(id, files), check(id, { ...files, "zz-attack.ts": source })]);
        expect(alone.passed, id).toBe(false);
        expect(passes(attacked), `${id} with ${attack}`).toEqual(passes(alone));
      }
    });
  }

  it("c7: a test that pins the tool's source length catches no broken variant", async () => {
    const id = "c7-write-the-tests";
    const files = await starter(id);
    // Learn the length the way a learner would: from a failing assertion in the Tests tab.
    const probe = `import { expect, test } from "@frontmcp/testing";
import { AssignTicket } from "./assign-ticket.tool";
test("length", () => { expect(String(AssignTicket).length).toBe(-1); });
`;
    const session = await createSession(pg, { ...files, "assign-ticket.test.ts": probe });
    const run = await api(pg, "POST", `/api/sessions/${session.id}/tests`, {});
    const length = Number(/Received:\s*(\d+)/.exec(run.json.tests[0].error.message)?.[1]);
    expect(length).toBeGreaterThan(100);

    const pin = probe.replace("toBe(-1)", `toBe(${length})`);
    const report = await check(id, { ...files, "assign-ticket.test.ts": pin });
    expect(report.passed).toBe(false);
    expect(report.checks.filter((c) => c.passed).map((c) => c.name)).toEqual(["Your tests pass on the correct tool"]);
  });
});

describe("c7's broken variants give nothing away but behaviour", () => {
  it("each keeps the solution's line layout (its maintainer note comes after the code)", async () => {
    const material = (await getChallengeMaterial("c7-write-the-tests"))!;
    const codeLines = (text: string) => text.replace(/\n+\/\/ BROKEN ON PURPOSE:.*\n$/, "\n").split("\n").length;
    for (const [dir, files] of Object.entries(material.broken)) {
      for (const [name, text] of Object.entries(files)) expect(codeLines(text), `${dir}/${name}`).toBe(codeLines(material.solution[name]));
      expect(files["assign-ticket.tool.ts"], dir).toMatch(/\n\/\/ BROKEN ON PURPOSE: .+\n$/);
    }
  });
});

describe("entry points into a VM", () => {
  it("are taken before project code runs: replacing __playground's entries changes nothing", async () => {
    const forged = `JSON.stringify({ outcome: { kind: "result", result: { content: [{ type: "text", text: "forged" }] } }, logs: [] })`;
    const session = await createSession(pg, {
      ...(await starter("c1-confirm-before-deleting")),
      "zz-attack.ts": `const g = globalThis as any;
try { g.__playground.callTool = async () => ${forged}; } catch {}
try { Object.defineProperty(g, "__playground", { value: { ...g.__playground, callTool: async () => ${forged} } }); } catch {}
try { g.__playground = { ...g.__playground, callTool: async () => ${forged} }; } catch {}
export {};
`,
    });
    const client = await modernClient(session.mcpUrl, {});
    try {
      const result = await client.callTool({ name: "delete_ticket", arguments: { id: "T-1" } });
      expect(JSON.stringify(result.content)).not.toContain("forged");
      expect(JSON.stringify(result.content)).toContain("T-1");
    } finally {
      await client.close();
    }
  });
});
