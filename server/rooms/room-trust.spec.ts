// Rooms over HTTP that no participant can misuse: unknown and malformed codes, hostile nicknames, keys that speak
// only for their own room and learner, oversized snapshots, leaving, and a flood of joins from one address.
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api } from "../testing/harness";
import { bearer, challengeFiles, checkIn, readBoard, createRoom, joinRoom, startRoomPlayground, type RoomPlayground } from "../testing/rooms";
import { configFromEnv } from "../config";

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

describe("trust and bad input", () => {
  let room: { code: string; teacherKey: string };
  let other: { code: string; teacherKey: string };
  let learner: { learnerKey: string; name: string };
  beforeAll(async () => {
    room = await createRoom(pg());
    other = await createRoom(pg());
    learner = await joinRoom(pg(), room.code, "Dee");
  });

  test("unknown codes and malformed codes answer 404", async () => {
    expect((await api(pg(), "POST", "/api/rooms/AAAAAA/join", { name: "x" })).status).toBe(404);
    expect((await api(pg(), "POST", "/api/rooms/not-a-code!/join", { name: "x" })).status).toBe(404);
    expect((await api(pg(), "GET", "/api/rooms/AAAAAA", undefined, bearer(room.teacherKey))).status).toBe(404);
  });

  test("empty, 500-character and non-string nicknames are refused; <script> is stored as typed, not run", async () => {
    for (const name of ["", "   ", "\u200b\u0007", "x".repeat(500), 42, undefined]) {
      const res = await api(pg(), "POST", `/api/rooms/${room.code}/join`, { name });
      expect(res.status, String(name)).toBe(400);
      expect(res.json.error).toMatch(/nickname|name/i);
    }
    expect((await joinRoom(pg(), room.code, "x".repeat(40))).name).toHaveLength(40);
    const script = await joinRoom(pg(), room.code, "<script>alert(1)</script>");
    expect(script.name).toBe("<script>alert(1)</script>");
    const res = await board(room.code, room.teacherKey);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json.learners.map((l: any) => l.name)).toContain("<script>alert(1)</script>");
  });

  test("a formula-like nickname stays text in the CSV", async () => {
    await joinRoom(pg(), room.code, '=HYPERLINK("http://x","y")');
    await check((await joinRoom(pg(), room.code, "=1+1")).learnerKey, files.starter);
    const csv = (await api(pg(), "GET", `/api/rooms/${room.code}/export.csv`, undefined, bearer(room.teacherKey))).text;
    expect(csv).toContain("'=1+1,");
    expect(csv).not.toMatch(/^=/m);
  });

  test("teacher routes: no key 401, a learner key 403, another room's teacher key 403; nothing changes", async () => {
    const before = (await board(room.code, room.teacherKey)).json;
    for (const [method, path] of [
      ["GET", ""],
      ["GET", "/events"],
      ["GET", "/export.csv"],
      ["GET", "/learners/1"],
      ["POST", "/lead"],
      ["POST", "/end"],
    ]) {
      const url = `/api/rooms/${room.code}${path}`;
      const body = method === "POST" ? { action: "lock", item: C1 } : undefined;
      expect((await api(pg(), method, url, body)).status, `${method} ${path} without key`).toBe(401);
      expect((await api(pg(), method, url, body, bearer(learner.learnerKey))).status, `${method} ${path} learner key`).toBe(403);
      expect((await api(pg(), method, url, body, bearer(other.teacherKey))).status, `${method} ${path} other teacher`).toBe(403);
    }
    expect((await board(room.code, room.teacherKey)).json).toEqual(before);
  });

  test("a forged learner key records nothing and says so; a learner key speaks only for its own room", async () => {
    const before = (await board(room.code, room.teacherKey)).json;
    const forged = await check("f".repeat(32), files.solution);
    expect(forged.status).toBe(403);
    expect(forged.json.error).toMatch(/learner key/);
    // A key that is not even a string breaks the API contract (contract/api.ts): a 400 before any room is asked.
    expect((await check(42 as unknown as string, files.solution)).status).toBe(400);
    expect((await api(pg(), "POST", `/api/rooms/${other.code}/activity`, { item: C1, event: "opened" }, bearer(learner.learnerKey))).status).toBe(403);
    expect((await api(pg(), "GET", `/api/rooms/${other.code}/me`, undefined, bearer(learner.learnerKey))).status).toBe(403);
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/activity`, { item: "nope", event: "opened" }, bearer(learner.learnerKey))).status).toBe(400);
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/activity`, { item: C1, event: "passed" }, bearer(learner.learnerKey))).status).toBe(400);
    expect(
      (await api(pg(), "POST", `/api/rooms/${room.code}/activity`, { item: C1, event: "tried", problem: { kind: "x" } }, bearer(learner.learnerKey))).status,
    ).toBe(400);
    expect((await board(room.code, room.teacherKey)).json).toEqual(before);
  });

  test("an oversized code snapshot or call is not stored, and the rest is", async () => {
    const huge = { label: "big", exchanges: [{ method: "POST", url: "/mcp/x", messages: ["x".repeat(200_000)] }] };
    const res = await api(
      pg(),
      "POST",
      `/api/rooms/${room.code}/activity`,
      { item: C1, event: "tried", call: huge, files: files.starter },
      bearer(learner.learnerKey),
    );
    expect(res.status).toBe(200);
    const id = (await board(room.code, room.teacherKey)).json.learners.find((l: any) => l.name === "Dee").id;
    const view = (await api(pg(), "GET", `/api/rooms/${room.code}/learners/${id}`, undefined, bearer(room.teacherKey))).json;
    expect(view.lastCall).toBeUndefined();
    expect(view.files).toEqual(files.starter);
  });

  test("a learner who leaves is off the board, and their key no longer works", async () => {
    const eve = await joinRoom(pg(), room.code, "Eve");
    expect((await api(pg(), "POST", `/api/rooms/${room.code}/leave`, undefined, bearer(eve.learnerKey))).status).toBe(200);
    expect((await board(room.code, room.teacherKey)).json.learners.map((l: any) => l.name)).not.toContain("Eve");
    expect((await api(pg(), "GET", `/api/rooms/${room.code}/me`, undefined, bearer(eve.learnerKey))).status).toBe(403);
  });

  test("1,000 joins in a second from one address: a clear 429 with Retry-After; the room keeps working", async () => {
    const flood = room.code;
    const before = (await board(room.code, room.teacherKey)).json.learners.length;
    const started = performance.now();
    // 100 keep-alive connections carry the 1,000 requests: a flood of new connections would test the kernel's backlog.
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    // From an address of its own, so the drained bucket does not refuse later tests' joins from 127.0.0.1.
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => postJson(agent, `/api/rooms/${flood}/join`, { name: `bot${i}` }, FLOOD_ADDRESS)));
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 429).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    // However long the machine took to answer, no more got in than the bucket allows: its burst plus its rate.
    const { burst, perMinute } = configFromEnv({}).rateLimits.joins;
    expect(answers.length - limited.length).toBeLessThanOrEqual(Math.ceil(burst + (perMinute / 60) * seconds));
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited[0].json.error).toMatch(/Too many joins/);
    // Another address joins at once, and the learners already in keep working.
    expect(await joinFrom("127.0.0.2", flood, "Fay")).toBe(201);
    expect((await check(learner.learnerKey, files.solution)).json.passed).toBe(true);
    const b = (await board(room.code, room.teacherKey)).json;
    expect(b.learners.length).toBe(before + (answers.length - limited.length) + 1);
    expect(c1Of(b).passesNow).toBeGreaterThanOrEqual(1);
  });
});

const FLOOD_ADDRESS = "127.0.0.9";

async function postJson(
  agent: Agent,
  path: string,
  body: unknown,
  localAddress?: string,
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const { port } = new URL(pg().url);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        agent,
        localAddress,
        path,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          const headers = new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]));
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode!, headers, json, text });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

/** A join sent from another loopback address (fetch cannot choose one). */
function joinFrom(localAddress: string, code: string, name: string): Promise<number> {
  const { port } = new URL(pg().url);
  const body = JSON.stringify({ name });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        path: `/api/rooms/${code}/join`,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
