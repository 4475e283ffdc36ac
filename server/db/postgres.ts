// PostgreSQL server adapter (DATABASE_URL): a pool for queries, one dedicated client for LISTEN.
import pg from "pg";
import type { Connection, Queryable, Row } from "./database";

// Same value types as the PGlite adapter: counts and int8 ids as numbers.
const types = {
  getTypeParser: ((oid: number, format?: string) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format as "text"))) as typeof pg.types.getTypeParser,
};

/** Connections for queries (LISTEN has its own client); and how soon a listener that lost its server tries again. */
const POOL_CONNECTIONS = 10;
const LISTEN_RETRY_MS = 1000;

export async function openPostgres(url: string): Promise<Connection> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_CONNECTIONS, types });
  // An idle client that loses its server must not crash the process; the next query gets a new one.
  pool.on("error", (error) => console.error("PostgreSQL pool:", error.message));
  await pool.query("SELECT 1");

  const channels = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let closed = false;

  const quoted = (channel: string) => `"${channel}"`; // names are checked against /^[a-z_][a-z0-9_]*$/ by Database
  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, types });
    client.on("notification", (msg) => {
      for (const handler of channels.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    client.on("error", (error) => {
      // Reconnect and LISTEN again, so board events keep flowing after a server restart.
      console.error("PostgreSQL listener:", error.message);
      listener = undefined;
      if (!closed && channels.size) setTimeout(() => void ensureListener().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await client.connect();
    for (const channel of channels.keys()) await client.query(`LISTEN ${quoted(channel)}`);
    return client;
  }
  function ensureListener(): Promise<pg.Client> {
    listener ??= connectListener();
    listener.catch(() => (listener = undefined));
    return listener;
  }

  const run = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params?: readonly unknown[]) {
      return (await client.query(sql, params ? [...params] : undefined)).rows as T[];
    },
  });

  return {
    query: run(pool).query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(run(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      let handlers = channels.get(channel);
      const first = !handlers;
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(onPayload);
      const client = await ensureListener();
      if (first) await client.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        handlers.delete(onPayload);
        if (handlers.size || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        await (await listener)?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
