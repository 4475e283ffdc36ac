import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { e2eWorkers } from "./support/workers";

// Browser end-to-end tests: the real backend (scripts/start.mjs) and Debian's chromium.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: "forks",
    // E2E_WORKERS files at a time, each worker with a backend and a chromium of its own (support/global-setup.ts):
    // one file's walk waits on the page and the server often enough that a second one fills a 2-core machine.
    maxWorkers: e2eWorkers(),
  },
});
