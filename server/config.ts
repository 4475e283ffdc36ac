// Settings, from the environment with defaults; every limit a teacher might tune lives here.
import { DENSE_OPTIMISATIONS, type DenseOptimisation } from "./sandbox/protocol";
import { totalmem } from "node:os";
import type { StreamLimits } from "./http/event-stream";
import type { RateLimit } from "./http/rate-limit";
import type { CpuClock } from "./sandbox/cpu-ledger";
import type { ChallengeLimits } from "./authoring/draft";

/** What the process may use: the machine's memory and the OS's limit on it, both in bytes, as Node reads them. */
export type MemoryReading = { total: number; constrained: number };

/**
 * Node reads the limit from the process's cgroup (libuv's uv_get_constrained_memory): 0 when it knows of none, and
 * on some versions the cgroup's own "no limit" figure (2^64 or 2^63 rounded to a page), far above the machine's.
 */
const readMemory = (): MemoryReading => ({ total: totalmem(), constrained: process.constrainedMemory() });

/** The machine's memory, or the process's cgroup limit when that is lower (a container sees the host's RAM). */
function usableMemory({ total, constrained }: MemoryReading): number {
  return constrained > 0 ? Math.min(total, constrained) : total;
}

/** Defaults that code outside configFromEnv falls back to (a session or endpoint made without a config, as specs do). */
export const DEFAULT_LOG_SESSION_KB = 256;
export const DEFAULT_REQUEST_STATE_TTL_SECONDS = 600;
/**
 * A 2025-11-25 client that vanished without ending its session (killed, laptop closed) holds nothing open: this long
 * after its last request or stream ended, it no longer shows as connected. Its next request shows it again.
 */
export const DEFAULT_OUTSIDE_QUIET_SECONDS = 30;
export const DEFAULT_OUTSIDE_WAIT_SECONDS = 600;
/** How long a worker that overran its call gets to answer before it is replaced. */
export const WATCHDOG_GRACE_MS = 1000;

export type PlaygroundConfig = {
  host: string;
  port: number;
  /** Shares requestState keys between processes; a random key per process when unset. */
  secret?: string;
  requestStateTtlSeconds: number;
  /** How long a page of the pretend outside site waits for the person before it expires (OUTSIDE_WAIT_SECONDS). */
  outsideWaitMs: number;
  sessionIdleMs: number;
  maxSessions: number;
  workers: number;
  memoryMB: number;
  stackBytes: number;
  callTimeoutMs: number;
  loadTimeoutMs: number;
  testTimeoutMs: number;
  maxBodyBytes: number;
  /** Sessions (files, approvals) written to the database so any instance can rebuild them (SESSIONS_IN_DATABASE;
   * on by default with DATABASE_URL, where several instances share one PostgreSQL). */
  persistSessions: boolean;
  /** Names this instance in the `playground-instance` response header (INSTANCE_NAME; default host name and port). */
  instance?: string;
  /** How long a SIGTERM waits for requests in flight before closing (DRAIN_SECONDS). */
  drainMs: number;
  /** Extra Host names accepted besides loopback ones (a room's LAN address, say). */
  allowedHosts: string[];
  /** Origins allowed to frame the page (embed mode in slides); none by default. */
  embedOrigins: string[];
  /** Behind a reverse proxy: take the client's address from the last X-Forwarded-For hop. */
  trustProxy: boolean;
  /** Per-address limits (per minute, and the burst allowed at once); a room behind one NAT shares them. */
  rateLimits: { requests: RateLimit; sessions: RateLimit; runs: RateLimit; rooms: RateLimit; joins: RateLimit; roomLookups: RateLimit };
  /** Live event streams one instance holds (LIVE_STREAMS) and one client's share of them (LIVE_STREAMS_PER_CLIENT). */
  liveStreams: StreamLimits;
  /** Sessions one client holds (SESSIONS_PER_CLIENT); past it, its own idle sessions go first, else it is told to wait. */
  sessionsPerClient: number;
  /** Test runs and checks one client has in flight at once (RUNS_PER_CLIENT); in a room each learner counts alone. */
  runsPerClient: number;
  /** Memory of all sandbox VMs together (and the images kept of them); idle sessions are closed, then new VMs refused. */
  sandboxTotalMB: number;
  /** Per sandbox worker: images of VMs just after a load that repeats (a room's identical starters and checks). */
  loadCacheMB: number;
  /** SANDBOX_PLAIN=1: the plain sandbox, with no optimisation (server/sandbox/plain-keeper.ts), for comparison and tests. */
  sandboxPlain: boolean;
  /** SANDBOX_DENSE_OFF: the dense sandbox's optimisations switched off, by name (server/sandbox/protocol.ts). */
  sandboxDenseOff: DenseOptimisation[];
  /** Build the first lesson once before listening (WARM_START, on unless "0"), so the first learner waits no longer than the next. */
  warmStart: boolean;
  /** A tool result larger than this (JSON bytes) is refused with a clear message. */
  maxResultBytes: number;
  /** Console output one call, one test or one load keeps (LOG_CALL_KB); the rest is cut with a marker saying how much. */
  logCallBytes: number;
  /** Console output a session keeps over all its calls (LOG_SESSION_KB); the oldest goes first. */
  logSessionBytes: number;
  /** A test run's report (names, failures, diffs, logs) is cut to this many bytes of JSON (TEST_REPORT_KB). */
  maxReportBytes: number;
  /** Outside clients' traffic kept per session for the Wire tab (TRAFFIC_KB), and for all sessions together (TRAFFIC_TOTAL_MB). */
  trafficBytes: number;
  trafficTotalBytes: number;
  /** An outside client that sent nothing and held no stream this long shows as disconnected (OUTSIDE_QUIET_SECONDS). */
  outsideQuietMs: number;
  /** Running time one test run (or check) may use across its files before the rest is not run. */
  runBudgetMs: number;
  /** Running time one session's VMs may use per second together (CPU_BUDGET_MS_PER_SECOND); past it its steps wait. */
  cpuMsPerSecond: number;
  /** The clock that budget refills by: the host's unless a test moves time itself. */
  cpuClock?: CpuClock;
  /** A session used within this long is never evicted while idle ones exist. */
  sessionActiveMs: number;
  /** PGlite's data folder, used when no databaseUrl is set. */
  dataDir: string;
  /** A PostgreSQL server for rooms (and everything else the playground keeps) instead of PGlite. */
  databaseUrl?: string;
  /** Open the database while the server starts (DATABASE_AT_START, default on), so the first room does not wait for it. */
  openDatabaseAtStart: boolean;
  /** The address learners type (PUBLIC_URL): the join link, QR code and projector use it instead of the teacher's own. */
  publicUrl?: string;
  /** Learners in a room at once (ROOM_MAX_LEARNERS); those who left or were removed do not count. */
  roomMaxLearners: number;
  /** How long an ended room's results stay readable with the teacher key (ROOM_RESULTS_DAYS), then are deleted. */
  roomResultsMs: number;
  /** The stuck mark: trying one item this long without passing (ROOM_STUCK_TRYING_MINUTES), or idle this long (ROOM_STUCK_IDLE_MINUTES). */
  roomStuckTryingMs: number;
  roomStuckIdleMs: number;
  /** Caps on a teacher's challenge: one file (CHALLENGE_FILE_KB), files in all (CHALLENGE_FILES), text and hints (CHALLENGE_TEXT_KB). */
  challengeLimits: ChallengeLimits;
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

function publicUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^https?:\/\/[^/\s]+\/?$/i.test(raw)) throw new Error(`PUBLIC_URL is an origin such as https://playground.example.org, not "${raw}"`);
  return raw.replace(/\/$/, "");
}

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
}

/** Whether SANDBOX_PLAIN selects the plain sandbox (test helpers read it beside their own settings). */
export const sandboxPlainFrom = (env: NodeJS.ProcessEnv = process.env): boolean => env.SANDBOX_PLAIN === "1";

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, memory: MemoryReading = readMemory()): PlaygroundConfig {
  return {
    host: env.HOST || "127.0.0.1",
    port: number(env, "PORT", 5173),
    secret: env.PLAYGROUND_SECRET || undefined,
    requestStateTtlSeconds: number(env, "REQUEST_STATE_TTL_SECONDS", DEFAULT_REQUEST_STATE_TTL_SECONDS),
    outsideWaitMs: number(env, "OUTSIDE_WAIT_SECONDS", DEFAULT_OUTSIDE_WAIT_SECONDS) * 1000,
    sessionIdleMs: number(env, "SESSION_IDLE_MINUTES", 120) * 60_000,
    maxSessions: number(env, "MAX_SESSIONS", 1000),
    workers: number(env, "SANDBOX_WORKERS", 4),
    memoryMB: number(env, "SANDBOX_MEMORY_MB", 64),
    stackBytes: number(env, "SANDBOX_STACK_KB", 512) * 1024,
    callTimeoutMs: number(env, "CALL_TIMEOUT_MS", 1000),
    loadTimeoutMs: number(env, "LOAD_TIMEOUT_MS", 2000),
    testTimeoutMs: number(env, "TEST_TIMEOUT_MS", 2000),
    maxBodyBytes: number(env, "MAX_BODY_KB", 1024) * 1024,
    persistSessions: env.SESSIONS_IN_DATABASE ? env.SESSIONS_IN_DATABASE === "1" : !!env.DATABASE_URL,
    instance: env.INSTANCE_NAME || undefined,
    drainMs: number(env, "DRAIN_SECONDS", 20) * 1000,
    allowedHosts: list(env.ALLOWED_HOSTS),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    rateLimits: {
      requests: { name: "requests", perMinute: number(env, "RATE_REQUESTS_PER_MINUTE", 12_000), burst: number(env, "RATE_REQUESTS_BURST", 5000) },
      sessions: { name: "new sessions", perMinute: number(env, "RATE_SESSIONS_PER_MINUTE", 300), burst: number(env, "RATE_SESSIONS_BURST", 500) },
      runs: { name: "test runs and checks", perMinute: number(env, "RATE_RUNS_PER_MINUTE", 1200), burst: number(env, "RATE_RUNS_BURST", 1000) },
      // A room behind one NAT joins about 40 people in a minute; a script joining a thousand a second is stopped.
      rooms: { name: "new rooms", perMinute: number(env, "RATE_ROOMS_PER_MINUTE", 30), burst: number(env, "RATE_ROOMS_BURST", 10) },
      joins: { name: "joins", perMinute: number(env, "RATE_JOINS_PER_MINUTE", 1200), burst: number(env, "RATE_JOINS_BURST", 60) },
      // Charged only for a room code that does not exist: a learner mistyping costs one, a script guessing codes is stopped.
      roomLookups: {
        name: "unknown room codes",
        perMinute: number(env, "RATE_ROOM_LOOKUPS_PER_MINUTE", 60),
        burst: number(env, "RATE_ROOM_LOOKUPS_BURST", 30),
      },
    },
    // A room of 300 behind one NAT holds a room page and a Wire tab each (600); three such clients never fill the server.
    liveStreams: { total: number(env, "LIVE_STREAMS", 2000), perClient: number(env, "LIVE_STREAMS_PER_CLIENT", 700) },
    // A room of 300 behind one NAT with a spare session each for a reload; under MAX_SESSIONS, so others keep room.
    sessionsPerClient: number(env, "SESSIONS_PER_CLIENT", 400),
    // A learner runs one thing at a time; eight lets a few share an address outside a room without waiting.
    runsPerClient: number(env, "RUNS_PER_CLIENT", 8),
    sessionActiveMs: number(env, "SESSION_ACTIVE_MINUTES", 5) * 60_000,
    runBudgetMs: number(env, "RUN_BUDGET_SECONDS", 60) * 1000,
    // A quarter of one worker per session: a learner's calls take milliseconds, an endless one waits its turn.
    cpuMsPerSecond: number(env, "CPU_BUDGET_MS_PER_SECOND", 250),
    maxResultBytes: number(env, "MAX_RESULT_KB", 1024) * 1024,
    logCallBytes: number(env, "LOG_CALL_KB", 64) * 1024,
    logSessionBytes: number(env, "LOG_SESSION_KB", DEFAULT_LOG_SESSION_KB) * 1024,
    maxReportBytes: number(env, "TEST_REPORT_KB", 512) * 1024,
    // A quarter of the memory this process may use (its container's limit when it has one, otherwise the machine's):
    // the rest is left for the caches, requests in flight and Node itself (the ceiling in docs/security.md).
    sandboxTotalMB: number(env, "SANDBOX_TOTAL_MB", Math.floor(usableMemory(memory) / 2 ** 20 / 4)),
    trafficBytes: number(env, "TRAFFIC_KB", 512) * 1024,
    trafficTotalBytes: number(env, "TRAFFIC_TOTAL_MB", 64) * 1024 * 1024,
    outsideQuietMs: number(env, "OUTSIDE_QUIET_SECONDS", DEFAULT_OUTSIDE_QUIET_SECONDS) * 1000,
    loadCacheMB: number(env, "SANDBOX_LOAD_CACHE_MB", 32),
    sandboxPlain: sandboxPlainFrom(env),
    sandboxDenseOff: list(env.SANDBOX_DENSE_OFF).map((name) => {
      if (!(DENSE_OPTIMISATIONS as readonly string[]).includes(name))
        throw new Error(`SANDBOX_DENSE_OFF names the optimisations ${DENSE_OPTIMISATIONS.join(", ")}, not "${name}"`);
      return name as DenseOptimisation;
    }),
    warmStart: env.WARM_START !== "0",
    embedOrigins: list(env.EMBED_ORIGINS).map((o) => {
      // Goes into a CSP header: only a bare origin may pass.
      if (!/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o)) throw new Error(`EMBED_ORIGINS holds origins like https://slides.example.org, not "${o}"`);
      return o;
    }),
    dataDir: env.DATA_DIR || "./data",
    databaseUrl: env.DATABASE_URL || undefined,
    openDatabaseAtStart: env.DATABASE_AT_START !== "0",
    publicUrl: publicUrl(env.PUBLIC_URL),
    roomMaxLearners: number(env, "ROOM_MAX_LEARNERS", 1000),
    roomResultsMs: number(env, "ROOM_RESULTS_DAYS", 7) * 86_400_000,
    roomStuckTryingMs: number(env, "ROOM_STUCK_TRYING_MINUTES", 10) * 60_000,
    roomStuckIdleMs: number(env, "ROOM_STUCK_IDLE_MINUTES", 5) * 60_000,
    // A shipped challenge's largest file is under 8 KB and it has fewer than 20 files in all, its text under 4 KB.
    challengeLimits: {
      fileBytes: number(env, "CHALLENGE_FILE_KB", 64) * 1024,
      files: number(env, "CHALLENGE_FILES", 60),
      textBytes: number(env, "CHALLENGE_TEXT_KB", 32) * 1024,
    },
  };
}
