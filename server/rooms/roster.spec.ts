// The teacher's roster over HTTP, on PGlite or DATABASE_URL's PostgreSQL: the projector key (counts only, refused
// by every teacher route), places freed by learners who left or were removed, their streams closed, rename, merge,
// closing joins, and rejoin links.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "../testing/harness";
import { bearer, challengeFiles, createRoom, joinRoom, openStream, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
let kit: RoomPlayground;
let files: { starter: Record<string, string>; solution: Record<string, string> };

beforeAll(async () => {
  kit = await startRoomPlayground({ roomMaxLearners: 3 });
  files = await challengeFiles(C1);
});
afterAll(() => kit?.close());

const pg = () => kit.pg;
const teacher = (room: { code: string; teacherKey: string }, method: string, rest: string, body?: unknown) =>
  api(pg(), method, `/api/rooms/${room.code}${rest}`, body, bearer(room.teacherKey));
const board = async (room: { code: string; teacherKey: string }) => (await teacher(room, "GET", "")).json;
const names = async (room: { code: string; teacherKey: string }) => (await board(room)).learners.map((l: any) => l.name);
const idOf = async (room: { code: string; teacherKey: string }, name: string) => (await board(room)).learners.find((l: any) => l.name === name).id;
const me = (code: string, key: string) => api(pg(), "GET", `/api/rooms/${code}/me`, undefined, bearer(key));
const check = (key: string, project: Record<string, string>) => api(pg(), "POST", `/api/challenges/${C1}/check`, { files: project, learnerKey: key });

describe("the projector key", () => {
  test("reads counts only, with no names and no learner ids; the teacher key reads it too", async () => {
    const room = await createRoom(pg(), "Projected");
    expect(room.projectorKey).toMatch(/^[\w-]{32}$/);
    expect(room.projectorKey).not.toBe(room.teacherKey);
    const sam = await joinRoom(pg(), room.code, "Samira");
    await check(sam.learnerKey, files.solution);
    const view = await api(pg(), "GET", `/api/rooms/${room.code}/projector`, undefined, bearer(room.projectorKey));
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ code: room.code, title: "Projected", learners: 1, ended: false, joinsOpen: true });
    expect(view.json.items.find((i: any) => i.id === C1)).toMatchObject({ tried: 1, passesNow: 1 });
    expect(view.text).not.toContain("Samira");
    // A count of learners, and no learner's id anywhere: no numeric "id", no "learner", no clusters or hands.
    expect(typeof view.json.learners).toBe("number");
    expect(view.text).not.toMatch(/"id":\d|"learner"|"clusters"|"hands"/);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/projector`, undefined, bearer(room.teacherKey))).status).toBe(200);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/projector`, undefined, bearer(sam.learnerKey))).status).toBe(403);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/projector`)).status).toBe(401);

    const stream = await openStream(`${pg().url}/api/rooms/${room.code}/projector/events`, room.projectorKey);
    await stream.next((e) => e.type === "projector" && e.projector.learners === 1);
    await joinRoom(pg(), room.code, "Tomasz");
    const live = await stream.next((e) => e.projector.learners === 2);
    expect(JSON.stringify(live)).not.toMatch(/Samira|Tomasz/);
    stream.close();
  });

  test("is refused by every teacher route", async () => {
    const room = await createRoom(pg(), "Refusing");
    const sam = await joinRoom(pg(), room.code, "Sam");
    const id = await idOf(room, "Sam");
    const asProjector = (method: string, rest: string, body?: unknown) => api(pg(), method, `/api/rooms/${room.code}${rest}`, body, bearer(room.projectorKey));
    const routes: [string, string, unknown?][] = [
      ["GET", ""],
      ["GET", "/events"],
      ["POST", "/lead", { action: "lock", item: C1 }],
      ["GET", `/learners/${id}`],
      ["GET", `/learners/${id}/rejoin`],
      ["POST", `/learners/${id}/remove`],
      ["POST", `/learners/${id}/rename`, { name: "Mallory" }],
      ["POST", `/learners/${id}/merge`, { into: id + 1 }],
      ["POST", "/joins", { open: false }],
      ["DELETE", "/hand", { learner: id }],
      ["GET", "/export.csv"],
      ["POST", "/end"],
    ];
    for (const [method, rest, body] of routes) {
      const res = await asProjector(method, rest, body);
      expect([method, rest, res.status]).toEqual([method, rest, 403]);
      expect(res.json.error).toMatch(/projector key/);
    }
    // Nothing moved.
    expect(await names(room)).toEqual(["Sam"]);
    expect((await board(room)).joinsOpen).toBe(true);
    expect((await me(room.code, sam.learnerKey)).json.ended).toBe(false);
  });
});

describe("places, removal and leaving", () => {
  test("learners who left or were removed free their places (ROOM_MAX_LEARNERS is 3 here)", async () => {
    const room = await createRoom(pg(), "Small");
    const [a, b] = [await joinRoom(pg(), room.code, "A"), await joinRoom(pg(), room.code, "B"), await joinRoom(pg(), room.code, "C")];
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "D" })).status).toBe(409);
    await api(pg(), "POST", `/api/rooms/${room.code}/leave`, undefined, bearer(a.learnerKey));
    expect((await teacher(room, "POST", `/learners/${await idOf(room, "B")}/remove`)).status).toBe(200);
    await joinRoom(pg(), room.code, "D");
    await joinRoom(pg(), room.code, "E");
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "F" })).status).toBe(409);
    expect(await names(room)).toEqual(["C", "D", "E"]);
    expect((await me(room.code, b.learnerKey)).status).toBe(403);
  });

  test("a removed learner's stream closes at once, their key and rejoin link stop working", async () => {
    const room = await createRoom(pg(), "Removal");
    const joined = await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "Troll" });
    const stream = await openStream(`${pg().url}/api/rooms/${room.code}/me/events`, joined.json.learnerKey);
    await stream.next((e) => e.type === "room");
    const id = await idOf(room, "Troll");
    expect((await teacher(room, "POST", `/learners/${id}/remove`)).status).toBe(200);
    await stream.ended;
    expect(stream.events.every((e) => e.type === "room")).toBe(true);
    expect((await me(room.code, joined.json.learnerKey)).status).toBe(403);
    expect((await check(joined.json.learnerKey, files.solution)).status).toBe(403);
    const rejoin = await api(pg(), "POST", `/api/rooms/${room.code}/rejoin`, { token: joined.json.rejoinToken });
    expect(rejoin.status).toBe(403);
    expect(await names(room)).toEqual([]);
    expect((await teacher(room, "POST", `/learners/${id}/remove`)).status).toBe(404);
  });

  test("a learner who leaves: their stream closes at once, so a released solution never reaches it", async () => {
    const room = await createRoom(pg(), "Leaving");
    const gone = await joinRoom(pg(), room.code, "Gone");
    const stream = await openStream(`${pg().url}/api/rooms/${room.code}/me/events`, gone.learnerKey);
    await stream.next((e) => e.type === "room");
    await api(pg(), "POST", `/api/rooms/${room.code}/leave`, undefined, bearer(gone.learnerKey));
    await stream.ended;
    await teacher(room, "POST", "/lead", { action: "release", item: C1, what: "solution" });
    expect(stream.events.some((e) => e.room?.released?.[C1])).toBe(false);
  });
});

describe("rename, merge, joins and rejoin", () => {
  test("the teacher renames a learner; a name another learner has is refused; the learner's page hears the new name", async () => {
    const room = await createRoom(pg(), "Names");
    const rude = await joinRoom(pg(), room.code, "Rude word");
    await joinRoom(pg(), room.code, "Kim");
    const id = await idOf(room, "Rude word");
    const stream = await openStream(`${pg().url}/api/rooms/${room.code}/me/events`, rude.learnerKey);
    await stream.next((e) => e.type === "room");
    expect((await teacher(room, "POST", `/learners/${id}/rename`, { name: "kim" })).status).toBe(409);
    expect((await teacher(room, "POST", `/learners/${id}/rename`, { name: "  " })).status).toBe(400);
    expect((await teacher(room, "POST", `/learners/${id}/rename`, { name: "Robin" })).json).toEqual({ name: "Robin" });
    // The stream closes so the page reconnects under its new name.
    await stream.ended;
    expect((await me(room.code, rude.learnerKey)).json.name).toBe("Robin");
    expect(await names(room)).toEqual(["Robin", "Kim"]);
  });

  test("merging Sam (2) into Sam: one entry with both entries' progress, the key last used speaks for it", async () => {
    const room = await createRoom(pg(), "Merge");
    const first = await joinRoom(pg(), room.code, "Sam");
    await check(first.learnerKey, files.starter);
    const second = await joinRoom(pg(), room.code, "Sam");
    expect(second.name).toBe("Sam (2)");
    await check(second.learnerKey, files.solution);
    const [sam, sam2] = [await idOf(room, "Sam"), await idOf(room, "Sam (2)")];
    expect((await teacher(room, "POST", `/learners/${sam2}/merge`, { into: sam2 })).status).toBe(400);
    expect((await teacher(room, "POST", `/learners/${sam2}/merge`, { into: 999_999 })).status).toBe(404);
    expect((await teacher(room, "POST", `/learners/${sam2}/merge`, { into: sam })).status).toBe(200);
    const b = await board(room);
    expect(b.learners.map((l: any) => [l.id, l.name])).toEqual([[sam, "Sam"]]);
    expect(b.learners[0].items[C1]).toBe("passes-now");
    expect(b.results.find((r: any) => r.id === C1)).toMatchObject({ passedNow: 1, medianAttempts: 2 });
    expect((await me(room.code, second.learnerKey)).json.name).toBe("Sam");
    expect((await me(room.code, first.learnerKey)).status).toBe(403);
  });

  test("closing joins refuses new learners while the hour goes on; a rejoin link still works; reopening lets them in", async () => {
    const room = await createRoom(pg(), "Closing");
    const kai = await joinRoom(pg(), room.code, "Kai");
    expect((await teacher(room, "POST", "/joins", { open: "no" })).status).toBe(400);
    expect((await teacher(room, "POST", "/joins", { open: false })).json).toEqual({ open: false });
    const late = await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "Late" });
    expect([late.status, late.json.closed]).toEqual([409, true]);
    expect((await board(room)).joinsOpen).toBe(false);
    const back = await api(pg(), "POST", `/api/rooms/${room.code}/rejoin`, { token: kai.rejoinToken });
    expect(back.status).toBe(200);
    expect((await check(kai.learnerKey, files.solution)).status).toBe(403);
    await teacher(room, "POST", "/joins", { open: true });
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "Late" })).status).toBe(201);
  });

  test("a rejoin link restores the same learner with their code, on another device, after they left; the teacher can show it again", async () => {
    const room = await createRoom(pg(), "Rejoin");
    const ana = (await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "Ana" })).json;
    await check(ana.learnerKey, files.solution);
    const id = await idOf(room, "Ana");
    await api(pg(), "POST", `/api/rooms/${room.code}/leave`, undefined, bearer(ana.learnerKey));
    expect(await names(room)).toEqual([]);
    expect((await teacher(room, "GET", `/learners/${id}/rejoin`)).json).toEqual({ token: ana.rejoinToken, name: "Ana" });
    const back = await api(pg(), "POST", `/api/rooms/${room.code}/rejoin`, { token: ana.rejoinToken });
    expect(back.json).toMatchObject({ code: room.code, name: "Ana", item: C1, files: files.solution, rejoinToken: ana.rejoinToken });
    expect((await board(room)).learners).toEqual([expect.objectContaining({ id, name: "Ana", items: { [C1]: "passes-now" } })]);
    expect((await me(room.code, back.json.learnerKey)).status).toBe(200);
    expect((await me(room.code, ana.learnerKey)).status).toBe(403);
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/rejoin`, { token: "x".repeat(32) })).status).toBe(404);
    const other = await createRoom(pg(), "Other");
    expect((await api(pg(), "POST", `/api/rooms/${other.code}/rejoin`, { token: ana.rejoinToken })).status).toBe(404);
  });
});
