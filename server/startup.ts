// What the server starts before it listens, in order: the database (opening in the background), the sandbox workers,
// and the default build (esbuild's first transform). One place, so whatever else must be warm at start joins it here.
import type { PlaygroundConfig } from "./config";
import { warmCompiler } from "./compile/compile";
import { openDatabase, type Database } from "./db/database";
import { SandboxPool } from "./sandbox/pool";

export type Services = { db: Database; pool: SandboxPool };

export async function startServices(config: PlaygroundConfig): Promise<Services> {
  // Opened now but not waited for: PGlite's first create takes seconds, and the first room should not pay them.
  // A failed open is logged here and retried by the first query that needs the database.
  const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (config.openDatabaseAtStart) void db.query("SELECT 1").catch((error: Error) => console.error(`The database did not open at start: ${error.message}`));
  const [pool] = await Promise.all([
    SandboxPool.start({
      workers: config.workers,
      memoryMB: config.memoryMB,
      stackBytes: config.stackBytes,
      watchdogGraceMs: 1000,
      totalMB: config.sandboxTotalMB,
      loadCacheMB: config.loadCacheMB,
    }),
    warmCompiler(),
  ]);
  return { db, pool };
}
