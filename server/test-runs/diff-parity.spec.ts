// The runtime's failure diffs are vitest's own: the same failing assertions run through the runtime's `expect` inside
// the real sandbox (a learner's test file, run by the playground) and through vitest's `expect` here, and each diff
// must come out the same, character for character (vitest's with its colours taken off). The headline of a message
// differs on purpose: the runtime says `expect(received).toEqual(expected)` as Jest does, vitest a chai sentence.
// Also prints what the bundled libraries cost the runtime.
import { readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { gzipSync } from "node:zlib";
import { processError } from "@vitest/utils/error";
import { QuickJS } from "quickjs-wasi";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { runtimeBundle } from "../sandbox/runtime-bundle";
import { api, createSession, startTestPlayground } from "../testing/harness";

/** Each case is one failing assertion, written once and run on both sides. */
const CASES: Record<string, string> = {
  "a changed field and a changed item in a nested array": `expect({ id: "T-1", status: "open", tags: ["a", "b"] }).toEqual({ id: "T-1", status: "closed", tags: ["a", "c"] })`,
  "multi-line strings": `expect("one\\ntwo\\nthree").toEqual("one\\n2\\nthree")`,
  "an array of tickets with one added": `expect([{ id: "T-1" }, { id: "T-2" }, { id: "T-3" }]).toEqual([{ id: "T-1" }, { id: "T-3" }])`,
  "nested objects, keys in another order, numbers, booleans, null": `expect({ b: { y: 2, x: 1 }, a: [true, null], n: 1.5 }).toEqual({ a: [false, null], b: { x: 1, y: 3 }, n: 1.5 })`,
  "Map, Set and Date": `expect({ m: new Map([["a", 1]]), s: new Set([1, 2]), at: new Date(0) }).toEqual({ m: new Map([["a", 2]]), s: new Set([1, 3]), at: new Date(1000) })`,
  "a long object where most lines are unchanged": `expect(Object.fromEntries(Array.from({ length: 30 }, (_, i) => ["k" + String(i).padStart(2, "0"), i]))).toEqual(Object.fromEntries(Array.from({ length: 30 }, (_, i) => ["k" + String(i).padStart(2, "0"), i === 15 ? -1 : i])))`,
  "an asymmetric matcher that matched, beside a field that did not": `expect({ id: 7, status: "open" }).toEqual({ id: expect.any(Number), status: "closed" })`,
  "toMatchObject shows only the asked-for properties": `expect({ id: "T-2", closed: true, reason: "ok" }).toMatchObject({ id: "T-2", closed: false })`,
  "undefined properties and empty containers": `expect({ a: undefined, list: [], o: {} }).toEqual({ a: 1, list: [1], o: { k: "v" } })`,
};

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

/** What vitest's runner shows for the failure: its own diff of the assertion's actual and expected values. */
function vitestDiff(source: string): string {
  try {
    new Function("expect", source)(expect);
  } catch (error) {
    return stripVTControlCharacters(String(processError(error).diff ?? ""));
  }
  throw new Error(`the assertion passed in vitest: ${source}`);
}

test("the sandbox's failure diffs are vitest's, case by case", async () => {
  const tests = Object.entries(CASES)
    .map(([name, source]) => `test(${JSON.stringify(name)}, () => {\n  ${source};\n});`)
    .join("\n");
  const files = { ...(await getLesson("01-acts-without-asking"))!.files, "parity.test.ts": `import { expect, test } from "@frontmcp/testing";\n${tests}\n` };
  const session = await createSession(pg, files);
  const run = await api(pg, "POST", `/api/sessions/${session.id}/tests`, { file: "parity.test.ts" });
  expect(run.status, run.text).toBe(200);
  const byName = Object.fromEntries(run.json.tests.map((t: { name: string; error?: { diff?: string } }) => [t.name, t.error?.diff ?? "(no diff)"]));
  for (const [name, source] of Object.entries(CASES)) expect({ name, diff: byName[name] }).toEqual({ name, diff: vitestDiff(source) });
}, 60_000);

test("what the bundled pretty-format and diff cost each VM (printed)", async () => {
  const code = await runtimeBundle();
  const qjs = await QuickJS.create({ wasm: readFileSync(new URL("../../node_modules/quickjs-wasi/quickjs.wasm", import.meta.url)) });
  try {
    const before = qjs.getMemoryUsage().memoryUsedSize;
    qjs.evalCode(code, "runtime.js").dispose();
    const heap = qjs.getMemoryUsage().memoryUsedSize - before;
    console.log(
      `FrontMCP runtime bundle: ${(code.length / 1024).toFixed(1)} KB minified, ${(gzipSync(code).length / 1024).toFixed(1)} KB gzipped; ` +
        `a fresh VM's heap after evaluating it: ${(heap / 1024 / 1024).toFixed(2)} MB`,
    );
    expect(heap).toBeGreaterThan(0);
  } finally {
    qjs.dispose();
  }
});
