// Teachers' challenges in a room, on PGlite or DATABASE_URL's PostgreSQL: added at creation or later (published ones
// only, by the teacher only), in the learners' menu, checked on the server as shipped ones are, and on the board, the
// grid, the clusters and the CSV like any challenge.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Board, LearnerRoom } from "../../contract/rooms";
import { saveChallenge, shippedDraft } from "../testing/authoring";
import { api } from "../testing/harness";
import { bearer, checkIn, createRoom, joinRoom, readBoard, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
let kit: RoomPlayground;
let draft: Awaited<ReturnType<typeof shippedDraft>>;
let published: { id: string; authorKey: string };
let draftOnly: { id: string };

beforeAll(async () => {
  kit = await startRoomPlayground();
  draft = await shippedDraft(C1);
  published = (await saveChallenge(kit.pg, { ...draft, title: "Confirm before closing" })).json;
  draftOnly = (await saveChallenge(kit.pg, { ...draft, solution: draft.starter })).json;
});
afterAll(() => kit?.close());

const addItem = (code: string, key: string, challengeId: unknown) => api(kit.pg, "POST", `/api/rooms/${code}/items`, { challengeId }, bearer(key));
const me = async (code: string, key: string): Promise<LearnerRoom> => (await api(kit.pg, "GET", `/api/rooms/${code}/me`, undefined, bearer(key))).json;

describe("a teacher's challenge in a room", () => {
  test("joins a room at creation or later; drafts, unknown ids and other keys are refused", async () => {
    const atStart = await api(kit.pg, "POST", "/api/rooms", { title: "From the start", challenges: [published.id] });
    expect(atStart.status).toBe(201);
    const board: Board = (await readBoard(kit.pg, atStart.json.code, atStart.json.teacherKey)).json;
    expect(board.challenges.at(-1)).toMatchObject({ id: published.id, title: "Confirm before closing", kind: "challenge" });
    expect(board.challenges.at(-1)?.checks.map((c) => c.name)).toHaveLength(5);

    const refusedAtStart = await api(kit.pg, "POST", "/api/rooms", { challenges: [draftOnly.id] });
    expect(refusedAtStart.status).toBe(409);
    expect(refusedAtStart.json.error).toMatch(/still a draft/);
    expect((await api(kit.pg, "POST", "/api/rooms", { challenges: "a-x" })).status).toBe(400);

    const room = await createRoom(kit.pg, "Later");
    const learner = await joinRoom(kit.pg, room.code, "Kim");
    expect((await me(room.code, learner.learnerKey)).challenges).toEqual([]);
    expect((await addItem(room.code, room.projectorKey, published.id)).status).toBe(403);
    expect((await addItem(room.code, learner.learnerKey, published.id)).status).toBe(403);
    expect((await addItem(room.code, room.teacherKey, "a-unknownchall")).status).toBe(404);
    expect((await addItem(room.code, room.teacherKey, draftOnly.id)).status).toBe(409);
    expect((await addItem(room.code, room.teacherKey, 42)).status).toBe(400);
    const added = await addItem(room.code, room.teacherKey, published.id);
    expect(added.status).toBe(200);
    expect((await addItem(room.code, room.teacherKey, published.id)).status).toBe(200);
    const menu = (await me(room.code, learner.learnerKey)).challenges;
    expect(menu).toEqual([expect.objectContaining({ id: published.id, title: "Confirm before closing", kind: "challenge", persona: "modern" })]);

    // The learner opens it as any challenge: its text and starter, and a session on the starter by its id.
    const lesson = await api(kit.pg, "GET", `/api/lessons/${published.id}`);
    expect(lesson.json).toMatchObject({ id: published.id, body: draft.text, files: draft.starter });
    expect((await api(kit.pg, "POST", "/api/sessions", { lessonId: published.id })).status).toBe(201);
    expect((await api(kit.pg, "GET", `/api/lessons/${draftOnly.id}`)).status).toBe(404);
  });

  test("is checked on the server and counted on the board, grid, clusters and CSV like a shipped one", async () => {
    const room = await createRoom(kit.pg, "Two learners");
    await addItem(room.code, room.teacherKey, published.id);
    const [ana, bo] = [await joinRoom(kit.pg, room.code, "Ana"), await joinRoom(kit.pg, room.code, "Bo")];

    const right = await checkIn(kit.pg, published.id, draft.solution, ana.learnerKey);
    expect(right.json.passed).toBe(true);
    const wrong = await checkIn(kit.pg, published.id, draft.starter, bo.learnerKey);
    expect(wrong.json.passed).toBe(false);
    // Hints held until released, as for a shipped challenge; the report otherwise the one outside a room.
    expect(wrong.json.checks.find((c: { passed: boolean }) => !c.passed).message).toMatch(/when your teacher releases them/);
    const alone = await checkIn(kit.pg, published.id, draft.starter);
    expect(alone.json.checks.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual(
      wrong.json.checks.map((c: { name: string; passed: boolean }) => [c.name, c.passed]),
    );

    const board: Board = (await readBoard(kit.pg, room.code, room.teacherKey)).json;
    const item = board.challenges.find((c) => c.id === published.id)!;
    expect(item).toMatchObject({ tried: 2, passesNow: 1 });
    expect(item.checks.filter((c) => c.failing === 1).length).toBeGreaterThan(0);
    const grid = Object.fromEntries(board.learners.map((l) => [l.name, l.items[published.id]]));
    expect(grid).toEqual({ Ana: "passes-now", Bo: "tried" });
    const boId = board.learners.find((l) => l.name === "Bo")!.id;
    expect(board.clusters).toContainEqual(expect.objectContaining({ kind: "starter", item: published.id, learners: [boId] }));
    expect(board.results.find((r) => r.id === published.id)).toMatchObject({ passedNow: 1, tried: 2 });

    const csv = (await api(kit.pg, "GET", `/api/rooms/${room.code}/export.csv`, undefined, bearer(room.teacherKey))).text;
    expect(csv).toMatch(new RegExp(`Ana,${published.id},Passes now,true`));
    expect(csv).toMatch(new RegExp(`Bo,${published.id},Tried,false`));

    // Lead controls work on it; a challenge not in the room is neither checked nor reported on there.
    expect((await api(kit.pg, "POST", `/api/rooms/${room.code}/lead`, { action: "lock", item: published.id }, bearer(room.teacherKey))).status).toBe(200);
    expect((await checkIn(kit.pg, published.id, draft.solution, ana.learnerKey)).status).toBe(423);
    const elsewhere = await createRoom(kit.pg, "Without it");
    const cy = await joinRoom(kit.pg, elsewhere.code, "Cy");
    expect((await checkIn(kit.pg, published.id, draft.solution, cy.learnerKey)).status).toBe(404);
    const activity = await api(kit.pg, "POST", `/api/rooms/${elsewhere.code}/activity`, { item: published.id, event: "opened" }, bearer(cy.learnerKey));
    expect(activity.status).toBe(400);
  });
});
