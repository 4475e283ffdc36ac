// The fairness proof on save, on PGlite or DATABASE_URL's PostgreSQL: each rule refuses (the challenge stays a draft)
// with what failed, in the same report a learner's Check gives; broken variants that catch too little are warnings.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChallengeCreated, type FairnessFinding } from "../../contract/challenges";
import { getChallenge, putChallenge, saveChallenge, shippedDraft } from "../testing/authoring";
import { checkIn, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
const UNKNOWN = "Fails without asking for an unknown ticket";
let kit: RoomPlayground;
let draft: Awaited<ReturnType<typeof shippedDraft>>;

beforeAll(async () => {
  kit = await startRoomPlayground();
  draft = await shippedDraft(C1);
});
afterAll(() => kit?.close());

async function saved(body: unknown) {
  const res = await saveChallenge(kit.pg, body);
  expect(res.status, res.text).toBe(201);
  return ChallengeCreated.parse(res.json);
}
const rules = (findings: FairnessFinding[]) => findings.map((f) => f.rule);

describe("the fairness proof", () => {
  test("publishes a fair challenge, warning that no broken variant shows what each check catches", async () => {
    const { status, proof } = await saved(draft);
    expect(status).toBe("published");
    expect(proof.refusals).toEqual([]);
    expect(rules(proof.warnings)).toEqual(["variants-caught"]);
    expect(proof.checkNames).toHaveLength(5);
    expect(proof.solution?.passed).toBe(true);
    expect(proof.starter?.passed).toBe(false);
  });

  test("proves a challenge on the official SDK as one on FrontMCP (a copy of c8)", async () => {
    const { status, proof } = await saved(await shippedDraft("c8-support-desk-every-answer"));
    expect(proof.refusals).toEqual([]);
    expect(status).toBe("published");
    expect(proof.starter?.passed).toBe(false);
  });

  test("refuses a solution that fails, with the report a learner's Check of it gives", async () => {
    const { status, proof } = await saved({ ...draft, solution: draft.starter });
    expect(status).toBe("draft");
    expect(rules(proof.refusals)).toEqual(["solution-passes"]);
    const learner = (await checkIn(kit.pg, C1, draft.starter)).json;
    expect(proof.refusals[0].checks).toEqual(learner.checks.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string }) => c.name));
    expect(proof.solution).toEqual(learner);
  });

  test("refuses a starter that already passes", async () => {
    const { status, proof } = await saved({ ...draft, starter: draft.solution });
    expect(status).toBe("draft");
    expect(rules(proof.refusals)).toEqual(["starter-fails"]);
  });

  test("refuses a check without a hint, naming it", async () => {
    const { [UNKNOWN]: _, ...hints } = draft.hints;
    const { status, proof } = await saved({ ...draft, hints: { ...hints, "Keeps the ticket when the person declines": "  " } });
    expect(status).toBe("draft");
    expect(proof.refusals).toEqual([expect.objectContaining({ rule: "hint-per-check", checks: ["Keeps the ticket when the person declines", UNKNOWN] })]);
  });

  test("refuses checks that do not compile, and check files with no check", async () => {
    const broken = await saved({ ...draft, checks: { "checks.test.ts": 'test("Asks", async ({ mcp }) => { await mcp.tools.call( });' } });
    expect(broken.status).toBe("draft");
    expect(rules(broken.proof.refusals)).toContain("checks-compile");
    expect(broken.proof.refusals.find((r) => r.rule === "checks-compile")?.message).toMatch(/^The checks do not compile: checks.test.ts:1:/);

    const empty = await saved({ ...draft, checks: { "checks.test.ts": "// nothing to check yet\n" }, hints: {} });
    expect(empty.status).toBe("draft");
    expect(rules(empty.proof.refusals)).toEqual(["has-checks"]);

    const twice = `${draft.checks["checks.test.ts"]}\ntest(${JSON.stringify(UNKNOWN)}, () => {});\n`;
    expect(rules((await saved({ ...draft, checks: { "checks.test.ts": twice } })).proof.refusals)).toContain("has-checks");
  });

  test("runs the author's checks under the learners' limits: a check that never ends is stopped and refused", async () => {
    const endless = `import { test } from "@frontmcp/testing";\ntest("Waits forever", async () => { for (;;) {} });\n`;
    const { status, proof } = await saved({ ...draft, checks: { "checks.test.ts": endless }, hints: { "Waits forever": "Never ends." } });
    expect(status).toBe("draft");
    expect(rules(proof.refusals)).toEqual(["solution-passes"]);
    expect(proof.solution?.checks[0]).toMatchObject({ name: "Waits forever", passed: false, problem: { kind: "timeout" } });
  });

  test("warns about checks no broken variant fails, and about variants every check passes", async () => {
    const { status, proof } = await saved({ ...draft, broken: { "deletes-at-once": draft.starter, "the-solution": draft.solution } });
    expect(status).toBe("published");
    expect(proof.warnings.map((w) => w.message)).toEqual([`No broken variant fails "${UNKNOWN}"`, 'Every check passes on the broken variant "the-solution"']);
    expect(proof.broken?.["deletes-at-once"].passed).toBe(false);
  });

  test("keeps a changed challenge a draft until it passes again", async () => {
    const { id, authorKey } = await saved(draft);
    const refused = await putChallenge(kit.pg, id, authorKey, { ...draft, solution: draft.starter });
    expect(refused.json.status).toBe("draft");
    expect((await getChallenge(kit.pg, id, authorKey)).json.status).toBe("draft");
    expect((await putChallenge(kit.pg, id, authorKey, draft)).json.status).toBe("published");
  });
});
