// PGlite adapter: PostgreSQL compiled to WebAssembly, in this process, its files in a data folder.
import { mkdir } from "node:fs/promises";
import { PGlite, types } from "@electric-sql/pglite";
import type { Connection, Queryable, Row } from "./database";

// Same value types as the pg adapter: counts and int8 ids as numbers.
const parsers = { [types.INT8]: (value: string) => Number(value) };

export async function openPglite(dataDir: string): Promise<Connection> {
  await mkdir(dataDir, { recursive: true });
  // 16 MB of shared buffers instead of PostgreSQL's 128 MB: the playground's tables are small, and PGlite runs in the
  // main process, where every buffer it holds is memory the sessions do not get.
  const db = await PGlite.create(dataDir, { parsers, postgresqlconf: ["shared_buffers = 16MB"] });
  const asQueryable = (q: { query: PGlite["query"] }): Queryable => ({
    async query<T extends Row>(sql: string, params?: readonly unknown[]) {
      return (await q.query<T>(sql, params ? [...params] : undefined)).rows;
    },
  });
  const direct = asQueryable(db);
  return {
    query: direct.query,
    transaction: (work) => db.transaction((tx) => work(asQueryable(tx))),
    async listen(channel, onPayload) {
      const unlisten = await db.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => db.close(),
  };
}
