// What the server starts before it listens, in order: the database (opening in the background), the sandbox workers,
// and the default build (esbuild's first transform; with WARM_START, the first lesson built and discovered once in
// a session no one holds, so the first learner's session finds the compile, load and discover paths warm, as the
// hundredth does). One place, so whatever else must be warm at start joins it here.
import { warmCompiler } from "./compile/compile";
import { WATCHDOG_GRACE_MS, type PlaygroundConfig } from "./config";
import { openDatabase, type Database } from "./db/database";
import { getLesson, listLessons } from "./lessons/catalog";
import { discoverIn } from "./mcp/discover-in-process";
import { createFlowStateCodec } from "./mcp/request-state";
import { createSessionEndpoint } from "./mcp/session-endpoint";
import { SandboxPool } from "./sandbox/pool";
import { sessionLimits } from "./session/registry";
import { Session } from "./session/session";

export type Services = { db: Database; pool: SandboxPool };

async function buildFirstLesson(pool: SandboxPool, config: PlaygroundConfig): Promise<void> {
  const first = (await listLessons())[0];
  const lesson = first && (await getLesson(first.id));
  if (!lesson) return;
  const session = new Session("warm-start", pool, sessionLimits(config), config.maxBodyBytes);
  // A codec of its own: no flow of this session outlives it.
  session.endpoint = createSessionEndpoint(session, createFlowStateCodec(undefined, 60), { maxBodyBytes: config.maxBodyBytes });
  try {
    // A worker images a load the second time it sees it: two loads per worker leave the image the first learners restore.
    for (let i = 0; i < 2 * config.workers; i++) if (!(await session.setFiles(lesson.files)).ok) return;
    if (session.mcpEndpoint) await discoverIn(session.mcpEndpoint);
  } finally {
    await session.close();
  }
}

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
      watchdogGraceMs: WATCHDOG_GRACE_MS,
      totalMB: config.sandboxTotalMB,
      loadCacheMB: config.loadCacheMB,
      plain: config.sandboxPlain,
      denseOff: config.sandboxDenseOff,
      cpuMsPerSecond: config.cpuMsPerSecond,
      cpuClock: config.cpuClock,
    }),
    warmCompiler(),
  ]);
  if (config.warmStart) await buildFirstLesson(pool, config).catch((error: Error) => console.error("Building the first lesson ahead failed:", error.message));
  return { db, pool };
}
