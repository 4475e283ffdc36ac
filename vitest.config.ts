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
  },
});
