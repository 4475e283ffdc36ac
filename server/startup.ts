// The playground's services in the order they start: the sandbox workers and the compiler together; the database
// (opened in the background: PGlite only on first use); then, with WARM_START, the first lesson built and
// discovered once in a session no one holds, so the first learner's session finds the compile, load and discover
// paths warm, as the hundredth does.
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { warmCompiler } from "./compile/compile";
import type { PlaygroundConfig } from "./config";
import { openDatabase, type Database } from "./db/database";
import { getLesson, listLessons } from "./lessons/catalog";
import { discoverIn } from "./mcp/discover-in-process";
import type { FlowState } from "./mcp/request-state";
import { createSessionEndpoint } from "./mcp/session-endpoint";
import { SandboxPool } from "./sandbox/pool";
import { sessionLimits } from "./session/registry";
import { Session } from "./session/session";

export type Services = { pool: SandboxPool; db: Database };

async function buildFirstLesson(pool: SandboxPool, codec: RequestStateCodec<FlowState>, config: PlaygroundConfig): Promise<void> {
  const first = (await listLessons())[0];
  const lesson = first && (await getLesson(first.id));
  if (!lesson) return;
  const session = new Session("warm-start", pool, sessionLimits(config), config.maxBodyBytes);
  session.endpoint = createSessionEndpoint(session, codec, { maxBodyBytes: config.maxBodyBytes });
  try {
    // A worker images a load the second time it sees it: two loads per worker leave the image the first learners restore.
    for (let i = 0; i < 2 * config.workers; i++) if (!(await session.setFiles(lesson.files)).ok) return;
    if (session.mcpEndpoint) await discoverIn(session.mcpEndpoint);
  } finally {
    await session.close();
  }
}

export async function startServices(config: PlaygroundConfig, codec: RequestStateCodec<FlowState>): Promise<Services> {
  const [pool] = await Promise.all([
    SandboxPool.start({
      workers: config.workers,
      memoryMB: config.memoryMB,
      stackBytes: config.stackBytes,
      watchdogGraceMs: 1000,
      totalMB: config.sandboxTotalMB,
      loadCacheMB: config.loadCacheMB,
      plain: config.sandboxPlain,
      denseOff: config.sandboxDenseOff,
    }),
    warmCompiler(),
  ]);
  // Opens on first use (a room created or joined): PGlite costs seconds and hundreds of MB, so a playground without rooms never pays.
  const db = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (config.warmStart)
    await buildFirstLesson(pool, codec, config).catch((error: Error) => console.error("Building the first lesson ahead failed:", error.message));
  return { pool, db };
}
