// Builds the SPA into dist/ when its sources are newer than the last build (or when asked with --force).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["src", "public", "index.html", "vite.config.ts", "scripts/editor-declarations.ts", "runtime/types", "package-lock.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function spaIsStale() {
  const built = join(root, "dist", "index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newest(join(root, source)) > builtAt);
}

export async function buildSpa({ force = false } = {}) {
  if (!force && !spaIsStale()) return false;
  const { build } = await import("vite");
  console.log("Building the playground's page…");
  await build({ root, logLevel: "warn" });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildSpa({ force: process.argv.includes("--force") });
