// The page against a real server past its per-address limits (a room behind one NAT): for checks, test runs and
// joins the server's 429 says how long to wait, and the bridge waits that out and gets its answer instead of an error.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { Playground } from "../../server/app";
import { configFromEnv } from "../../server/config";
import { api, startTestPlayground } from "../../server/testing/harness";
import { roomMembership } from "./rooms";
import { checkChallenge, runTests } from "./tests";

const CHALLENGE = "c1-confirm-before-deleting";
const LESSON = "06-testing-a-tool-that-asks";
let pg: Playground;
/** Every answer the page got, as "METHOD path status". */
const answers: string[] = [];
const answered = (method: string, path: RegExp, status: number) =>
  answers.filter((a) => a.startsWith(`${method} `) && path.test(a) && a.endsWith(` ${status}`)).length;

beforeAll(async () => {
  // One run and one join at once per address, one more of each every second: the second at once is refused with a 429.
  const limits = configFromEnv({}).rateLimits;
  pg = await startTestPlayground({
    rateLimits: {
      ...limits,
      runs: { name: "test runs and checks", perMinute: 60, burst: 1 },
      joins: { name: "joins", perMinute: 60, burst: 1 },
    },
  });
  const realFetch = globalThis.fetch;
  // The page's paths are relative to its origin; here the origin is the test server.
  vi.stubGlobal("fetch", async (path: string, init?: RequestInit) => {
    const res = await realFetch(path.startsWith("/") ? pg.url + path : path, init);
    answers.push(`${init?.method ?? "GET"} ${path} ${res.status}`);
    return res;
  });
  vi.stubGlobal("location", new URL(`${pg.url}/`));
  const stored = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await pg?.close();
});

const filesOf = async (lesson: string) => ((await api(pg, "GET", `/api/lessons/${lesson}`)).json as { files: Record<string, string> }).files;

test("two checks at once past the burst: both come back with a report, the second after waiting out a 429", async () => {
  const files = await filesOf(CHALLENGE);
  answers.length = 0;
  const reports = await Promise.all([checkChallenge(CHALLENGE, files), checkChallenge(CHALLENGE, files)]);
  expect(reports.map((r) => r.passed)).toEqual([false, false]);
  expect(reports.every((r) => r.checks.length > 0)).toBe(true);
  expect(answered("POST", /\/check /, 429)).toBeGreaterThanOrEqual(1);
  expect(answered("POST", /\/check /, 200)).toBe(2);
});

test("two test runs at once past the burst: both come back with the lesson's results, the second after waiting out a 429", async () => {
  const files = await filesOf(LESSON);
  answers.length = 0;
  const runs = await Promise.all([runTests(LESSON, files), runTests(LESSON, files)]);
  for (const run of runs) {
    expect(run.tests.length).toBeGreaterThan(0);
    expect(run.failed).toBe(0);
    expect(run.passed).toBe(run.tests.length);
  }
  expect(answered("POST", /\/tests /, 429)).toBeGreaterThanOrEqual(1);
  expect(answered("POST", /\/tests /, 200)).toBe(2);
});

test("two learners joining at once past the burst: both get in, the second after waiting out a 429", async () => {
  const { code, teacherKey } = (await api(pg, "POST", "/api/rooms", { title: "A busy room" })).json as { code: string; teacherKey: string };
  answers.length = 0;
  const joined = await Promise.all([roomMembership.join(code, "Sam"), roomMembership.join(code, "Sam")]);
  roomMembership.forget();
  expect(joined.map((m) => m.name).sort()).toEqual(["Sam", "Sam (2)"]);
  expect(answered("POST", /\/join /, 429)).toBeGreaterThanOrEqual(1);
  expect(answered("POST", /\/join /, 201)).toBe(2);
  // The server has both in the room.
  const board = (await api(pg, "GET", `/api/rooms/${code}`, undefined, { authorization: `Bearer ${teacherKey}` })).json as {
    learners: Array<{ name: string }>;
  };
  expect(board.learners.map((l) => l.name).sort()).toEqual(["Sam", "Sam (2)"]);
});
