// A lesson's verdict comes from the server's own runs: its hidden goal check on the learner's files, or the steps
// the server served the session itself (a call made, a form answered), with the code compiling now.
import { isInputRequiredResult } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { getChallengeMaterial, getLesson, getTickRule, listLessons } from "../lessons/catalog";
import { api, createSession, legacyV2Client, modernClient, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

const verdict = async (session: string, lesson: string) => (await api(pg, "POST", `/api/sessions/${session}/verdict`, { lesson })).json;
const FORM = { elicitation: { form: {} } };

/** One close_ticket call from a 2026-07-28 client, answered `action` in round 2. */
async function closeTicket(mcpUrl: string, action: "accept" | "decline" | "cancel", id = "T-1") {
  const client = await modernClient(mcpUrl, FORM);
  const round1 = await client.callTool({ name: "close_ticket", arguments: { id } }, { allowInputRequired: true });
  if (!isInputRequiredResult(round1)) throw new Error(`expected a question, got ${JSON.stringify(round1)}`);
  const [key] = Object.keys(round1.inputRequests ?? {});
  const answer = action === "accept" ? { action, content: { confirm: true } } : { action };
  const params = { name: "close_ticket", arguments: { id }, inputResponses: { [key]: answer }, requestState: round1.requestState };
  await client.callTool(params as never, { allowInputRequired: true });
  await client.close();
}

describe("lesson verdicts", () => {
  test("every lesson has a tick rule; a lesson with a goal check does not pass on its starter, and its check passes on its solution", async () => {
    for (const { id, kind } of await listLessons()) {
      if (kind !== "lesson") continue;
      const rule = await getTickRule(id);
      expect(rule, id).toBeDefined();
      if (!rule?.check) continue;
      const material = (await getChallengeMaterial(id))!;
      const starter = await createSession(pg, (await getLesson(id))!.files);
      const solved = await createSession(pg, { ...(await getLesson(id))!.files, ...material.solution });
      expect((await verdict(starter.id, id)).passesNow, `${id} starter`).toBe(false);
      expect((await verdict(solved.id, id)).check.passed, `${id} solution`).toBe(true);
    }
  });

  test("lesson 5 passes on its goal check alone: the starter's passing tests do not tick it, the edit does", async () => {
    const L5 = "05-ask-first-then-act";
    const lesson = (await getLesson(L5))!;
    const starter = await createSession(pg, lesson.files);
    expect((await api(pg, "POST", `/api/sessions/${starter.id}/tests`, {})).json.failed).toBe(0);
    expect(await verdict(starter.id, L5)).toMatchObject({ passesNow: false, missing: [], check: { passed: false } });
    const material = (await getChallengeMaterial(L5))!;
    const edited = await createSession(pg, { ...lesson.files, ...material.solution });
    expect(await verdict(edited.id, L5)).toMatchObject({ passesNow: true, check: { passed: true } });
    // Code that stops compiling is broken now, whatever passed before.
    await api(pg, "PUT", `/api/sessions/${edited.id}/files`, { files: { ...lesson.files, ...material.solution, "store.ts": "export const = ;" } });
    expect(await verdict(edited.id, L5)).toMatchObject({ passesNow: false, compile: { file: "store.ts" } });
  });

  test("an observing lesson ticks on the steps the server served: lesson 2 needs accept, decline and cancel", async () => {
    const L2 = "02-asking-with-elicit";
    const session = await createSession(pg, (await getLesson(L2))!.files);
    expect(await verdict(session.id, L2)).toMatchObject({
      passesNow: false,
      missing: ["answer close_ticket accept", "answer close_ticket decline", "answer close_ticket cancel"],
    });
    await closeTicket(session.mcpUrl, "accept", "T-1");
    await closeTicket(session.mcpUrl, "decline", "T-2");
    expect(await verdict(session.id, L2)).toMatchObject({ passesNow: false, missing: ["answer close_ticket cancel"] });
    await closeTicket(session.mcpUrl, "cancel", "T-2");
    expect(await verdict(session.id, L2)).toMatchObject({ passesNow: true, missing: [] });
  });

  test("a 2025-11-25 client's answer to a pushed question counts, and a call from outside the page is an outside call", async () => {
    const L12 = "12-connect-a-real-client";
    const session = await createSession(pg, (await getLesson(L12))!.files);
    expect((await verdict(session.id, L12)).missing).toEqual(["outside call close_ticket"]);
    const client = await legacyV2Client(session.mcpUrl, FORM);
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { confirm: true } }));
    await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    await client.close();
    expect(await verdict(session.id, L12)).toMatchObject({ passesNow: true });
    expect((await verdict(session.id, "02-asking-with-elicit")).missing).not.toContain("answer close_ticket accept");
  });

  test("a challenge or an unknown id has no lesson verdict", async () => {
    const session = await createSession(pg, (await getLesson("01-acts-without-asking"))!.files);
    expect((await api(pg, "POST", `/api/sessions/${session.id}/verdict`, { lesson: "c1-confirm-before-deleting" })).status).toBe(404);
    expect((await api(pg, "POST", `/api/sessions/${session.id}/verdict`, { lesson: "../etc" })).status).toBe(404);
  });
});
