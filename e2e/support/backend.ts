// Starts the real playground backend (`node scripts/start.mjs`, which builds the SPA when
// stale) on a free port, and stops it again. Used by the global setup and by the test that
// restarts the backend mid-lesson.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface Backend {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The backend exited (code ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/lessons`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The backend did not answer GET /api/lessons within ${timeoutMs} ms:\n${output()}`);
}

/** A new, empty database folder for a backend. */
export const freshDataDir = () => mkdtempSync(join(tmpdir(), "playground-e2e-data-"));

/** One database folder per test file (rooms), kept across a restart of the backend within it. */
const DATA_DIR = process.env.DATA_DIR ?? freshDataDir();

/** NODE_ENV is forced to production: vitest sets "test", which would make start.mjs build React's development bundle. */
/** `env`: settings of this backend alone, beside the shared ones (a short wait a test would otherwise sit out);
 * `dataDir`: a database folder of its own (else the one of this test file, kept across a restart). */
export async function startBackend(port?: number, opts: { build?: boolean; env?: Record<string, string>; dataDir?: string } = {}): Promise<Backend> {
  const p = port ?? (await freePort());
  const args = ["scripts/start.mjs", ...(opts.build === false ? ["--no-build"] : [])];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, NODE_ENV: "production", PORT: String(p), HOST: "127.0.0.1", DATA_DIR: opts.dataDir ?? DATA_DIR },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${p}`;
  await waitUntilUp(url, child, () => log.slice(-4000), 180_000);
  return {
    url,
    port: p,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5000);
      }),
  };
}
