// Sessions per client: one client's new sessions never evict another client's active learner, and a client holding
// its share of sessions in use is told to wait (429 naming SESSIONS_PER_CLIENT) while others still get theirs.
import { afterEach, expect, test } from "vitest";
import type { Playground } from "../app";
import { fromAddress } from "../testing/from-address";
import { helpDesk } from "../testing/fixtures";
import { rawModern, startTestPlayground } from "../testing/harness";

const assign = (mcpUrl: string) => rawModern(mcpUrl, 1, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } });
const create = (pg: Playground, address: string) => fromAddress(address, `${pg.url}/api/sessions`, "POST", { files: helpDesk() });

let pg: Playground | undefined;
afterEach(() => pg?.close());

test("25 sessions one client creates and uses once never evict a learner active a second ago (MAX_SESSIONS=20)", async () => {
  pg = await startTestPlayground({ maxSessions: 20, sessionActiveMs: 5 * 60_000 });
  const learner = (await create(pg, "127.0.0.2")).json;
  expect((await assign(learner.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
  for (let i = 0; i < 25; i++) {
    const s = await create(pg, "127.0.0.3");
    expect(s.status).toBe(201);
    await assign(s.json.mcpUrl);
    if (i === 24) await assign(learner.mcpUrl); // the learner keeps working through it
  }
  expect(pg.registry.countedSize).toBe(20);
  expect((await assign(learner.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
});

test("a client at SESSIONS_PER_CLIENT gets 429 while its sessions are in use, and replaces its own idle one", async () => {
  pg = await startTestPlayground({ sessionsPerClient: 3, sessionActiveMs: 5 * 60_000 });
  const mine = [];
  for (let i = 0; i < 3; i++) mine.push((await create(pg, "127.0.0.4")).json);
  for (const s of mine) await assign(s.mcpUrl);
  const over = await create(pg, "127.0.0.4");
  expect(over.status).toBe(429);
  expect(over.headers["retry-after"]).toBe("60");
  expect(over.json.error).toMatch(/3 sessions in use, its share on this server \(SESSIONS_PER_CLIENT\)/);
  expect((await create(pg, "127.0.0.5")).status).toBe(201);
  // Its first session has been idle past SESSION_ACTIVE_MINUTES: that one goes, and the client gets a new one.
  (pg.registry as unknown as { sessions: Map<string, { lastUsed: number }> }).sessions.get(mine[0].id)!.lastUsed = Date.now() - 10 * 60_000;
  expect((await create(pg, "127.0.0.4")).status).toBe(201);
  expect((await assign(mine[0].mcpUrl)).status).toBe(404);
  expect((await assign(mine[1].mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
});

test("when the provisional pool is full, the client flooding it loses its sessions, not a learner creating a few at once", async () => {
  pg = await startTestPlayground({ maxSessions: 5 });
  for (let i = 0; i < 8; i++)
    expect((await fromAddress("127.0.0.6", `${pg.url}/api/sessions`, "POST", { files: { "a.tool.ts": "export const = 1" } })).status).toBe(422);
  const mine = await Promise.all([1, 2, 3].map(() => create(pg!, "127.0.0.7")));
  for (const s of mine) expect((await assign(s.json.mcpUrl)).body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
});
