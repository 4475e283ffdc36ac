import { defineConfig } from "vitest/config";

// Our own tests are *.spec.ts; *.test.ts files are learner tests that run inside the sandbox.
export default defineConfig({
  test: {
    include: [
      "server/**/*.spec.ts",
      "src/**/*.spec.{ts,tsx}",
      "contract/**/*.spec.ts",
      "scripts/**/*.spec.ts",
      "runtime/**/*.spec.ts",
      "lessons/**/*.spec.ts",
      "checks/**/*.spec.ts",
      "bench/**/*.spec.ts",
      "deploy/**/*.spec.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
