// Fair use without accounts: failed uploads and abandoned sessions take no slot, eviction spares the recently
// used, and per-address limits answer 429 with Retry-After.
import { describe, expect, test } from "vitest";
import { RateLimiter } from "../http/rate-limit";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";
import { configFromEnv } from "../config";

const assign = (mcpUrl: string) => rawModern(mcpUrl, 1, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } });
const BROKEN = { "a.tool.ts": "export const = 1" };

describe("sessions that count", () => {
  test("a flood of uploads that do not compile, and of sessions nobody uses, evicts no learner", async () => {
    const pg = await startTestPlayground({ maxSessions: 3 });
    try {
      const learner = await createSession(pg, helpDesk());
      expect((await assign(learner.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
      const statuses = await Promise.all(Array.from({ length: 60 }, () => api(pg, "POST", "/api/sessions", { files: BROKEN }).then((r) => r.status)));
      expect(statuses.every((s) => s === 422)).toBe(true);
      for (let i = 0; i < 6; i++) await createSession(pg, helpDesk()); // compiled, never used again
      expect(pg.registry.countedSize).toBe(1);
      expect((await assign(learner.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
    } finally {
      await pg.close();
    }
  });

  test("at the cap, an idle session goes before a recently used one, even a less recently used one", async () => {
    const pg = await startTestPlayground({ maxSessions: 2, sessionActiveMs: 5 * 60_000 });
    try {
      const recent = await createSession(pg, helpDesk());
      const idle = await createSession(pg, helpDesk());
      await assign(recent.mcpUrl);
      await assign(idle.mcpUrl); // `idle` is now the more recently used of the two...
      // ...but its last use was long ago as far as the registry knows (the clock is not ours to move).
      (pg.registry as unknown as { sessions: Map<string, { lastUsed: number }> }).sessions.get(idle.id)!.lastUsed = Date.now() - 10 * 60_000;
      const newcomer = await createSession(pg, helpDesk());
      await assign(newcomer.mcpUrl);
      expect(pg.registry.countedSize).toBe(2);
      expect((await api(pg, "POST", `/api/sessions/${idle.id}/reset`)).status).toBe(404);
      expect((await assign(recent.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
    } finally {
      await pg.close();
    }
  });
});

describe("per-address rate limits", () => {
  test("over the limit, new sessions get 429 with Retry-After while the address's other requests still work", async () => {
    const limits = configFromEnv({}).rateLimits;
    const pg = await startTestPlayground({ rateLimits: { ...limits, sessions: { name: "new sessions", perMinute: 60, burst: 5 } } });
    try {
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await api(pg, "POST", "/api/sessions", { files: BROKEN }));
      expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
      const limited = answers[5];
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(limited.json.code).toBe("RATE_LIMITED");
      expect(limited.json.error).toMatch(/Too many new sessions .* try again in \d+ s/);
      expect((await api(pg, "GET", "/api/lessons")).status).toBe(200);
    } finally {
      await pg.close();
    }
  });

  test("every /api and /mcp request takes from the address's request budget", async () => {
    const limits = configFromEnv({}).rateLimits;
    const pg = await startTestPlayground({ rateLimits: { ...limits, requests: { name: "requests", perMinute: 60, burst: 20 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 25; i++) statuses.push((await api(pg, "GET", "/api/lessons")).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      // The page itself is not rate limited.
      expect((await fetch(pg.url + "/")).status).toBe(200);
    } finally {
      await pg.close();
    }
  });

  test("the bucket refills at its rate and says how long to wait", () => {
    let now = 0;
    const limiter = new RateLimiter({ name: "joins", perMinute: 60, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => limiter.take("a").ok)).toEqual([true, true, true]);
    expect(limiter.take("a")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take("b").ok).toBe(true); // other addresses have their own bucket
    now += 1000;
    expect(limiter.take("a").ok).toBe(true);
    expect(limiter.take("a").ok).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take("a").ok)).toEqual([true, true, true, false]);
  });
});
