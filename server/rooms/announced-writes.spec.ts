// A room's writes announce themselves in the statement that writes them: a join, a recorded check, a learner's
// activity, a leave, an end and a lead change are one statement each, their NOTIFY included, and nothing is announced
// when nothing was written.
// On PGlite every statement is a round of the database's protocol on the main thread, so a room's burst of checks
// pays per statement.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { ROOM_CHANNEL, type RoomChange } from "./events";
import { Rooms } from "./rooms";

const url = process.env.DATABASE_URL || undefined;
let dir: string;
let db: Database;
let rooms: Rooms;
const statements: string[] = [];
const heard: RoomChange[] = [];
let code: string;

/** The database as the rooms see it, with every statement they send written down. */
function counted(inner: Database): Database {
  return {
    ...inner,
    kind: inner.kind,
    opened: inner.opened,
    query: (sql, params) => (statements.push(sql), inner.query(sql, params)),
  };
}

/** Waits (polling) until `n` announcements have arrived, then a little longer for any that should not. */
async function announcements(n: number): Promise<RoomChange[]> {
  for (let i = 0; i < 400 && heard.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100));
  return heard.splice(0);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "playground-announced-"));
  db = openDatabase({ url, dataDir: join(dir, "data") });
  await db.listen(ROOM_CHANNEL, (payload) => heard.push(JSON.parse(payload) as RoomChange));
  rooms = new Rooms(counted(db));
  code = (await rooms.store.create("announced")).code;
}, 120_000); // creating a PGlite folder: seconds, or tens of seconds on a loaded machine
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const report = { passed: false, checks: [{ name: "asks first", passed: false }] };

test("a join is one statement, and the board hears of it", async () => {
  statements.length = 0;
  const joined = await rooms.join(code, "Ann");
  expect(joined).toMatchObject({ name: "Ann" });
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code, kind: "board" }]);
});

test("a recorded check is one statement, and the board hears of it; so is a learner's activity", async () => {
  const [ann] = await rooms.store.learners(code);
  statements.length = 0;
  await rooms.recordCheck(ann, "c1-confirm-before-deleting", report, { "a.ts": "export {}" });
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code, kind: "board" }]);
  const [progress] = await rooms.store.progress(code);
  expect(progress).toMatchObject({ item: "c1-confirm-before-deleting", tried: true, passes_now: false, failing: ["asks first"] });

  statements.length = 0;
  await rooms.activity(ann, { item: "06-testing-a-tool-that-asks", event: "opened" });
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code, kind: "board" }]);
});

test("a leave is one statement, and the board hears of it once", async () => {
  const cy = await rooms.join(code, "Cy");
  if (typeof cy === "string") throw new Error(`join: ${cy}`);
  await announcements(1);
  const learner = (await rooms.store.learners(code)).find((l) => l.id === cy.id);
  if (!learner) throw new Error("Cy is not in the room");
  statements.length = 0;
  await rooms.leave(learner);
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code, kind: "board" }]);
  expect(await rooms.store.learnerByKey(cy.learnerKey)).toBeUndefined();
});

test("an end is one statement, heard once as a room change, and the room's learners are gone", async () => {
  const ended = (await rooms.store.create("ended")).code;
  expect(await rooms.join(ended, "Dee")).toMatchObject({ name: "Dee" });
  await announcements(1);
  statements.length = 0;
  await rooms.end(ended);
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code: ended, kind: "room" }]);
  expect((await rooms.store.room(ended))?.ended_at).toBeInstanceOf(Date);
  expect(await rooms.store.learners(ended)).toEqual([]);
});

test("a lead change is one statement, heard once as a room change, and written", async () => {
  const room = (await rooms.store.room(code))!;
  statements.length = 0;
  const lead = await rooms.lead(room, { action: "lock", item: "c2-act-after-asking" });
  expect(lead?.locked).toEqual(["c2-act-after-asking"]);
  expect(statements).toHaveLength(1);
  expect(await announcements(1)).toEqual([{ code, kind: "room" }]);
  expect((await rooms.store.room(code))?.lead).toEqual(lead);
});

test("nothing written, nothing announced: a join of an ended room, a check or a leave of a learner who is gone, a second leave, a lead change of no room or no item", async () => {
  const over = (await rooms.store.create("over")).code;
  await rooms.end(over);
  const eve = await rooms.join(code, "Eve");
  if (typeof eve === "string") throw new Error(`join: ${eve}`);
  const left = (await rooms.store.learners(code)).find((l) => l.id === eve.id)!;
  await rooms.leave(left);
  // The end, Eve's join and her leave.
  await announcements(3);
  const gone = { ...left, id: left.id + 1000 };
  expect(await rooms.join(over, "Bo")).toBe("ended");
  await expect(rooms.recordCheck(gone, "c1-confirm-before-deleting", report, {})).rejects.toThrow();
  await rooms.leave(gone);
  await rooms.leave(left);
  await rooms.end("NO-SUCH-ROOM");
  const room = (await rooms.store.room(code))!;
  expect(await rooms.lead({ ...room, code: "NO-SUCH-ROOM" }, { action: "open", item: "04-on-the-wire" })).toBeDefined();
  expect(await rooms.lead(room, { action: "open", item: "no-such-lesson" })).toBeUndefined();
  expect(await rooms.lead(room, { action: "release", item: "04-on-the-wire", what: "hint" })).toBeUndefined();
  expect(await announcements(0)).toEqual([]);
});
