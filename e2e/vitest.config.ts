import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser end-to-end tests: the real backend (scripts/start.mjs) and Debian's chromium.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: "forks",
    // One backend and one chromium at a time keeps the machine calm and the timings honest.
    fileParallelism: false,
  },
});
