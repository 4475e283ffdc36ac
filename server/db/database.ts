// The playground's PostgreSQL: embedded PGlite in DATA_DIR by default, or a server at DATABASE_URL.
//
// API (kept small on purpose; rooms and session persistence build on it):
//   const db = openDatabase({ dataDir, url })   // returns at once; nothing opens until the first query
//   await db.query<Row>(sql, params)            // rows; $1..$n parameters; int8/count as number, timestamptz as Date
//   await db.transaction(async (tx) => { await tx.query(...) })   // one connection, BEGIN..COMMIT, ROLLBACK on throw
//   const stop = await db.listen(channel, (payload) => ...)      // LISTEN; returns an unlisten function
//   NOTIFY: a write sends pg_notify in its own statement (rooms/store.ts, session-store.ts); every instance hears it
//   db.kind                                     // "pglite" | "postgres"
//   db.opened                                   // true once a query opened it (opening PGlite takes seconds and hundreds of MB)
//   await db.close()
// Migrations (server/db/migrations/NNN-name.sql) run once, in order, when the database opens; see migrate.ts.
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import { runMigrations } from "./migrate";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** What an adapter (PGlite or a PostgreSQL server) provides; Database adds laziness and migrations on top. */
export interface Connection extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Database extends Connection {
  readonly kind: "pglite" | "postgres";
  readonly opened: boolean;
}

export type DatabaseOptions = {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite's data folder (created when missing). */
  dataDir: string;
  /** Folder of numbered .sql migrations; the playground's own by default. */
  migrationsDir?: string;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function openDatabase(options: DatabaseOptions): Database {
  const kind = options.url ? "postgres" : "pglite";
  let opening: Promise<Connection> | undefined;
  let closed = false;

  function connection(): Promise<Connection> {
    if (closed) return Promise.reject(new Error("The database was closed"));
    opening ??= (async () => {
      const conn = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
      try {
        await runMigrations(conn, options.migrationsDir);
      } catch (error) {
        await conn.close();
        throw error;
      }
      return conn;
    })();
    // A failed open (a wrong URL, a locked folder) is retried by the next query instead of failing forever.
    opening.catch(() => (opening = undefined));
    return opening;
  }

  return {
    kind,
    get opened() {
      return opening !== undefined;
    },
    async query(sql, params) {
      return (await connection()).query(sql, params);
    },
    async transaction(work) {
      return (await connection()).transaction(work);
    },
    async listen(channel, onPayload) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a usable channel name: ${channel}`);
      return (await connection()).listen(channel, onPayload);
    },
    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (pending) await (await pending.catch(() => undefined))?.close();
    },
  };
}
