// Numbered migrations: every NNN-name.sql in the folder runs once, in number order, each in its own transaction,
// recorded in schema_migrations. An advisory lock keeps two instances starting at once from both applying one.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Connection } from "./database";

const DEFAULT_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
const FILE = /^(\d{3,})-[a-z0-9-]+\.sql$/;
const LOCK_ID = 727_401; // any constant shared by every instance of the playground

export type Migration = { version: number; name: string; sql: string };

export async function readMigrations(dir = DEFAULT_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".sql"));
  const migrations: Migration[] = [];
  for (const name of names) {
    const m = FILE.exec(name);
    if (!m) throw new Error(`Migration file "${name}" must be named NNN-some-name.sql`);
    migrations.push({ version: Number(m[1]), name, sql: await readFile(join(dir, name), "utf8") });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++)
    if (migrations[i].version === migrations[i - 1].version) throw new Error(`Two migrations have number ${migrations[i].version}`);
  return migrations;
}

/** Applies the migrations not yet recorded; returns the versions it applied. */
export async function runMigrations(conn: Connection, dir?: string): Promise<number[]> {
  const migrations = await readMigrations(dir);
  await conn.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await conn.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
      const seen = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
      if (seen.length) return false;
      // Statements one by one: the pg extended protocol takes a single statement per query.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends; migrations keep to plain DDL (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, "")
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
