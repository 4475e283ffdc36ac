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
    // Two spec files at a time: vitest's default on two cores is one, which leaves a core idle while a spec waits
    // on its server or a timer. Specs sharing one PostgreSQL database (DATABASE_URL) take turns.
    maxWorkers: process.env.DATABASE_URL ? 1 : 2,
  },
});
