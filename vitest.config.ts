import { configDefaults, defineConfig } from "vitest/config";
import { SOAK_SPECS, UNIT_INCLUDE } from "./scripts/test-tiers.mjs";

// The default tier, or the soak tier with TEST_TIER=soak (scripts/test-tiers.mjs says which test runs where).
const soak = process.env.TEST_TIER === "soak";
export default defineConfig({
  test: {
    include: soak ? SOAK_SPECS : UNIT_INCLUDE,
    exclude: soak ? configDefaults.exclude : [...configDefaults.exclude, ...SOAK_SPECS],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Three spec files at a time on two cores: vitest's default there is one, and many specs spend much of their
    // time waiting on a server, a timer or a child process, which leaves a core idle. Specs sharing one PostgreSQL
    // database (DATABASE_URL) take turns.
    maxWorkers: process.env.DATABASE_URL ? 1 : 3,
  },
});
