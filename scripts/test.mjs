// `npm test`: the gates (the type check, lint), then the default tiers of tests (scripts/test-tiers.mjs); `--ci`:
// the gates and every tier .ci/run runs; `node scripts/test.mjs TIER ...` (npm run test:soak and the like): those
// tiers alone. Each tier gets what it needs around it (a throwaway PostgreSQL server, chromium and the built page,
// nginx). The last line is the count of tests over all tiers.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSpa } from "./build-spa.mjs";
import { ensureDebianPackage } from "./debian-package.mjs";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePostgres, startPostgres } from "./postgres-server.mjs";
import { CI_TIERS, DEFAULT_TIERS, TIERS } from "./test-tiers.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = `${root}test-results`;
mkdirSync(results, { recursive: true });

const named = process.argv.slice(2);
const ci = named.includes("--ci");
const tiers = ci ? CI_TIERS : named.length ? named : DEFAULT_TIERS;
for (const tier of tiers) if (!TIERS[tier]) throw new Error(`No test tier "${tier}": the tiers are ${Object.keys(TIERS).join(", ")}`);

/** What a tier needs before its run: each returns the environment it adds and how to stop what it started. */
const NEEDS = {
  async postgres() {
    const postgres = await startPostgres();
    return { env: { DATABASE_URL: postgres.url }, stop: () => postgres.stop() };
  },
  async browser() {
    ensureChromium();
    await buildSpa();
    return { env: {}, stop() {} };
  },
  async cluster() {
    ensureDebianPackage("nginx", () => (existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : undefined), "of the cluster");
    ensurePostgres();
    return { env: {}, stop() {} };
  },
};

function vitest(label, args, report, env) {
  console.log(`\n— ${label} —`);
  rmSync(report, { force: true });
  const run = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args],
    { cwd: root, stdio: "inherit", env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : process.env.FORCE_COLOR, ...env } },
  );
  const summary = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
  // A run that failed without a failed test (a suite that crashed while loading) still counts as one failure.
  const failed = summary.numFailedTests || (run.status === 0 ? 0 : 1);
  return { ok: run.status === 0, passed: summary.numPassedTests, failed, skipped: summary.numPendingTests };
}

// The gates run first and stop the run: a type or boundary error is cheaper to read than the test failures it causes.
for (const gate of ci || !named.length ? ["typecheck", "lint"] : []) {
  console.log(`\n— npm run ${gate} —`);
  const run = spawnSync("npm", ["run", "--silent", gate], { cwd: root, stdio: "inherit" });
  if (run.status !== 0) {
    console.log(`\n0 passed, 1 failed, 0 skipped (npm run ${gate} failed)`);
    process.exit(1);
  }
}

const runs = [];
for (const tier of tiers) {
  const { label, args, needs, env = {} } = TIERS[tier];
  const started = Date.now();
  const around = needs ? await NEEDS[needs]() : { env: {}, stop() {} };
  try {
    runs.push(vitest(label, args, `${results}/${tier}.json`, { ...env, ...around.env }));
  } finally {
    around.stop();
  }
  const last = runs.at(-1);
  console.log(`${tier}: ${last.passed} passed, ${last.failed} failed, ${last.skipped} skipped in ${Math.round((Date.now() - started) / 1000)} s`);
}
const total = runs.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(runs.every((r) => r.ok) ? 0 : 1);
