// The sandbox prints values as vitest does, with vitest's own libraries bundled into the runtime: the same failing
// assertions and console calls run inside the real sandbox (a learner's test file, run by the playground) and here,
// through vitest's `expect` and Node's console formatting, and the outputs are compared character for character.
// Where the runtime differs on purpose, the case is listed with the reason and the runtime's text is pinned.
// Also prints what the bundled libraries cost the runtime.
import { readFileSync } from "node:fs";
import { format as nodeFormat, stripVTControlCharacters } from "node:util";
import { gzipSync } from "node:zlib";
import { stringify } from "@vitest/utils/display";
import { processError } from "@vitest/utils/error";
import { QuickJS } from "quickjs-wasi";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { runtimeBundle } from "../sandbox/runtime-bundle";
import { api, createSession, startTestPlayground } from "../testing/harness";

/**
 * Failing assertions whose diffs vitest shows; each is written once and run on both sides. vitest also shows a
 * "diff" of two numbers (`- 2`, `+ 1`) and of a class against the thrown error (toThrow(RangeError)); the runtime
 * shows those as Jest does, in labelled lines (MESSAGE_CASES below), and diffs only what has lines to compare.
 */
const DIFF_CASES: Record<string, string> = {
  "a changed field and a changed item in a nested array": `expect({ id: "T-1", status: "open", tags: ["a", "b"] }).toEqual({ id: "T-1", status: "closed", tags: ["a", "c"] })`,
  "multi-line strings": `expect("one\\ntwo\\nthree").toEqual("one\\n2\\nthree")`,
  "an array of tickets with one added": `expect([{ id: "T-1" }, { id: "T-2" }, { id: "T-3" }]).toEqual([{ id: "T-1" }, { id: "T-3" }])`,
  "nested objects, keys in another order, numbers, booleans, null": `expect({ b: { y: 2, x: 1 }, a: [true, null], n: 1.5 }).toEqual({ a: [false, null], b: { x: 1, y: 3 }, n: 1.5 })`,
  "Map, Set and Date": `expect({ m: new Map([["a", 1]]), s: new Set([1, 2]), at: new Date(0) }).toEqual({ m: new Map([["a", 2]]), s: new Set([1, 3]), at: new Date(1000) })`,
  "a long object where most lines are unchanged": `expect(Object.fromEntries(Array.from({ length: 30 }, (_, i) => ["k" + String(i).padStart(2, "0"), i]))).toEqual(Object.fromEntries(Array.from({ length: 30 }, (_, i) => ["k" + String(i).padStart(2, "0"), i === 15 ? -1 : i])))`,
  "an asymmetric matcher that matched, beside a field that did not": `expect({ id: 7, status: "open" }).toEqual({ id: expect.any(Number), status: "closed" })`,
  "asymmetric matchers that did not match print as vitest's": `expect({ a: "abc", b: [1], c: { k: 1 }, d: "x" }).toEqual({ a: expect.stringMatching(/z/), b: expect.arrayContaining([2]), c: expect.objectContaining({ k: 2 }), d: expect.stringContaining("y") })`,
  "toMatchObject shows only the asked-for properties": `expect({ id: "T-2", closed: true, reason: "ok" }).toMatchObject({ id: "T-2", closed: false })`,
  "undefined properties and empty containers": `expect({ a: undefined, list: [], o: {} }).toEqual({ a: 1, list: [1], o: { k: "v" } })`,
  "toContainEqual shows the item and the array": `expect([{ a: 1 }]).toContainEqual({ a: 2 })`,
};

/**
 * One failing assertion per matcher kind, with the message the runtime prints: Jest's layout (the matcher hint, then
 * labelled lines), where vitest prints a chai sentence (`expected 1 to be 2 // Object.is equality`) over the same
 * values. The headline is Jest's on purpose: it names the matcher and the argument roles as the learner wrote them,
 * and it reads the same for the playground's MCP matchers, which vitest does not have.
 */
const MESSAGE_CASES: Record<string, { source: string; message: string }> = {
  toBe: { source: `expect(1).toBe(2)`, message: "expect(received).toBe(expected) // Object.is equality\n\nExpected: 2\nReceived: 1" },
  "toBe on strings": {
    source: `expect("open").toBe("closed")`,
    message: 'expect(received).toBe(expected) // Object.is equality\n\nExpected: "closed"\nReceived: "open"',
  },
  "toBe on equal objects": {
    source: `expect({ a: 1 }).toBe({ a: 1 })`,
    message:
      'expect(received).toBe(expected) // Object.is equality\n\nExpected: {"a": 1}\nReceived: serializes to the same string\n\nIf it should pass with deep equality, replace "toBe" with "toStrictEqual"\n\nCompared values have no visual difference.',
  },
  toEqual: {
    source: `expect({ id: "T-1", n: 1 }).toEqual({ id: "T-2", n: 1 })`,
    message: 'expect(received).toEqual(expected) // deep equality\n\n- Expected\n+ Received\n\n  {\n-   "id": "T-2",\n+   "id": "T-1",\n    "n": 1,\n  }',
  },
  toStrictEqual: {
    source: `expect({ a: 1 }).toStrictEqual({ a: 1, b: undefined })`,
    message: 'expect(received).toStrictEqual(expected) // deep equality\n\n- Expected\n+ Received\n\n  {\n    "a": 1,\n-   "b": undefined,\n  }',
  },
  "toContain on an array": { source: `expect([1, 2]).toContain(3)`, message: "expect(received).toContain(expected)\n\nExpected item: 3\nReceived: [1, 2]" },
  "toContain on a string": { source: `expect("hello").toContain("x")`, message: 'expect(received).toContain(expected)\n\nExpected: "x"\nReceived: "hello"' },
  toMatchObject: {
    source: `expect({ a: 1, b: 2 }).toMatchObject({ a: 2 })`,
    message: 'expect(received).toMatchObject(expected)\n\n- Expected\n+ Received\n\n  {\n-   "a": 2,\n+   "a": 1,\n  }',
  },
  "toThrow with a message": {
    source: `expect(() => { throw new Error("boom"); }).toThrow("bang")`,
    message: 'expect(received).toThrow(expected)\n\nExpected message to contain: "bang"\nThrown: [Error: boom]',
  },
  "toThrow with a pattern": {
    source: `expect(() => { throw new Error("boom"); }).toThrow(/bang/)`,
    message: "expect(received).toThrow(expected)\n\nExpected message to match: /bang/\nThrown: [Error: boom]",
  },
  "toThrow with a class": {
    source: `expect(() => { throw new TypeError("boom"); }).toThrow(RangeError)`,
    message: "expect(received).toThrow(expected)\n\nExpected error class: RangeError\nThrown: [TypeError: boom]",
  },
  "toThrow when nothing is thrown": { source: `expect(() => {}).toThrow()`, message: "expect(received).toThrow()\n\nReceived function did not throw" },
  toHaveLength: {
    source: `expect([1, 2]).toHaveLength(3)`,
    message: "expect(received).toHaveLength(expected)\n\nExpected length: 3\nReceived length: 2\nReceived: [1, 2]",
  },
  toBeCloseTo: {
    source: `expect(0.1 + 0.2).toBeCloseTo(0.5)`,
    message: "expect(received).toBeCloseTo(expected)\n\nExpected: 0.5 (within 0.005)\nReceived: 0.30000000000000004\nDifference: 0.19999999999999996",
  },
  toContainEqual: {
    source: `expect([{ a: 1 }]).toContainEqual({ a: 2 })`,
    message:
      'expect(received).toContainEqual(expected)\n\nExpected item: {"a": 2}\nReceived: [{"a": 1}]\n\n- Expected:\n{\n  "a": 2,\n}\n\n+ Received:\n[\n  {\n    "a": 1,\n  },\n]',
  },
  "expect.stringMatching": {
    source: `expect("abc").toEqual(expect.stringMatching(/x/))`,
    message: 'expect(received).toEqual(expected) // deep equality\n\nExpected: StringMatching /x/\nReceived: "abc"',
  },
  "expect.any and expect.objectContaining": {
    source: `expect({ id: "7", body: { a: 1 } }).toEqual({ id: expect.any(Number), body: expect.objectContaining({ b: 2 }) })`,
    message:
      'expect(received).toEqual(expected) // deep equality\n\n- Expected\n+ Received\n\n  {\n    "body": {\n-     "b": 2,\n+     "a": 1,\n    },\n-   "id": Any<Number>,\n+   "id": "7",\n  }',
  },
  "not.toBe": { source: `expect(3).not.toBe(3)`, message: "expect(received).not.toBe(expected) // Object.is equality\n\nExpected: not 3" },
  "not.toEqual": {
    source: `expect({ a: 1 }).not.toEqual({ a: 1 })`,
    message: 'expect(received).not.toEqual(expected) // deep equality\n\nExpected: not {"a": 1}',
  },
  "not.toContain": { source: `expect([1]).not.toContain(1)`, message: "expect(received).not.toContain(expected)\n\nExpected item: not 1\nReceived: [1]" },
  toBeGreaterThan: { source: `expect(5).toBeGreaterThan(6)`, message: "expect(received).toBeGreaterThan(expected)\n\nExpected: > 6\nReceived: 5" },
  toBeDefined: { source: `expect(undefined).toBeDefined()`, message: "expect(received).toBeDefined()\n\nReceived: undefined" },
  toBeNull: { source: `expect(1).toBeNull()`, message: "expect(received).toBeNull()\n\nReceived: 1" },
  toBeTruthy: { source: `expect(0).toBeTruthy()`, message: "expect(received).toBeTruthy()\n\nReceived: 0" },
  toMatch: { source: `expect("abc").toMatch(/x/)`, message: 'expect(received).toMatch(expected)\n\nExpected pattern: /x/\nReceived string:  "abc"' },
  "toHaveProperty with a value": {
    source: `expect({ a: { b: 1 } }).toHaveProperty("a.b", 2)`,
    message: 'expect(received).toHaveProperty(expected)\n\nExpected path: "a.b"\nExpected value: 2\nReceived value: 1',
  },
  "toHaveProperty missing": {
    source: `expect({ a: 1 }).toHaveProperty("b")`,
    message: 'expect(received).toHaveProperty()\n\nExpected path: "b"\nReceived path: ""\nReceived value: {"a": 1}',
  },
  "a value of every kind": {
    source: `expect({ d: new Date(0), e: new Error("x"), r: /a/g, f: function named() {}, s: Symbol("q"), u: undefined, big: 10n, neg: -0, m: new Map([[1, { k: [1] }]]), set: new Set(["a"]) }).toBe(1)`,
    message:
      'expect(received).toBe(expected) // Object.is equality\n\nExpected: 1\nReceived: {"big": 10n, "d": 1970-01-01T00:00:00.000Z, "e": [Error: x], "f": [Function named], "m": Map {1 => {"k": [1]}}, "neg": -0, "r": /a/g, "s": Symbol(q), "set": Set {"a"}, "u": undefined}',
  },
  "a circular value": {
    source: `const t = { id: "T-1" }; t.self = t; expect(t).toBe(1)`,
    message: 'expect(received).toBe(expected) // Object.is equality\n\nExpected: 1\nReceived: {"id": "T-1", "self": [Circular]}',
  },
  "resolves.toBe": {
    source: `await expect(Promise.resolve(1)).resolves.toBe(2)`,
    message: "expect(received).resolves.toBe(expected) // Object.is equality\n\nExpected: 2\nReceived: 1",
  },
  "rejects on a resolved promise": {
    source: `await expect(Promise.resolve(1)).rejects.toBe(1)`,
    message: "expect(received).rejects.toBe()\n\nReceived promise resolved instead of rejected\nResolved to value: 1",
  },
  "resolves on a rejected promise": {
    source: `await expect(Promise.reject(new Error("x"))).resolves.toBe(1)`,
    message: "expect(received).resolves.toBe()\n\nReceived promise rejected instead of resolved\nRejected with: [Error: x]",
  },
};

/**
 * Cases whose Expected/Received values differ from the ones vitest's error carries, on purpose. Cases not listed
 * either show the same two values as vitest, printed the same, or are ones where vitest shows no values at all,
 * only its sentence (vitest's `showDiff` is false: toContain on an array, toThrow(), toBeCloseTo, toBeGreaterThan,
 * toBeDefined, toHaveProperty without a value, not.toContain).
 */
const OTHER_VALUES: Record<string, string> = {
  "not.toBe": "Expected says `not 3`, as Jest's message does; vitest's error carries 3 and 3 under a sentence that says `not`",
  "not.toEqual": "the same: Expected says `not {…}`",
  toBeNull: "Jest's message shows only what was received; vitest's error also carries null as expected",
  toBeTruthy: "Jest's message shows only what was received; vitest's error also carries true as expected",
  "rejects on a resolved promise": "no matcher ran, so there is no expected value; vitest's error carries an Error named `rejected promise`",
  "resolves on a rejected promise": "Received is the rejection, as Jest shows it; vitest's error carries no values",
};

/** Console calls with the values learners log most, run through the sandbox's console and Node's util.format. */
const CONSOLE_CASES: Record<string, string> = {
  "an object": `{ id: "T-1", open: true }`,
  "an array": `[1, "two", [3]]`,
  "strings and numbers": `"ticket", 3, 2.5`,
  "-0 after a string": `"change", -0`,
  "undefined and null": `undefined, null`,
  "a string then an object": `"closed", { id: "T-1" }`,
  "printf-style placeholders": `"%s has %d items (%j) 100%%", "list", 3.7, { a: 1 }`,
  "%i and an extra argument": `"%i left", 3.7, "extra"`,
  "a date": `new Date(0)`,
  "nested three levels": `{ a: { b: { c: 1 } } }`,
  "an Error": `new Error("boom")`,
  "a Map and a Set": `new Map([["k", 1]]), new Set([1])`,
  "a circular object": `(() => { const t = { id: "T-1" }; t.self = t; return t; })()`,
  "a function": `function closeTicket() {}`,
  "an object too long for one line": `{ id: "T-1", title: "The printer on the third floor is out of paper", status: "open", tags: ["hw", "urgent"] }`,
  "nested four levels": `{ a: { b: { c: { d: 1 } } } }`,
};

/**
 * Where the sandbox's console prints otherwise than Node, and why, with what it prints. It formats with vitest's
 * `format` (Node's util.format rules over loupe's inspect, as vitest prints console output in the browser); the
 * sandbox has no Node util to call.
 */
const OTHER_CONSOLE: Record<string, { why: string; prints: string }> = {
  "-0 after a string": { why: "vitest's format writes a number after the first argument with String(), which drops the sign of -0", prints: "change 0" },
  "an Error": { why: "Node adds the stack, whose frames are the sandbox's own files and lines, not the learner's", prints: "Error: boom" },
  "a Map and a Set": { why: "loupe leaves out the size Node writes after the name", prints: "Map{ 'k' => 1 } Set{ 1 }" },
  "a circular object": { why: "loupe marks the cycle without Node's <ref *1> numbering", prints: "{ id: 'T-1', self: [Circular] }" },
  "a function": { why: "loupe writes no colon after Function", prints: "[Function closeTicket]" },
  "an object too long for one line": {
    why: "loupe keeps one line where Node breaks lines at 80 columns",
    prints: "{ id: 'T-1', title: 'The printer on the third floor is out of paper', status: 'open', tags: [ 'hw', 'urgent' ] }",
  },
  "nested four levels": { why: "loupe's depth counts from the value itself: Node cuts the fourth level to [Object]", prints: "{ a: { b: { c: { d: 1 } } } }" },
};

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

type Outcome = { name: string; error?: { message: string; expected?: string; actual?: string; diff?: string }; logs: string[] };

/** Runs each source as one test of a learner's test file in the sandbox; the outcomes by test name. */
async function inSandbox(sources: Record<string, string>): Promise<Record<string, Outcome>> {
  const tests = Object.entries(sources)
    .map(([name, source]) => `test(${JSON.stringify(name)}, async () => {\n  ${source};\n});`)
    .join("\n");
  const files = { ...(await getLesson("01-acts-without-asking"))!.files, "parity.test.ts": `import { expect, test } from "@frontmcp/testing";\n${tests}\n` };
  const session = await createSession(pg, files);
  const run = await api(pg, "POST", `/api/sessions/${session.id}/tests`, { file: "parity.test.ts" });
  expect(run.status, run.text).toBe(200);
  expect(run.json.tests).toHaveLength(Object.keys(sources).length);
  return Object.fromEntries((run.json.tests as Outcome[]).map((t) => [t.name, t]));
}

/** The error vitest's own `expect` throws for the same assertion. */
async function vitestError(source: string): Promise<Error & { expected?: unknown; actual?: unknown; showDiff?: boolean }> {
  try {
    await new Function("expect", `return (async () => { ${source}; })()`)(expect);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`the assertion passed in vitest: ${source}`);
}

/** What vitest's runner shows under its sentence: its diff of the assertion's values, colours off. */
const vitestDiff = (error: Error) => stripVTControlCharacters(String(processError(error).diff ?? ""));
/** A value as vitest's matcher utils print it on one line (the runtime's Expected/Received values). */
const oneLine = (value: unknown) => stringify(value, undefined, { min: true });

test("the sandbox's failure diffs are vitest's, case by case", async () => {
  const outcomes = await inSandbox(DIFF_CASES);
  for (const [name, source] of Object.entries(DIFF_CASES)) {
    expect({ name, diff: outcomes[name].error?.diff ?? "(no diff)" }).toEqual({ name, diff: vitestDiff(await vitestError(source)) });
  }
}, 60_000);

test("the sandbox's failure messages: Jest's layout, with the values vitest shows, printed as vitest prints them", async () => {
  const outcomes = await inSandbox(Object.fromEntries(Object.entries(MESSAGE_CASES).map(([name, c]) => [name, c.source])));
  let compared = 0;
  for (const [name, { source, message }] of Object.entries(MESSAGE_CASES)) {
    const error = outcomes[name].error;
    expect({ name, message: error?.message }).toEqual({ name, message });
    const theirs = await vitestError(source);
    if (theirs.showDiff === false || name in OTHER_VALUES) continue;
    expect({ name, expected: error?.expected, actual: error?.actual }).toEqual({ name, expected: oneLine(theirs.expected), actual: oneLine(theirs.actual) });
    compared++;
  }
  // Most cases show vitest's own values; the rest are listed above with the reason.
  expect(compared).toBeGreaterThanOrEqual(18);
  for (const name of Object.keys(OTHER_VALUES)) expect(MESSAGE_CASES, name).toHaveProperty([name]);
}, 60_000);

test("the sandbox's console prints as Node does, except where listed", async () => {
  const outcomes = await inSandbox(Object.fromEntries(Object.entries(CONSOLE_CASES).map(([name, args]) => [name, `console.log(${args})`])));
  for (const [name, args] of Object.entries(CONSOLE_CASES)) {
    const node = nodeFormat(...(new Function(`return [${args}];`)() as unknown[]));
    const sandbox = outcomes[name].logs.join("\n");
    const other = OTHER_CONSOLE[name];
    if (other) {
      expect({ name, sandbox }).toEqual({ name, sandbox: other.prints });
      expect({ name, sameAsNode: sandbox === node }).toEqual({ name, sameAsNode: false });
    } else {
      expect({ name, sandbox }).toEqual({ name, sandbox: node });
    }
  }
}, 60_000);

test("what the bundled display libraries cost each VM (printed)", async () => {
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
