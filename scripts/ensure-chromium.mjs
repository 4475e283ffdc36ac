// The browser tests drive Debian's chromium. Install it when missing (as root, with apt), or stop with one clear line.
import { existsSync } from "node:fs";
import { ensureDebianPackage } from "./debian-package.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  ensureDebianPackage("chromium", () => (existsSync(CHROMIUM) ? CHROMIUM : undefined), "in the browser (or set CHROMIUM_PATH)");
}
