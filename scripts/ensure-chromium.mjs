// The browser tests drive Debian's chromium. Install it when missing (as root, with apt), or stop with one clear line.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) {
    console.error(`Chromium is missing at ${CHROMIUM}: install Debian's package with "sudo apt-get install chromium" (or set CHROMIUM_PATH), then run npm test again.`);
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  } catch {
    console.error('Installing chromium with apt-get failed; install it by hand with "apt-get install chromium", then run npm test again.');
    process.exit(1);
  }
}
