// `npm run lint`: Biome (lint rules and the format), the layers' import boundary (layer-imports.mjs) and knip (unused
// files, exports, dependencies). Every tool runs even when one before it fails, so one run reports everything.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const tools = [
  [bin("biome"), ["check", "--error-on-warnings", "."]],
  [process.execPath, [fileURLToPath(new URL("layer-imports.mjs", import.meta.url))]],
  [bin("knip"), ["--no-config-hints"]],
];
let failed = false;
for (const [command, args] of tools) failed = spawnSync(command, args, { cwd: root, stdio: "inherit" }).status !== 0 || failed;
process.exit(failed ? 1 : 0);
