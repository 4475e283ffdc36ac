// Run checks on the author page: POST /api/challenges/prove runs the fairness proof a save runs, on PGlite or
// DATABASE_URL's PostgreSQL, and stores nothing; bad input is the same 400 a save gives.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChallengeCreated, ChallengeProved } from "../../contract/challenges";
import { saveChallenge, shippedDraft } from "../testing/authoring";
import { api } from "../testing/harness";
import { startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
let kit: RoomPlayground;
let draft: Awaited<ReturnType<typeof shippedDraft>>;

beforeAll(async () => {
  kit = await startRoomPlayground();
  draft = await shippedDraft(C1);
});
afterAll(() => kit?.close());

const prove = (body: unknown) => api(kit.pg, "POST", "/api/challenges/prove", body);
const stored = async () => Number((await kit.pg.db.query<{ n: number }>("SELECT count(*)::int AS n FROM authored_challenges"))[0].n);

describe("a dry run of the fairness proof", () => {
  test("answers the proof a save gives, refusals and reports alike, and stores no challenge", async () => {
    const before = await stored();
    const failing = { ...draft, solution: draft.starter };
    const dry = await prove(failing);
    expect(dry.status, dry.text).toBe(200);
    const { proof } = ChallengeProved.parse(dry.json);
    expect(proof.fair).toBe(false);
    expect(proof.refusals.map((r) => r.rule)).toEqual(["solution-passes"]);
    expect(await stored()).toBe(before);

    const saved = ChallengeCreated.parse((await saveChallenge(kit.pg, failing)).json);
    expect(proof.refusals).toEqual(saved.proof.refusals);
    expect(proof.solution?.checks).toEqual(saved.proof.solution?.checks);
    expect(await stored()).toBe(before + 1);

    const fair = ChallengeProved.parse((await prove(draft)).json);
    expect(fair.proof.fair).toBe(true);
    expect(fair.proof.starter?.passed).toBe(false);
    expect(await stored()).toBe(before + 1);
  });

  test("refuses bad input with the sentence a save gives", async () => {
    const bad = { ...draft, checks: { "notes.md": "x" } };
    const dry = await prove(bad);
    expect(dry.status).toBe(400);
    expect(dry.json.error).toBe((await saveChallenge(kit.pg, bad)).json.error);
  });
});
