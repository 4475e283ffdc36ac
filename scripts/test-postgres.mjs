// `npm run test:postgres`: the database and room suites against a real PostgreSQL server (Debian's postgresql,
// a throwaway cluster on 127.0.0.1) instead of PGlite. Extra arguments go to vitest.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startPostgres } from "./postgres-server.mjs";

export const POSTGRES_SUITES = ["server/db", "server/rooms", "server/session/persistence.spec.ts"];

export async function runAgainstPostgres(vitestArgs = []) {
  const pg = await startPostgres();
  try {
    const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...POSTGRES_SUITES, ...vitestArgs], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: pg.url },
    });
    return run.status ?? 1;
  } finally {
    pg.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await runAgainstPostgres(process.argv.slice(2)));
