// The database module on PGlite in a temporary folder, and on a PostgreSQL server when DATABASE_URL is set
// (`npm run test:postgres` starts one): queries, transactions, migrations, LISTEN/NOTIFY, reopening.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "./database";
import { readMigrations } from "./migrate";

const url = process.env.DATABASE_URL || undefined;
let dir: string;
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "playground-db-"));
  db = openDatabase({ url, dataDir: join(dir, "data") });
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`database on ${url ? "a PostgreSQL server" : "PGlite"}`, () => {
  test("opens lazily: nothing is opened until the first query", async () => {
    expect(db.opened).toBe(false);
    expect(await db.query<{ n: number }>("SELECT count(*) AS n FROM rooms")).toEqual([{ n: expect.any(Number) }]);
    expect(db.opened).toBe(true);
  }, 120_000); // creating a PGlite folder: seconds, or tens of seconds on a loaded machine

  test("applies every numbered migration once and records it", async () => {
    const rows = await db.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations ORDER BY version");
    const files = await readMigrations();
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version));
    expect(rows[0].name).toBe("001-rooms.sql");
  });

  test("parameters, int8 as numbers and timestamps as dates on both adapters", async () => {
    const [row] = await db.query<{ n: number; t: Date; s: string }>("SELECT $1::bigint AS n, now() AS t, $2::text AS s", [42, "it's <b>"]);
    expect(row).toEqual({ n: 42, t: expect.any(Date), s: "it's <b>" });
  });

  test("a transaction that throws leaves nothing behind; one that returns commits", async () => {
    const code = `T${Math.random().toString(36).slice(2, 8)}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO rooms (code, title, teacher_key_hash) VALUES ($1, 'x', 'h')", [code]);
        throw new Error("planted");
      }),
    ).rejects.toThrow("planted");
    expect(await db.query("SELECT code FROM rooms WHERE code = $1", [code])).toEqual([]);
    await db.transaction((tx) => tx.query("INSERT INTO rooms (code, title, teacher_key_hash) VALUES ($1, 'x', 'h')", [code]));
    expect(await db.query("SELECT code FROM rooms WHERE code = $1", [code])).toEqual([{ code }]);
  });

  test("LISTEN/NOTIFY delivers a payload to a listener, and not after unlisten", async () => {
    const got: string[] = [];
    const channel = `test_${Math.random().toString(36).slice(2, 8)}`;
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    const stop = await db.listen(channel, (payload) => {
      got.push(payload);
      arrived();
    });
    await db.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify({ room: "ABC234" })]);
    await first;
    expect(got).toEqual(['{"room":"ABC234"}']);
    await stop();
    await db.query("SELECT pg_notify($1, $2)", [channel, "late"]);
    // A round trip after the notify: a notification sent before it would have arrived by now.
    await db.query("SELECT 1");
    expect(got).toHaveLength(1);
  });

  test("rejects a channel name that is not a plain identifier", async () => {
    await expect(db.listen('x"; DROP TABLE rooms; --', () => undefined)).rejects.toThrow(/channel/);
  });
});

describe.skipIf(url !== undefined)("PGlite data folder", () => {
  test("a reopened folder keeps its rows and does not apply migrations twice", async () => {
    await db.query("INSERT INTO rooms (code, title, teacher_key_hash) VALUES ('KEEPME', 'kept', 'h')");
    await db.close();
    db = openDatabase({ dataDir: join(dir, "data") });
    expect(await db.query("SELECT title FROM rooms WHERE code = 'KEEPME'")).toEqual([{ title: "kept" }]);
    expect(await db.query("SELECT count(*) AS n FROM schema_migrations WHERE version = 1")).toEqual([{ n: 1 }]);
  });

  test("a new migration file is applied on the next open; a badly named one stops the open with its name", async () => {
    const migrations = join(dir, "migrations");
    await mkdir(migrations);
    await writeFile(join(migrations, "001-first.sql"), "CREATE TABLE a (x int);\nCREATE TABLE b (y int);\n");
    const other = openDatabase({ dataDir: join(dir, "other"), migrationsDir: migrations });
    await other.query("INSERT INTO a VALUES (1)");
    await other.close();
    await writeFile(join(migrations, "002-second.sql"), "ALTER TABLE a ADD COLUMN z text;\n");
    const again = openDatabase({ dataDir: join(dir, "other"), migrationsDir: migrations });
    expect(await again.query("SELECT x, z FROM a")).toEqual([{ x: 1, z: null }]);
    await again.close();
    await writeFile(join(migrations, "3-bad.sql"), "SELECT 1;");
    const bad = openDatabase({ dataDir: join(dir, "other"), migrationsDir: migrations });
    await expect(bad.query("SELECT 1")).rejects.toThrow(/3-bad\.sql/);
    await bad.close();
  }, 120_000);
});
