// The reference solution opens to a learner alone only after the server itself ran three Checks of that challenge
// for the learner's session: Checks of another challenge, of another session, or without a session do not count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../app";
import { getChallengeMaterial, getLesson } from "../lessons/catalog";
import { api, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(async () => {
  await pg?.close();
});

const C1 = "c1-confirm-before-deleting";
const C4 = "c4-flatten-the-form";

async function newSession(): Promise<string> {
  const res = await api(pg, "POST", "/api/sessions", { lessonId: C1 });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}
async function check(challenge: string, session?: string) {
  const res = await api(pg, "POST", `/api/challenges/${challenge}/check`, { files: (await getLesson(challenge))!.files, session });
  expect(res.status, res.text).toBe(200);
}
const solution = (session: string, challenge = C1) => api(pg, "POST", `/api/sessions/${session}/solution`, { challenge });

describe("the solution after three Checks", () => {
  it("is refused until the server ran three Checks of that challenge for the session", async () => {
    const session = await newSession();
    const other = await newSession();
    expect((await solution(session)).json).toMatchObject({ code: "SOLUTION_NOT_YET", checks: 0 });
    await check(C1, session);
    await check(C1, session);
    // Checks of another challenge, of another session and without a session are not this session's Checks of C1.
    await check(C4, session);
    await check(C1, other);
    await check(C1);
    const early = await solution(session);
    expect(early.status).toBe(403);
    expect(early.json).toMatchObject({ code: "SOLUTION_NOT_YET", checks: 2 });
    await check(C1, session);
    const open = await solution(session);
    expect(open.status, open.text).toBe(200);
    expect(open.json).toEqual({ challenge: C1, files: (await getChallengeMaterial(C1))!.solution });
    expect((await solution(session, C4)).status).toBe(403);
    expect((await solution(other)).status).toBe(403);
  });

  it("names an unknown challenge or session with a 404", async () => {
    expect((await solution(await newSession(), "no-such")).status).toBe(404);
    expect((await solution("no-such-session")).status).toBe(404);
  });
});
