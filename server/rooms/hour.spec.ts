// Running the hour over HTTP, on PGlite or DATABASE_URL's PostgreSQL: the help queue, hints held until released,
// the grid with stuck marks (minutes driven by a manual clock), clusters by cause, "Everyone open" on a locked item,
// malformed activity refused, the join addresses, and an ended room's results kept, then deleted.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "../testing/harness";
import { ManualClock } from "../testing/manual-clock";
import { bearer, challengeFiles, createRoom, joinRoom, startRoomPlayground, type RoomPlayground } from "../testing/rooms";
import { HELD_HINT } from "../../contract/help";

const C1 = "c1-confirm-before-deleting";
const LESSON = "04-on-the-wire";
const MINUTE = 60_000;
let kit: RoomPlayground;
let clock: ManualClock;
let files: { starter: Record<string, string>; solution: Record<string, string> };

beforeAll(async () => {
  kit = await startRoomPlayground({ publicUrl: "https://class.example.org" });
  clock = new ManualClock(Date.now());
  kit.pg.rooms.start(clock);
  files = await challengeFiles(C1);
});
afterAll(() => kit?.close());

const pg = () => kit.pg;
type Room = { code: string; teacherKey: string };
const teacher = (room: Room, method: string, rest: string, body?: unknown) =>
  api(pg(), method, `/api/rooms/${room.code}${rest}`, body, bearer(room.teacherKey));
const board = async (room: Room) => (await teacher(room, "GET", "")).json;
const learnerOf = async (room: Room, name: string) => (await board(room)).learners.find((l: any) => l.name === name);
const check = (key: string, project: Record<string, string>) => api(pg(), "POST", `/api/challenges/${C1}/check`, { files: project, learnerKey: key });
const activity = (room: Room, key: string, body: unknown) => api(pg(), "POST", `/api/rooms/${room.code}/activity`, body, bearer(key));

describe("the help queue", () => {
  test("raised hands are listed oldest first with the learner's item; the teacher or the learner lowers one", async () => {
    const room = await createRoom(pg(), "Hands");
    const [ann, bo] = [await joinRoom(pg(), room.code, "Ann"), await joinRoom(pg(), room.code, "Bo")];
    await activity(room, bo.learnerKey, { item: C1, event: "opened" });
    const raise = (key: string, text?: string) => api(pg(), "POST", `/api/rooms/${room.code}/hand`, { learnerKey: key, ...(text !== undefined && { text }) });
    expect((await raise(bo.learnerKey, "Why does my form not show?")).status).toBe(200);
    clock.advance(1000);
    expect((await raise(ann.learnerKey)).status).toBe(200);
    expect((await raise(ann.learnerKey, "x".repeat(141))).status).toBe(400);
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/hand`, { learnerKey: "not-a-key-at-all-really" })).status).toBe(403);
    const hands = (await board(room)).hands;
    expect(hands.map((h: any) => [h.name, h.text, h.item])).toEqual([
      ["Bo", "Why does my form not show?", C1],
      ["Ann", "", undefined],
    ]);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(bo.learnerKey))).json.handRaised).toBe(true);
    expect((await teacher(room, "DELETE", "/hand", { learner: hands[0].learner })).status).toBe(200);
    expect((await api(pg(), "DELETE", `/api/rooms/${room.code}/hand`, { learnerKey: ann.learnerKey })).status).toBe(200);
    expect((await board(room)).hands).toEqual([]);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(bo.learnerKey))).json.handRaised).toBe(false);
  });
});

describe("hints", () => {
  test("a room's Check report holds hints until the teacher releases them for that challenge; outside a room they show", async () => {
    const room = await createRoom(pg(), "Held");
    const kim = await joinRoom(pg(), room.code, "Kim");
    const failing = (report: any) => report.checks.filter((c: any) => !c.passed);
    const held = (await check(kim.learnerKey, files.starter)).json;
    expect(failing(held).length).toBeGreaterThan(0);
    for (const c of failing(held)) expect(c.message).toBe(HELD_HINT);
    const outside = (await api(pg(), "POST", `/api/challenges/${C1}/check`, { files: files.starter })).json;
    for (const c of failing(outside)) expect(c.message).not.toBe(HELD_HINT);
    await teacher(room, "POST", "/lead", { action: "release", item: C1, what: "hint" });
    const released = (await check(kim.learnerKey, files.starter)).json;
    expect(failing(released).map((c: any) => c.message)).toEqual(failing(outside).map((c: any) => c.message));
  });

  test("a room created with hints always on shows them from the first Check", async () => {
    const room = await createRoom(pg(), "Always", { hintsAlways: true });
    expect((await board(room)).hintsAlways).toBe(true);
    const kim = await joinRoom(pg(), room.code, "Kim");
    const report = (await check(kim.learnerKey, files.starter)).json;
    expect(report.checks.some((c: any) => !c.passed && c.message !== HELD_HINT)).toBe(true);
    expect((await api(pg(), "POST", "/api/rooms", { hintsAlways: "yes" })).status).toBe(400);
  });
});

describe("the grid", () => {
  test("learners' items in the verdict states, items not opened left out; stuck after 5 idle minutes or 10 minutes trying one item", async () => {
    const room = await createRoom(pg(), "Grid");
    const [idle, trier] = [await joinRoom(pg(), room.code, "Idle"), await joinRoom(pg(), room.code, "Trier")];
    await activity(room, idle.learnerKey, { item: LESSON, event: "opened" });
    await activity(room, trier.learnerKey, { item: C1, event: "tried" });
    expect((await learnerOf(room, "Idle")).items).toEqual({ [LESSON]: "opened" });
    expect((await learnerOf(room, "Trier")).items).toEqual({ [C1]: "tried" });
    for (let minute = 1; minute <= 9; minute++) {
      clock.advance(MINUTE);
      if (minute % 4 === 0) await activity(room, trier.learnerKey, { item: C1, event: "tried" });
      const b = await board(room);
      const [i, t] = [b.learners.find((l: any) => l.name === "Idle"), b.learners.find((l: any) => l.name === "Trier")];
      expect([minute, i.stuck, t.stuck]).toEqual([minute, minute >= 5, false]);
    }
    clock.advance(MINUTE);
    expect((await learnerOf(room, "Trier")).stuck).toBe(true);
    await check(trier.learnerKey, files.solution);
    const t = await learnerOf(room, "Trier");
    expect([t.stuck, t.items[C1], t.lastActiveAt]).toEqual([false, "passes-now", new Date(clock.now()).toISOString()]);
    await check(trier.learnerKey, files.starter);
    expect((await learnerOf(room, "Trier")).items[C1]).toBe("passed-before");
  });

  test("clusters put causes first: does not compile, still the starter, then each failing check of changed code", async () => {
    const room = await createRoom(pg(), "Causes");
    const [broken, starter, changed] = [
      await joinRoom(pg(), room.code, "Broken"),
      await joinRoom(pg(), room.code, "Starter"),
      await joinRoom(pg(), room.code, "Changed"),
    ];
    const [file] = Object.keys(files.starter).filter((f) => f.startsWith("delete"));
    await check(broken.learnerKey, { ...files.starter, [file]: files.starter[file] + "\nconst = ;\n" });
    const starterReport = (await check(starter.learnerKey, files.starter)).json;
    await check(changed.learnerKey, { ...files.starter, [file]: files.starter[file] + "\n// changed\n" });
    const clusters = (await board(room)).clusters.filter((c: any) => c.item === C1);
    const ids = Object.fromEntries((await board(room)).learners.map((l: any) => [l.name, l.id]));
    expect(clusters.slice(0, 2).map((c: any) => [c.kind, c.learners])).toEqual([
      ["compile", [ids.Broken]],
      ["starter", [ids.Starter]],
    ]);
    const checks = clusters.slice(2);
    expect(checks.map((c: any) => c.kind).every((k: string) => k === "check" || k === "tool")).toBe(true);
    expect(
      checks
        .filter((c: any) => c.kind === "check")
        .map((c: any) => c.text)
        .sort(),
    ).toEqual(
      starterReport.checks
        .filter((c: any) => !c.passed)
        .map((c: any) => c.name)
        .sort(),
    );
    for (const c of checks) expect(c.learners).toEqual([ids.Changed]);
  });
});

describe("controls and input", () => {
  test("Everyone open on a locked item is refused with a message, not sent into the lock", async () => {
    const room = await createRoom(pg(), "Locks");
    await teacher(room, "POST", "/lead", { action: "lock", item: C1 });
    const res = await teacher(room, "POST", "/lead", { action: "open", item: C1 });
    expect([res.status, res.json.error]).toEqual([409, expect.stringMatching(/locked/)]);
    expect((await board(room)).lead.lesson).toBeUndefined();
  });

  test("malformed activity answers 400 and changes nothing: six call shapes that once crashed the teacher's page", async () => {
    const room = await createRoom(pg(), "Shapes");
    const dee = await joinRoom(pg(), room.code, "Dee");
    const before = await board(room);
    const calls = [
      "just a string",
      { label: "x" },
      { label: "x", exchanges: "none" },
      { label: "x", exchanges: [{ method: "POST" }] },
      { label: "x", exchanges: [{ method: "POST", url: "javascript:alert(1)", messages: [] }] },
      { label: 7, exchanges: [{ method: "POST", url: "/mcp/a", messages: {} }] },
    ];
    for (const call of calls) expect((await activity(room, dee.learnerKey, { item: C1, event: "tried", call })).status).toBe(400);
    expect((await activity(room, dee.learnerKey, { item: C1, event: "tried", files: { "a.ts": 5 } })).status).toBe(400);
    expect((await activity(room, dee.learnerKey, { item: C1, event: "tried", files: { "../x.ts": "" } })).status).toBe(400);
    expect(await board(room)).toEqual(before);
  });

  test("the join addresses are PUBLIC_URL when it is set", async () => {
    expect((await api(pg(), "GET", "/api/rooms/join-addresses")).json).toEqual({ publicUrl: "https://class.example.org", addresses: [] });
  });
});

describe("the end of the hour", () => {
  test("an ended room's results stay readable with the teacher key for ROOM_RESULTS_DAYS, then are deleted", async () => {
    const room = await createRoom(pg(), "Ending");
    const ed = await joinRoom(pg(), room.code, "Ed");
    await check(ed.learnerKey, files.starter);
    await check(ed.learnerKey, files.solution);
    await check(ed.learnerKey, files.solution);
    expect((await teacher(room, "POST", "/end")).status).toBe(200);
    const ended = await board(room);
    expect(ended.results.find((r: any) => r.id === C1)).toEqual(expect.objectContaining({ passedNow: 1, passedEver: 1, tried: 1, medianAttempts: 3 }));
    expect(new Date(ended.resultsUntil).getTime() - new Date(ended.endedAt).getTime()).toBe(7 * 24 * 60 * MINUTE);
    expect((await teacher(room, "POST", "/joins", { open: true })).status).toBe(409);
    clock.advance(7 * 24 * 60 * MINUTE);
    expect((await teacher(room, "GET", "")).status).toBe(410);
    expect((await teacher(room, "GET", "/export.csv")).status).toBe(410);
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(ed.learnerKey))).status).toBe(403);
  });
});
