// `npm start`: builds the page if it is stale, then serves the playground (HOST and PORT override 127.0.0.1:5173).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildSpa } from "./build-spa.mjs";
import { SERVER_ENV } from "./server-env.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!process.argv.includes("--no-build")) await buildSpa();
const server = spawn(process.execPath, ["--import", "./scripts/register-ts.mjs", "server/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
