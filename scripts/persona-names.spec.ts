// One persona vocabulary: every name a lesson, the Call tab, the `mcp` fixture, its learner-facing types or a test
// file uses for a kind of client is a key of contract/personas.ts, and the picker's older ids ("2026-forms") are read
// in one place only, where a stored choice comes in. A second set of names coming back fails here.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { PERSONA_NAMES, PERSONAS } from "../contract/personas";
import { FixtureClients } from "../runtime/testing/mcp-fixture";
import { personas } from "../src/server-bridge/personas";

const root = fileURLToPath(new URL("..", import.meta.url));
const names = Object.keys(PERSONAS).sort();
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  // This file names the older ids on purpose, to refuse them.
  .filter((f) => f && !f.endsWith("package-lock.json") && f !== "scripts/persona-names.spec.ts");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const quoted = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((m) => m[1]);

describe("one persona table", () => {
  test("the table's list of names is its keys", () => {
    expect([...PERSONA_NAMES].sort()).toEqual(names);
  });

  test("the Call tab's picker offers exactly the table's clients", () => {
    expect(personas.map((p) => p.name).sort()).toEqual(names);
  });

  test("every lesson's meta.json names a client of the table", () => {
    const metas = tracked.filter((f) => /^lessons\/[^/]+\/meta\.json$/.test(f));
    expect(metas.length).toBeGreaterThan(20);
    for (const file of metas) expect(names, file).toContain(JSON.parse(read(file)).persona);
  });

  test("the fixture opens every client of the table and refuses any other name", () => {
    const clients = new FixtureClients(
      async () => ({}),
      (() => {
        let id = 0;
        return () => ++id;
      })(),
    );
    // The misbehaving client is opened with the rule it breaks, and refused without one.
    for (const name of names) expect(clients.open(name as never, name === "misbehaving" ? { breaks: "state-edited" } : undefined).persona).toBe(name);
    expect(() => clients.open("misbehaving")).toThrow(/needs the rule it breaks/);
    expect(() => clients.open("2026-forms" as never)).toThrow(`use one of ${PERSONA_NAMES.join(", ")}`);
  });

  test("the learner-facing Persona type (frontmcp-testing.d.ts) is the table's names", () => {
    const declared = /export type Persona = ([^;]+);/.exec(read("runtime/types/frontmcp-testing.d.ts"))?.[1];
    expect(quoted(/"([^"]+)"/g, declared ?? "").sort()).toEqual(names);
  });

  test("every mcp.as(...) in lessons, checks, lesson text and docs names a client of the table", () => {
    const used = new Set<string>();
    for (const file of tracked.filter((f) => /\.(ts|tsx|md)$/.test(f) && !f.startsWith("node_modules/")))
      for (const name of quoted(/\.as\(\s*["'`]([^"'`]+)["'`]\s*\)/g, read(file))) {
        used.add(name);
        expect(names, `${file}: mcp.as("${name}")`).toContain(name);
      }
    // The lessons use most of them; an empty set would mean the pattern no longer finds anything.
    expect(used.size).toBeGreaterThanOrEqual(3);
  });

  test("the picker's older ids appear only where a stored choice is read", () => {
    const olderId = /\b20(25|26)-(forms|none)\b/;
    const where = tracked.filter((f) => /\.(ts|tsx|mjs|js|json|md)$/.test(f) && olderId.test(read(f)));
    expect(where.sort()).toEqual(["src/tabs/call/stored-persona.spec.ts", "src/tabs/call/stored-persona.ts"]);
  });
});
