import { defineConfig } from "vitest/config";

// `npm run test:cluster` (the cluster tier of scripts/test-tiers.mjs): the cluster tests, one file, run alone.
export default defineConfig({
  test: {
    include: ["deploy/cluster/*.cluster.ts"],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
  },
});
