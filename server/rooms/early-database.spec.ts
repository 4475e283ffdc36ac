// The database opens while the server starts (DATABASE_AT_START), so the first room does not wait for PGlite's
// first create; with it off, nothing opens until a room needs it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { api, startTestPlayground } from "../testing/harness";

test.each([true, false])(
  "openDatabaseAtStart %s: the database is opening before any request exactly when it is on",
  async (early) => {
    const dataDir = await mkdtemp(join(tmpdir(), "playground-early-db-"));
    const pg = await startTestPlayground({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined, openDatabaseAtStart: early });
    try {
      expect(pg.db.opened).toBe(early);
      expect((await api(pg, "POST", "/api/rooms", { title: "First" })).status).toBe(201);
      expect(pg.db.opened).toBe(true);
    } finally {
      await pg.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  180_000,
);
