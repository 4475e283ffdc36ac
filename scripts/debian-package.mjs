// Test scripts install what they need from Debian when it is missing (as root, with apt), or stop with one clear line.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure `pkg` is installed: `found()` returns what the caller needs from it (a path), or undefined when missing.
 * `purpose` ends the sentences printed ("for the browser tests").
 */
export function ensureDebianPackage(pkg, found, purpose) {
  const already = found();
  if (already) return already;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get")) {
    console.error(`${pkg} is missing: install Debian's package with "sudo apt-get install ${pkg}", then run the tests ${purpose} again.`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${pkg} ${purpose} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env });
  } catch {
    console.error(`Installing ${pkg} with apt-get failed; install it by hand with "apt-get install ${pkg}", then run the tests ${purpose} again.`);
    process.exit(1);
  }
  const installed = found();
  if (!installed) {
    console.error(`${pkg} was installed but what the tests ${purpose} need from it was not found.`);
    process.exit(1);
  }
  return installed;
}
