import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getLesson } from "../lessons/catalog";
import { api, createSession } from "../testing/harness";
import { bearer, challengeFiles, checkIn, readBoard, createRoom, joinRoom, openStream, startRoomPlayground, type RoomPlayground } from "../testing/rooms";
import { CODE_ALPHABET } from "./codes";

const C1 = "c1-confirm-before-deleting";
let kit: RoomPlayground;
let files: { starter: Record<string, string>; solution: Record<string, string> };

beforeAll(async () => {
  kit = await startRoomPlayground();
  files = await challengeFiles(C1);
});
afterAll(() => kit?.close());

const pg = () => kit.pg;
const check = (key: string | undefined, project: Record<string, string>, id = C1) => checkIn(pg(), id, project, key);
const board = (code: string, key: string) => readBoard(pg(), code, key);
const c1Of = (b: any) => b.challenges.find((c: any) => c.id === C1);

describe("a room from start to end", () => {
  let room: { code: string; teacherKey: string };
  let ann: { learnerKey: string; name: string };
  let bo: { learnerKey: string; name: string };
  let cy: { learnerKey: string; name: string };

  test("a room has a 6-character code without look-alike characters, and a teacher key", async () => {
    room = await createRoom(pg(), "Friday workshop");
    expect(room.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL5S2Z8B]/);
    expect(room.teacherKey.length).toBeGreaterThanOrEqual(32);
    const b = await board(room.code, room.teacherKey);
    expect(b.status).toBe(200);
    expect(b.json).toMatchObject({ code: room.code, title: "Friday workshop", learners: [], ended: false });
  });

  test("learners join with a nickname; a duplicate gets a suffix; a typed code may be lower case with a dash", async () => {
    ann = await joinRoom(pg(), room.code, "Ann");
    bo = await joinRoom(pg(), room.code, "  Bo  ");
    const typed = `${room.code.slice(0, 3).toLowerCase()}-${room.code.slice(3).toLowerCase()}`;
    const res = await api(pg(), "POST", `/api/rooms/${typed}/join`, { name: "ann" });
    expect(res.status).toBe(201);
    cy = res.json;
    expect([ann.name, bo.name, cy.name]).toEqual(["Ann", "Bo", "ann (2)"]);
    expect(new Set([ann.learnerKey, bo.learnerKey, cy.learnerKey]).size).toBe(3);
    expect((await board(room.code, room.teacherKey)).json.learners.map((l: any) => l.name)).toEqual(["Ann", "Bo", "ann (2)"]);
  });

  test("checks with a learner key are recorded from the server's own run: 2 passed, 1 failing, per-check counts, live on the stream", async () => {
    const stream = await openStream(`${pg().url}/api/rooms/${room.code}/events`, room.teacherKey);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const first = await stream.next((e) => e.type === "board");
    expect(c1Of(first.board).passesNow).toBe(0);

    const [a, b, c] = await Promise.all([check(ann.learnerKey, files.solution), check(bo.learnerKey, files.solution), check(cy.learnerKey, files.starter)]);
    expect([a.json.passed, b.json.passed, c.json.passed]).toEqual([true, true, false]);
    expect(a.headers.get("server-timing")).toMatch(/^db;dur=\d/);
    const failingNames = c.json.checks.filter((x: any) => !x.passed).map((x: any) => x.name);
    expect(failingNames.length).toBeGreaterThan(0);

    const live = await stream.next((e) => c1Of(e.board).passesNow === 2 && c1Of(e.board).tried === 3);
    stream.close();
    const counts = Object.fromEntries(c1Of(live.board).checks.map((x: any) => [x.name, x.failing]));
    for (const name of Object.keys(counts)) expect(counts[name]).toBe(failingNames.includes(name) ? 1 : 0);
    // Code still the starter is its own cause: that learner is in no per-check cluster.
    const c1Clusters = live.board.clusters.filter((x: any) => x.item === C1);
    expect(c1Clusters).toEqual([expect.objectContaining({ kind: "starter", count: 1 })]);
  });

  test("a check whose code does not compile puts the learner in a compile-error cluster, from the server's run", async () => {
    const [file] = Object.keys(files.starter).filter((f) => f.startsWith("delete"));
    const broken = { ...files.starter, [file]: files.starter[file] + "\nconst = ;\n" };
    const res = await check(cy.learnerKey, broken);
    expect(res.json.passed).toBe(false);
    const b = (await board(room.code, room.teacherKey)).json;
    const cluster = b.clusters.find((x: any) => x.kind === "compile" && x.item === C1);
    expect(cluster).toMatchObject({ count: 1, text: res.json.failure.message.slice(0, 300) });
    // Fixing it clears the cluster.
    await check(cy.learnerKey, files.starter);
    expect((await board(room.code, room.teacherKey)).json.clusters.some((x: any) => x.kind === "compile")).toBe(false);
  });

  test("a check without a learner key is answered and recorded nowhere", async () => {
    const before = c1Of((await board(room.code, room.teacherKey)).json);
    expect((await check(undefined, files.solution)).json.passed).toBe(true);
    expect(c1Of((await board(room.code, room.teacherKey)).json)).toEqual(before);
  });

  test('a learner\'s own tests never pass a lesson: the forged pass test("always") is refused', async () => {
    const L5 = "05-ask-first-then-act";
    const lesson = (await getLesson(L5))!;
    const testFile = Object.keys(lesson.files).find((f) => f.endsWith(".test.ts"))!;
    const forged = { ...lesson.files, [testFile]: 'import { test } from "@frontmcp/testing";\ntest("always", () => {});\n' };
    const session = await createSession(pg(), forged);
    const run = await api(pg(), "POST", `/api/sessions/${session.id}/tests`, { learnerKey: ann.learnerKey, lesson: L5 });
    expect(run.status).toBe(200);
    expect(run.json).toMatchObject({ passed: 1, failed: 0 });
    // The lesson's verdict is the server's run of its hidden goal check on the learner's files: the starter's bug stays.
    const verdict = await api(pg(), "POST", `/api/sessions/${session.id}/verdict`, { lesson: L5, learnerKey: ann.learnerKey });
    expect(verdict.json).toMatchObject({ lesson: L5, passesNow: false, check: { passed: false } });
    const l5 = (await board(room.code, room.teacherKey)).json.lessons.find((l: any) => l.id === L5);
    expect(l5).toMatchObject({ passesNow: 0, passedBefore: 0 });
    const csv = parseCsv((await api(pg(), "GET", `/api/rooms/${room.code}/export.csv`, undefined, bearer(room.teacherKey))).text);
    expect(csv.find((r) => r[0] === "Ann" && r[1] === L5)?.[3]).toBe("false");
    // An untouched starter with no step served is no attempt: its verdict is answered and recorded nowhere.
    const untouched = await createSession(pg(), (await getLesson("02-asking-with-elicit"))!.files);
    expect((await api(pg(), "POST", `/api/sessions/${untouched.id}/verdict`, { lesson: "02-asking-with-elicit", learnerKey: ann.learnerKey })).status).toBe(
      200,
    );
    const l2 = (await board(room.code, room.teacherKey)).json.lessons.find((l: any) => l.id === "02-asking-with-elicit");
    expect(l2).toMatchObject({ opened: 0, tried: 0 });
    // The key speaks for a lesson only: a challenge is passed by Check, never by the learner's own tests.
    expect((await api(pg(), "POST", `/api/sessions/${session.id}/tests`, { learnerKey: ann.learnerKey, lesson: C1 })).status).toBe(400);
  });

  test("opened and tried come from the learner's page; compile and tool errors form clusters", async () => {
    const lesson = "04-on-the-wire";
    for (const learner of [ann, bo]) {
      const res = await api(pg(), "POST", `/api/rooms/${room.code}/activity`, { item: lesson, event: "opened" }, bearer(learner.learnerKey));
      expect(res.status).toBe(200);
    }
    await api(
      pg(),
      "POST",
      `/api/rooms/${room.code}/activity`,
      { item: lesson, event: "tried", problem: { kind: "tool", text: "Ticket T-9 not found" } },
      bearer(ann.learnerKey),
    );
    await api(
      pg(),
      "POST",
      `/api/rooms/${room.code}/activity`,
      { item: lesson, event: "tried", problem: { kind: "tool", text: "Ticket T-9 not found" } },
      bearer(bo.learnerKey),
    );
    const b = (await board(room.code, room.teacherKey)).json;
    expect(b.lessons.find((l: any) => l.id === lesson)).toMatchObject({ opened: 2, tried: 2, passesNow: 0 });
    expect(b.clusters).toContainEqual(expect.objectContaining({ kind: "tool", item: lesson, text: "Ticket T-9 not found", count: 2 }));
  });

  test("everyone open lesson N, lock, release: learners' streams follow; a locked challenge's check is refused", async () => {
    const learnerStream = await openStream(`${pg().url}/api/rooms/${room.code}/me/events`, bo.learnerKey);
    const first = await learnerStream.next((e) => e.type === "room");
    expect(first.room).toMatchObject({ code: room.code, name: "Bo", title: "Friday workshop" });

    const lead = (body: unknown) => api(pg(), "POST", `/api/rooms/${room.code}/lead`, body, bearer(room.teacherKey));
    expect((await lead({ action: "open", item: "04-on-the-wire" })).status).toBe(200);
    const moved = await learnerStream.next((e) => e.room.lead.lesson?.id === "04-on-the-wire");
    expect(moved.room.name).toBe("Bo");

    expect((await lead({ action: "lock", item: "c2-act-after-asking" })).status).toBe(200);
    await learnerStream.next((e) => e.room.lead.locked.includes("c2-act-after-asking"));
    const locked = await check(bo.learnerKey, files.starter, "c2-act-after-asking");
    expect(locked.status).toBe(423);

    expect((await lead({ action: "release", item: C1, what: "hint" })).status).toBe(200);
    const released = await learnerStream.next((e) => e.room.released[C1]);
    expect(Object.keys(released.room.released[C1].hints).length).toBeGreaterThan(0);
    expect(released.room.released[C1].solution).toBeUndefined();
    const me = await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(cy.learnerKey));
    expect(me.json.released[C1].hints).toEqual(released.room.released[C1].hints);
    learnerStream.close();

    expect((await lead({ action: "release", item: "04-on-the-wire", what: "hint" })).status).toBe(400);
    expect((await lead({ action: "fly", item: C1 })).status).toBe(400);
    expect((await lead({ action: "open", item: "../../etc" })).status).toBe(400);
  });

  test("the teacher reads one learner's code, last check and last call; learners cannot", async () => {
    const call = {
      label: "delete_ticket T-1",
      exchanges: [{ method: "POST", url: "/mcp/abc", status: 200, request: { jsonrpc: "2.0", id: 1, method: "tools/call" }, messages: [] }],
    };
    await api(pg(), "POST", `/api/rooms/${room.code}/activity`, { item: C1, event: "tried", files: files.starter, call }, bearer(cy.learnerKey));
    const id = (await board(room.code, room.teacherKey)).json.learners.find((l: any) => l.name === "ann (2)").id;
    const view = await api(pg(), "GET", `/api/rooms/${room.code}/learners/${id}`, undefined, bearer(room.teacherKey));
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ name: "ann (2)", item: C1, files: files.starter, lastCall: call, lastCheck: { item: C1, report: { passed: false } } });
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/learners/${id}`, undefined, bearer(ann.learnerKey))).status).toBe(403);
  });

  test("export.csv has a row per learner and item, export-checks.csv one per learner and check: passes now, first passed at", async () => {
    const res = await api(pg(), "GET", `/api/rooms/${room.code}/export.csv`, undefined, bearer(room.teacherKey));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      "nickname",
      "lesson or challenge",
      "state",
      "passes now",
      "first passed at (passed at least once)",
      "opened at",
      "tried at",
      "runs",
    ]);
    expect(rows.find((r) => r[0] === "Ann" && r[1] === C1)).toEqual([
      "Ann",
      C1,
      "Passes now",
      "true",
      expect.stringMatching(/^\d{4}-/),
      expect.any(String),
      expect.any(String),
      "1",
    ]);
    expect(rows.find((r) => r[0] === "Ann" && r[1] === "04-on-the-wire")).toEqual([
      "Ann",
      "04-on-the-wire",
      "Tried",
      "false",
      "",
      expect.any(String),
      expect.any(String),
      "0",
    ]);

    const checksRes = await api(pg(), "GET", `/api/rooms/${room.code}/export-checks.csv`, undefined, bearer(room.teacherKey));
    expect(checksRes.headers.get("content-disposition")).toMatch(/export-checks|-checks\.csv/);
    const [checksHeader, ...checkRows] = parseCsv(checksRes.text);
    expect(checksHeader).toEqual(["nickname", "lesson or challenge", "check", "passes now", "first passed at (passed at least once)", "runs"]);
    const c1Rows = checkRows.filter((r) => r[1] === C1);
    const checkCount = c1Of((await board(room.code, room.teacherKey)).json).checks.length;
    for (const name of ["Ann", "Bo", "ann (2)"]) expect(c1Rows.filter((r) => r[0] === name)).toHaveLength(checkCount);
    for (const row of c1Rows.filter((r) => r[0] === "Ann")) expect(row.slice(3)).toEqual(["true", expect.stringMatching(/^\d{4}-\d\d-\d\dT/), "1"]);
    expect(c1Rows.filter((r) => r[0] === "ann (2)").some((r) => r[3] === "false" && r[4] === "")).toBe(true);
  });

  test("ending the room retires the code and keeps the results for the teacher; a new room is one call", async () => {
    const end = await api(pg(), "POST", `/api/rooms/${room.code}/end`, undefined, bearer(room.teacherKey));
    expect(end.status).toBe(200);
    const join = await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name: "Late" });
    expect(join.status).toBe(404);
    expect(join.json.error).toMatch(/ended/);
    const b = (await board(room.code, room.teacherKey)).json;
    expect(b).toMatchObject({ ended: true });
    expect(b.learners.map((l: any) => l.name)).toEqual(["Ann", "Bo", "ann (2)"]);
    expect(b.results.find((r: any) => r.id === C1)).toMatchObject({ passedNow: 2, passedEver: 2 });
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/export.csv`, undefined, bearer(room.teacherKey))).text.trim().split("\r\n").length).toBeGreaterThan(
      1,
    );
    expect((await check(ann.learnerKey, files.solution)).status).toBe(404);
    const summary = (await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(ann.learnerKey))).json;
    expect(summary).toMatchObject({ ended: true, summary: { passed: expect.any(Number) } });
    expect(summary.summary.passed).toBe(summary.summary.items.filter((i: any) => i.state === "passes-now").length);
    expect(summary.summary.items).toContainEqual({ id: C1, title: expect.any(String), state: "passes-now" });
    expect((await createRoom(pg(), "Friday workshop")).code).not.toBe(room.code);
  });
});

describe("restart", () => {
  test("the server restarts between two checks of one room and loses no room, learner or result", async () => {
    const room = await createRoom(pg(), "Survives a restart");
    const gil = await joinRoom(pg(), room.code, "Gil");
    const hal = await joinRoom(pg(), room.code, "Hal");
    expect((await check(gil.learnerKey, files.solution)).json.passed).toBe(true);
    await api(pg(), "POST", `/api/rooms/${room.code}/lead`, { action: "lock", item: "c3-ask-only-when-needed" }, bearer(room.teacherKey));

    await kit.restart();

    expect((await check(hal.learnerKey, files.starter)).json.passed).toBe(false);
    const b = (await board(room.code, room.teacherKey)).json;
    expect(b.title).toBe("Survives a restart");
    expect(b.learners.map((l: any) => l.name)).toEqual(["Gil", "Hal"]);
    expect(c1Of(b)).toMatchObject({ tried: 2, passesNow: 1 });
    expect(b.lead.locked).toEqual(["c3-ask-only-when-needed"]);
    expect((await joinRoom(pg(), room.code, "Gil")).name).toBe("Gil (2)");
  }, 120_000); // a bound for a loaded machine, not a speed target
});

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += ch;
  }
  return rows;
}
