// The playground as a benchmark child: `startPlayground` on a free loopback port, told to the parent over IPC.
// Run with `node --import ./scripts/register-ts.mjs bench/servers/playground.ts`; settings come from the environment.
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { startPlayground } from "../../server/app";
import { configFromEnv } from "../../server/config";

// The threads startPlayground starts, and any it starts later, are its sandbox workers (libuv's pool is started
// first, by a file read), so a benchmark can tell their CPU from the main thread's (bench/sandbox-cpu.mjs).
await readFile(new URL(import.meta.url));
const startThreads = readdirSync("/proc/self/task").map(Number);
const playground = await startPlayground({ ...configFromEnv(), host: "127.0.0.1", port: 0 });

process.on("message", async (m: { type: string }) => {
  if (m.type === "stats") {
    const sandbox = await playground.pool.stats();
    process.send!({ type: "stats", sessions: playground.registry.size, sandbox, memory: process.memoryUsage() });
  }
  if (m.type === "stop") {
    await playground.close();
    // A plain exit, so --cpu-prof writes its profile.
    process.exit(0);
  }
});
process.send!({ type: "ready", url: playground.url, startThreads });
