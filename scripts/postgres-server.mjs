// A throwaway PostgreSQL server for tests: Debian's postgresql (installed when missing, as root with apt),
// a fresh cluster in a temporary folder, listening on 127.0.0.1 only, removed again by stop().
// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { ensureDebianPackage } from "./debian-package.mjs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function binDir() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], "bin") : undefined;
}

/** Installs Debian's postgresql when missing; returns its bin folder, or exits with one clear line. */
export function ensurePostgres() {
  return ensureDebianPackage("postgresql", binDir, "on PostgreSQL");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a fresh cluster; resolves to { url, stop }. */
export async function startPostgres() {
  const bin = ensurePostgres();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "playground-pg-"));
  const data = join(dir, "data");
  if (root) {
    chmodSync(dir, 0o700);
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  }
  const as = (cmd, args) => {
    const run = root
      ? spawnSync("runuser", ["-u", "postgres", "--", join(bin, cmd), ...args], { encoding: "utf8" })
      : spawnSync(join(bin, cmd), args, { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`${cmd} failed: ${run.stderr || run.stdout}`);
  };
  const port = await freePort();
  as("initdb", ["-D", data, "-U", "playground", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  as("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-o", options, "-w", "start"]);
  const url = `postgres://playground@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        as("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
