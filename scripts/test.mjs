// `npm test`: the gates (type checks per layer, lint), then every test: unit and integration (vitest), the sandbox,
// session and test-run suites again on the plain sandbox, the database and room suites again on a real PostgreSQL
// server, then the browser end-to-end tests in headless chromium.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSpa } from "./build-spa.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { startPostgres } from "./postgres-server.mjs";
import { POSTGRES_SUITES } from "./test-postgres.mjs";
import { plainArgs } from "./test-plain.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = `${root}test-results`;
mkdirSync(results, { recursive: true });

function vitest(label, args, report, env = {}) {
  console.log(`\n— ${label} —`);
  const run = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : process.env.FORCE_COLOR, ...env },
    },
  );
  const summary = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  // A run that failed without a failed test (a suite that crashed while loading) still counts as one failure.
  const failed = summary.numFailedTests || (run.status === 0 ? 0 : 1);
  return { ok: run.status === 0, passed: summary.numPassedTests, failed, skipped: summary.numPendingTests };
}

// The gates run first and stop the run: a type or boundary error is cheaper to read than the test failures it causes.
for (const gate of ["typecheck", "lint"]) {
  console.log(`\n— npm run ${gate} —`);
  const run = spawnSync("npm", ["run", "--silent", gate], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.log(`\n0 passed, 1 failed, 0 skipped (npm run ${gate} failed)`);
    process.exit(1);
  }
}

const runs = [vitest("unit and integration tests", [], `${results}/vitest.json`)];
runs.push(vitest("sandbox, session and test-run tests on the plain sandbox", plainArgs(), `${results}/plain.json`, { SANDBOX_PLAIN: "1" }));
const postgres = await startPostgres();
try {
  runs.push(vitest("database and room tests on PostgreSQL", POSTGRES_SUITES, `${results}/postgres.json`, { DATABASE_URL: postgres.url }));
} finally {
  postgres.stop();
}
if (existsSync(`${root}e2e/vitest.config.ts`)) {
  ensureChromium();
  await buildSpa();
  runs.push(vitest("browser end-to-end tests", ["--config", "e2e/vitest.config.ts"], `${results}/e2e.json`));
}
const total = runs.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
