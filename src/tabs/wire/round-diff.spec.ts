// The Wire tab's round diff, on every lesson's real rounds: recorded-rounds.json holds the tools/call bodies the
// official client sent (as the `modern-with-url` persona, accepting every question, rounds driven by hand as the
// Call tab drives them) for each starter tool that asks, without the _meta every round repeats. The diff between
// consecutive rounds must name exactly the answer keys that went and came, and the pinned table below is what
// learners read. A lesson whose rounds change is recorded again the same way.
import { describe, expect, test } from "vitest";
import RECORDED from "./recorded-rounds.json";
import { changeLine, roundChanges } from "./round-diff";

const keysOf = (body: Record<string, unknown> | undefined) =>
  Object.keys(((body?.params as Record<string, unknown> | undefined)?.inputResponses as object | undefined) ?? {});

describe("round diff of every lesson's recorded rounds", () => {
  test("says which answer keys went and came, and pins what each lesson shows", () => {
    const table: Record<string, string[]> = {};
    for (const [tool, rounds] of Object.entries(RECORDED as Record<string, Record<string, unknown>[]>)) {
      for (let i = 1; i < rounds.length; i++) {
        const changes = roundChanges(rounds[i - 1], rounds[i]);
        const lines = changes.map(changeLine);
        // The invariant the lesson 4 bug broke: a key present in this round is never reported as gone.
        const before = keysOf(rounds[i - 1]);
        const after = keysOf(rounds[i]);
        for (const k of after.filter((k) => !before.includes(k))) expect(lines, `${tool} round ${i + 1}`).toContain(`+ params.inputResponses.${k}`);
        for (const k of before.filter((k) => !after.includes(k))) expect(lines, `${tool} round ${i + 1}`).toContain(`− params.inputResponses.${k}`);
        expect(lines.filter((l) => l.startsWith("−")).every((l) => !after.some((k) => l.endsWith(`.${k}`) || l === "− params.inputResponses"))).toBe(true);
        table[`${tool} round ${i + 1}`] = lines;
      }
    }
    expect(table).toMatchInlineSnapshot(`
      {
        "02-asking-with-elicit close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "03-asking-for-a-missing-detail assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "04-on-the-wire close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "04-on-the-wire close_ticket round 3": [
          "− params.inputResponses.elicitation-1",
          "+ params.inputResponses.elicitation-2",
          "~ params.requestState",
          "~ id",
        ],
        "05-ask-first-then-act close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "06-testing-a-tool-that-asks close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "08-turning-elicitation-on close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "09-a-richer-form escalate_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "10-sensitive-data-url-mode open_billing round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "11-ask-once-approval email_customer round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "12-connect-a-real-client close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "15-porting-to-sdk-2 escalate_ticket round 2": [
          "+ params.inputResponses.escalation",
          "~ id",
        ],
        "20-one-call-many-instances close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c2-act-after-asking close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c3-ask-only-when-needed assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c5-say-what-happened close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c6-optional-asking close_stale_tickets round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c7-write-the-tests assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
      }
    `);
  });
});

describe("roundChanges on small cases", () => {
  test("the whole inputResponses map arriving is named key by key", () => {
    const r1 = { id: 1, params: { name: "t", arguments: { id: "T-1" } } };
    const r2 = {
      id: 2,
      params: {
        name: "t",
        arguments: { id: "T-1" },
        inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
        requestState: "v1.a.b",
      },
    };
    expect(roundChanges(r1, r2).map(changeLine)).toEqual(["~ id", "+ params.inputResponses.elicitation-1", "+ params.requestState"]);
  });

  test("one answer replaced by another: the old key went, the new one came, the map stayed", () => {
    const r2 = { id: 2, params: { inputResponses: { "elicitation-1": { action: "accept" } }, requestState: "v1.a.b" } };
    const r3 = { id: 3, params: { inputResponses: { "elicitation-2": { action: "accept", content: { email: true } } }, requestState: "v1.c.d" } };
    expect(roundChanges(r2, r3).map(changeLine)).toEqual([
      "~ id",
      "− params.inputResponses.elicitation-1",
      "+ params.inputResponses.elicitation-2",
      "~ params.requestState",
    ]);
  });

  test("a changed field inside an answer is reported as that answer changing, once", () => {
    const a = { params: { inputResponses: { "elicitation-1": { action: "accept", content: { a: 1, b: 2 } } } } };
    const b = { params: { inputResponses: { "elicitation-1": { action: "accept", content: { a: 2, b: 3 } } } } };
    expect(roundChanges(a, b)).toEqual([
      {
        path: "params.inputResponses.elicitation-1",
        kind: "changed",
        before: a.params.inputResponses["elicitation-1"],
        after: b.params.inputResponses["elicitation-1"],
      },
    ]);
  });

  test("no change, no lines", () => {
    expect(roundChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});
