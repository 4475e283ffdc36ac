// Settings, from the environment with defaults; every limit a teacher might tune lives here.

export type PlaygroundConfig = {
  host: string;
  port: number;
  /** Shares requestState keys between processes; a random key per process when unset. */
  secret?: string;
  requestStateTtlSeconds: number;
  sessionIdleMs: number;
  maxSessions: number;
  workers: number;
  memoryMB: number;
  stackBytes: number;
  callTimeoutMs: number;
  loadTimeoutMs: number;
  testTimeoutMs: number;
  maxBodyBytes: number;
  /** Extra Host names accepted besides loopback ones (a room's LAN address, say). */
  allowedHosts: string[];
  /** PGlite's data folder, used when no databaseUrl is set. */
  dataDir: string;
  /** A PostgreSQL server for rooms (and everything else the playground keeps) instead of PGlite. */
  databaseUrl?: string;
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlaygroundConfig {
  return {
    host: env.HOST || "127.0.0.1",
    port: number(env, "PORT", 5173),
    secret: env.PLAYGROUND_SECRET || undefined,
    requestStateTtlSeconds: number(env, "REQUEST_STATE_TTL_SECONDS", 600),
    sessionIdleMs: number(env, "SESSION_IDLE_MINUTES", 120) * 60_000,
    maxSessions: number(env, "MAX_SESSIONS", 1000),
    workers: number(env, "SANDBOX_WORKERS", 4),
    memoryMB: number(env, "SANDBOX_MEMORY_MB", 64),
    stackBytes: number(env, "SANDBOX_STACK_KB", 512) * 1024,
    callTimeoutMs: number(env, "CALL_TIMEOUT_MS", 1000),
    loadTimeoutMs: number(env, "LOAD_TIMEOUT_MS", 2000),
    testTimeoutMs: number(env, "TEST_TIMEOUT_MS", 2000),
    maxBodyBytes: number(env, "MAX_BODY_KB", 1024) * 1024,
    allowedHosts: (env.ALLOWED_HOSTS ?? "").split(",").map((h) => h.trim()).filter(Boolean),
    dataDir: env.DATA_DIR || "./data",
    databaseUrl: env.DATABASE_URL || undefined,
  };
}
