// With sessions in the database, a session in use tells the database now and then (so the sweep keeps it). A new
// session's first save writes that already, so its next requests do not: the first touch comes a full interval
// after it was created. The store here records what the registry asks of it.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { configFromEnv } from "../config";
import { createFlowStateCodec, MemoryConsumedStates } from "../mcp/request-state";
import { SandboxPool } from "../sandbox/pool";
import { SessionRegistry } from "./registry";
import type { SessionStore } from "./session-store";

let pool: SandboxPool;
const touched: string[] = [];
const store: SessionStore = {
  consumed: new MemoryConsumedStates(60_000),
  save: async () => undefined,
  load: async () => undefined,
  touch: async (id) => void touched.push(id),
  expire: async () => 0,
  watch: async () => async () => undefined,
};

beforeAll(async () => {
  pool = await SandboxPool.start({ workers: 1, memoryMB: 32, stackBytes: 256 * 1024, watchdogGraceMs: 1000 });
});
afterAll(async () => {
  vi.useRealTimers();
  await pool?.close();
});

test("a new session is not touched on its next requests, and is a minute after it was created", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const registry = new SessionRegistry(pool, createFlowStateCodec(undefined, 600), configFromEnv({}), store);
  const session = registry.create();
  expect(registry.get(session.id)).toBe(session);
  vi.setSystemTime(Date.now() + 30_000);
  expect(registry.get(session.id)).toBe(session);
  expect(touched).toEqual([]);

  vi.setSystemTime(Date.now() + 31_000);
  registry.get(session.id);
  registry.get(session.id);
  expect(touched).toEqual([session.id]);
  await registry.close();
});
