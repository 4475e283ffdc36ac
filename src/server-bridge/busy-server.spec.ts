// The page against a real server past its per-address limit for runs and checks (a room behind one NAT): the
// server's 429 says how long to wait, and the bridge waits that out and gets the report instead of an error.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { Playground } from "../../server/app";
import { configFromEnv } from "../../server/config";
import { api, startTestPlayground } from "../../server/testing/harness";
import { checkChallenge } from "./tests";

const CHALLENGE = "c1-confirm-before-deleting";
let pg: Playground;
const statuses: number[] = [];

beforeAll(async () => {
  // One run at once per address, one more each second: the second check at once is refused with a 429.
  const limits = configFromEnv({}).rateLimits;
  pg = await startTestPlayground({ rateLimits: { ...limits, runs: { name: "test runs and checks", perMinute: 60, burst: 1 } } });
  const realFetch = globalThis.fetch;
  // The page's paths are relative to its origin; here the origin is the test server.
  vi.stubGlobal("fetch", async (path: string, init?: RequestInit) => {
    const res = await realFetch(path.startsWith("/") ? pg.url + path : path, init);
    statuses.push(res.status);
    return res;
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await pg?.close();
});

test("two checks at once past the burst: both come back with a report, the second after waiting out a 429", async () => {
  const { files } = (await api(pg, "GET", `/api/lessons/${CHALLENGE}`)).json as { files: Record<string, string> };
  statuses.length = 0;
  const reports = await Promise.all([checkChallenge(CHALLENGE, files), checkChallenge(CHALLENGE, files)]);
  expect(reports.map((r) => r.passed)).toEqual([false, false]);
  expect(reports.every((r) => r.checks.length > 0)).toBe(true);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
});
