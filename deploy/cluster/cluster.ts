// A real cluster on loopback for `npm run test:cluster`: Debian's PostgreSQL, playground instances as separate
// processes (`server/main.ts`, as in production), and Debian's nginx running deploy/nginx/playground.conf with its
// upstream list pointed at them. Everything lives in temporary folders and is removed by `stop()`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain .mjs test script without types
import { startPostgres } from "../../scripts/postgres-server.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const NGINX = "/usr/sbin/nginx";
export const SECRET = "cluster-test-secret-shared-by-every-instance";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, ok: () => Promise<boolean>, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms:\n${log()}`);
}

export type Instance = { name: string; port: number; url: string; pid: number; alive(): boolean; kill(): Promise<void> };

export async function startInstance(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "./scripts/register-ts.mjs", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      INSTANCE_NAME: name,
      DATABASE_URL: databaseUrl,
      PLAYGROUND_SECRET: SECRET,
      TRUST_PROXY: "1",
      SANDBOX_WORKERS: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `instance ${name}`,
    async () => child.exitCode === null && (await fetch(`${url}/readyz`)).ok,
    () => log,
  );
  return {
    name,
    port,
    url,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The shipped nginx config with its upstream servers replaced by `instances` and listening on a loopback port. */
export function nginxConfig(instances: Instance[], port: number): string {
  const shipped = readFileSync(join(ROOT, "deploy/nginx/playground.conf"), "utf8");
  const servers = instances.map((i) => `  server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join("\n");
  const withServers = shipped.replace(/(?:^\s*server playground-\d+:8080[^\n]*\n)+/m, `${servers}\n`);
  if (withServers === shipped) throw new Error("deploy/nginx/playground.conf no longer has the upstream lines this test replaces");
  return withServers.replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

export type Nginx = { url: string; stop(): Promise<void> };

export async function startNginx(instances: Instance[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "playground-nginx-"));
  // nginx's workers drop to `nobody` when started as root: they must be able to write their temp files here.
  chmodSync(dir, 0o777);
  const port = await freePort();
  writeFileSync(join(dir, "playground.conf"), nginxConfig(instances, port));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${k}_temp_path ${join(dir, k)};`).join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;\nworker_processes 1;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")} warn;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n${temp}\n  include ${join(dir, "playground.conf")};\n}\n`,
  );
  const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the config:\n${check.stderr}`);
  const child = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr!.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    "nginx",
    async () => (await fetch(`${url}/nginx-healthz`)).ok,
    () => log + readLog(dir),
  );
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, "error.log"), "utf8");
  } catch {
    return "";
  }
}

export type Postgres = { url: string; stop(): void };

export const startDatabase = (): Promise<Postgres> => startPostgres();
