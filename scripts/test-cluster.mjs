// `npm run test:cluster`: several playground instances behind Debian's nginx with Debian's PostgreSQL, on loopback
// (deploy/cluster/). Installs nginx and postgresql when missing (as root, with apt), then runs the cluster tests.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ensureDebianPackage } from "./debian-package.mjs";
import { ensurePostgres } from "./postgres-server.mjs";

const NGINX = "/usr/sbin/nginx";
ensureDebianPackage("nginx", () => (existsSync(NGINX) ? NGINX : undefined), "of the cluster");
ensurePostgres();
const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "deploy/cluster/vitest.config.ts", ...process.argv.slice(2)], {
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  stdio: "inherit",
});
process.exit(run.status ?? 1);
