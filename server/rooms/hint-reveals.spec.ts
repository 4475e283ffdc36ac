// Hints revealed one at a time in a room, on PGlite or DATABASE_URL's PostgreSQL: a reveal counts only once the room
// shows that challenge's hints (released, or always on) and after a Check of it; the board counts each reveal on the
// item and in the learner's grid cell.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "../testing/harness";
import { bearer, challengeFiles, createRoom, joinRoom, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
const C4 = "c4-flatten-the-form";
let kit: RoomPlayground;
let starter: Record<string, string>;

beforeAll(async () => {
  kit = await startRoomPlayground();
  starter = (await challengeFiles(C1)).starter;
});
afterAll(() => kit?.close());

const reveal = (code: string, learnerKey: string, item: string) => api(kit.pg, "POST", `/api/rooms/${code}/hint-reveal`, { learnerKey, item });
const check = (learnerKey: string) => api(kit.pg, "POST", `/api/challenges/${C1}/check`, { files: starter, learnerKey });
const board = async (room: { code: string; teacherKey: string }) =>
  (await api(kit.pg, "GET", `/api/rooms/${room.code}`, undefined, bearer(room.teacherKey))).json;

describe("hint reveals in a room", () => {
  test("are refused while hints are held, counted once released, per learner and item", async () => {
    const room = await createRoom(kit.pg, "Reveals");
    const kim = await joinRoom(kit.pg, room.code, "Kim");
    const ana = await joinRoom(kit.pg, room.code, "Ana");
    expect((await check(kim.learnerKey)).status).toBe(200);
    const held = await reveal(room.code, kim.learnerKey, C1);
    expect(held.status).toBe(409);
    expect(held.json.code).toBe("HINTS_HELD");

    await api(kit.pg, "POST", `/api/rooms/${room.code}/lead`, { action: "release", item: C1, what: "hint" }, bearer(room.teacherKey));
    // A reveal follows a Check: Ana has not checked C1 yet.
    expect((await reveal(room.code, ana.learnerKey, C1)).json.code).toBe("NOT_CHECKED");
    expect((await reveal(room.code, kim.learnerKey, C1)).status).toBe(200);
    expect((await reveal(room.code, kim.learnerKey, C1)).status).toBe(200);
    const after = await board(room);
    expect(after.challenges.find((i: { id: string }) => i.id === C1).hintsRevealed).toBe(2);
    expect(after.learners.find((l: { name: string }) => l.name === "Kim").hintsRevealed).toEqual({ [C1]: 2 });
    expect(after.learners.find((l: { name: string }) => l.name === "Ana").hintsRevealed).toEqual({});
    // Released for C1 only: C4's hints are still held.
    expect((await reveal(room.code, kim.learnerKey, C4)).json.code).toBe("HINTS_HELD");
  });

  test("count from the first Check in a room with hints always on; a wrong key is refused", async () => {
    const room = await createRoom(kit.pg, "Always", { hintsAlways: true });
    const kim = await joinRoom(kit.pg, room.code, "Kim");
    await check(kim.learnerKey);
    expect((await reveal(room.code, kim.learnerKey, C1)).status).toBe(200);
    expect((await board(room)).challenges.find((i: { id: string }) => i.id === C1).hintsRevealed).toBe(1);
    expect((await reveal(room.code, "not-a-key", C1)).status).toBeGreaterThanOrEqual(401);
    expect((await api(kit.pg, "POST", `/api/rooms/${room.code}/hint-reveal`, { learnerKey: kim.learnerKey })).status).toBe(400);
  });
});
