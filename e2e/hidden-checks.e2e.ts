// Challenge checks stay on the server: nothing under checks/ ends up in the built page or is served by it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { baseUrl } from "./support/base-url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const base = baseUrl();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Lines that only the hidden material has: hints, and code lines of checks and solutions that starters lack. */
function secrets(): string[] {
  const starters = new Set(
    filesUnder(join(ROOT, "lessons")).flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .map((l) => l.trim()),
    ),
  );
  const found = new Set<string>();
  for (const file of filesUnder(join(ROOT, "checks"))) {
    const text = readFileSync(file, "utf8");
    if (file.endsWith("hints.json")) for (const hint of Object.values(JSON.parse(text) as Record<string, string>)) found.add(hint);
    if (file.endsWith(".ts")) for (const line of text.split("\n").map((l) => l.trim())) if (line.length > 40 && !starters.has(line)) found.add(line);
  }
  return [...found];
}

test("the built page holds no hint, check or solution line", () => {
  const hidden = secrets();
  expect(hidden.length).toBeGreaterThan(50);
  const bundle = filesUnder(join(ROOT, "dist"))
    .filter((f) => /\.(js|html|css|json)$/.test(f))
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  expect(hidden.filter((line) => bundle.includes(line))).toEqual([]);
});

test("no path under /checks or the lesson API reaches the hidden files", async () => {
  for (const path of [
    "/checks/c1-confirm-before-deleting/hints.json",
    "/checks/c1-confirm-before-deleting/checks.test.ts",
    "/api/lessons/..%2F..%2Fchecks",
    "/api/challenges/c1-confirm-before-deleting",
  ]) {
    const text = await (await fetch(base + path)).text();
    for (const line of secrets().slice(0, 200)) expect(text).not.toContain(line);
  }
});
