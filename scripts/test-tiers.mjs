// Where every test runs, defined once. A new spec goes to the default tier by its folder (UNIT_INCLUDE) unless it
// is a soak (SOAK_SPECS); `npm test` runs DEFAULT_TIERS, `.ci/run` runs CI_TIERS, and nothing that runs nowhere
// is a test. The red team is its own command (`npm run redteam`), run before a release rather than on every change.

/** Our own tests are *.spec.ts; *.test.ts files are learner tests that run inside the sandbox. */
export const UNIT_INCLUDE = [
  "server/**/*.spec.ts",
  "src/**/*.spec.{ts,tsx}",
  "contract/**/*.spec.ts",
  "scripts/**/*.spec.ts",
  "runtime/**/*.spec.ts",
  "lessons/**/*.spec.ts",
  "checks/**/*.spec.ts",
  "bench/**/*.spec.ts",
  "deploy/**/*.spec.ts",
];

/** Long runs that drive a real server to its memory caps: `npm run test:soak`, and `.ci/run`. */
export const SOAK_SPECS = ["server/sandbox/rss-ceiling.spec.ts"];

/** The database and room suites, run again on a real PostgreSQL server (DATABASE_URL) in the postgres tier. */
export const POSTGRES_SUITES = ["server/db", "server/rooms", "server/authoring", "server/session/persistence.spec.ts"];

/**
 * The suites run a second time on the plain sandbox (SANDBOX_PLAIN=1, server/sandbox/plain-keeper.ts): every
 * behaviour of sessions, test runs and the sandbox must hold without the dense sandbox's optimisations too. Left out:
 * the specs of the dense sandbox's own parts, which never read SANDBOX_PLAIN.
 */
const PLAIN_SUITES = ["server/sandbox", "server/session", "server/test-runs"];
const PLAIN_EXCLUDED = [
  "server/sandbox/byte-copy.spec.ts",
  "server/sandbox/page-delta.spec.ts",
  "server/sandbox/spare-instances.spec.ts",
  "server/sandbox/question-digest.spec.ts",
  "server/sandbox/entry-points.spec.ts",
  "server/sandbox/quickjs-internals.spec.ts",
];

/**
 * Each tier: a vitest run (its config and arguments) and what it needs around it. `needs` is a service started
 * before the run (scripts/test.mjs knows each): postgres, chromium and the built page, nginx with postgres.
 */
export const TIERS = {
  unit: { label: "unit and integration tests", args: [] },
  plain: {
    label: "sandbox, session and test-run tests on the plain sandbox",
    args: [...PLAIN_SUITES, ...PLAIN_EXCLUDED.flatMap((file) => ["--exclude", file])],
    env: { SANDBOX_PLAIN: "1" },
  },
  postgres: { label: "database and room tests on PostgreSQL", args: POSTGRES_SUITES, needs: "postgres" },
  browser: { label: "browser end-to-end tests in headless chromium", args: ["--config", "e2e/vitest.config.ts"], needs: "browser" },
  soak: { label: "soak tests", args: [], env: { TEST_TIER: "soak" } },
  cluster: { label: "cluster tests behind nginx", args: ["--config", "deploy/cluster/vitest.config.ts"], needs: "cluster" },
};

export const DEFAULT_TIERS = ["unit", "plain", "postgres", "browser"];
export const CI_TIERS = ["unit", "plain", "postgres", "browser", "soak", "cluster"];
