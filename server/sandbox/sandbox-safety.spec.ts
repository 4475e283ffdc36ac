// Hostile learner code: loops, memory bombs, deep recursion and escape attempts fail alone; others keep answering.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";

let pg: Playground;
// The bombs (and the deep nesting) get a long time limit of their own, so the limit under test (memory, the stack)
// stops them however loaded the machine is, not the clock.
let roomy: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 2, callTimeoutMs: 500, memoryMB: 32 });
  roomy = await startTestPlayground({ workers: 1, callTimeoutMs: 60_000, memoryMB: 32 });
});
afterAll(() => Promise.all([pg.close(), roomy.close()]));

const tool = (name: string, body: string) => `import { Tool, ToolContext, z } from "@frontmcp/sdk";
@Tool({ name: "${name}", inputSchema: {} })
export class T_${name} extends ToolContext {
  async execute() {
${body}
  }
}
`;

const HOSTILE = {
  "loop.tool.ts": tool("loop", "    while (true) {}"),
  "loop_after_await.tool.ts": tool("loop_after_await", "    await Promise.resolve();\n    for (;;) {}"),
  "array_bomb.tool.ts": tool("array_bomb", "    const a: string[] = [];\n    for (;;) a.push('x'.repeat(1000) + a.length);"),
  "map_bomb.tool.ts": tool("map_bomb", "    const m = new Map();\n    for (let i = 0; ; i++) m.set('k' + i, { i });"),
  "buffer_bomb.tool.ts": tool("buffer_bomb", "    const keep: ArrayBuffer[] = [];\n    for (;;) keep.push(new ArrayBuffer(1 << 20));"),
  "huge_buffer.tool.ts": tool("huge_buffer", "    return { size: new ArrayBuffer(2 ** 30).byteLength };"),
  "recursion.tool.ts": tool("recursion", "    const f = (n: number): number => f(n + 1) + 1;\n    return f(0);"),
  "never_settles.tool.ts": tool("never_settles", "    await new Promise(() => {});"),
  "escapes.tool.ts": tool(
    "escapes",
    `    const probe = (f: () => unknown) => { try { const v = f(); return v === undefined ? "undefined" : typeof v; } catch (e) { return "threw"; } };
    return {
      process: probe(() => (globalThis as any).process),
      require: probe(() => (globalThis as any).require),
      fetch: probe(() => (globalThis as any).fetch),
      setTimeout: probe(() => (globalThis as any).setTimeout),
      ctorProcess: probe(() => (globalThis as any).constructor.constructor("return process")()),
      fnProcess: probe(() => (function () {}).constructor("return typeof process === 'undefined' ? undefined : process")()),
      std: probe(() => (globalThis as any).std ?? (globalThis as any).os),
      host: probe(() => (globalThis as any).__host?.("{}")),
      digest: probe(() => (globalThis as any).__questionDigest),
      wasi: probe(() => (globalThis as any).WebAssembly),
    };`,
  ),
};

async function call(mcpUrl: string, name: string, id = 1) {
  return (await rawModern(mcpUrl, id, "tools/call", { name, arguments: {} })).body;
}

describe("limits", () => {
  test.each([
    ["loop", "TIMEOUT", /longer than 500 ms/, () => pg],
    ["loop_after_await", "TIMEOUT", /longer than 500 ms/, () => pg],
    ["array_bomb", "OUT_OF_MEMORY", /more than 32 MB/, () => roomy],
    ["map_bomb", "OUT_OF_MEMORY", /more than 32 MB/, () => roomy],
    ["buffer_bomb", "OUT_OF_MEMORY", /more than 32 MB/, () => roomy],
    // One allocation over the limit, refused at once: no interrupt poll sees it, only the engine's uncatchable error.
    ["huge_buffer", "OUT_OF_MEMORY", /more than 32 MB/, () => pg],
    ["recursion", "TOOL_EXECUTION_ERROR", /call stack|stack/i, () => pg],
    ["never_settles", "TOOL_EXECUTION_ERROR", /never finishes/, () => pg],
  ])("%s fails that call with a clear message, and the session still works", async (name, code, message, playground) => {
    const s = await createSession(playground(), helpDesk(HOSTILE));
    const r = await call(s.mcpUrl, name);
    expect(r.result.isError).toBe(true);
    expect(r.result._meta.code).toBe(code);
    expect(r.result.content[0].text).toMatch(message);
    const after = await rawModern(s.mcpUrl, 2, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } });
    expect(after.body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
  });

  test("no host capability is reachable from learner code", async () => {
    const s = await createSession(pg, helpDesk(HOSTILE));
    const r = await call(s.mcpUrl, "escapes");
    // __host exists only for the test runner's fixture: called from a tool it rejects with no effect.
    expect(r.result.structuredContent).toEqual({
      process: "undefined",
      require: "undefined",
      fetch: "undefined",
      setTimeout: "undefined",
      ctorProcess: "threw",
      fnProcess: "undefined",
      std: "undefined",
      host: "undefined",
      digest: "undefined",
      wasi: "undefined",
    });
  });

  test("a runaway session does not stop the others: bystanders answer while loops and bombs run", async () => {
    const hostile = await Promise.all([0, 1, 2, 3].map(() => createSession(pg, helpDesk(HOSTILE))));
    const bystander = await createSession(pg, helpDesk());
    const attacks = hostile.map((s, i) => call(s.mcpUrl, i % 2 ? "map_bomb" : "loop", 10 + i));
    const answered: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 6; i++) {
      const r = await rawModern(bystander.mcpUrl, 100 + i, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "bo" } });
      expect(r.body.result.structuredContent).toEqual({ id: "T-1", agent: "bo" });
      answered.push(Date.now() - started);
    }
    const outcomes = await Promise.all(attacks);
    for (const o of outcomes) expect(o.result.isError).toBe(true);
    // Measured, not asserted against a clock: printed for the record.
    console.log(`bystander answers at ${answered.join(", ")} ms while 4 sessions looped or bombed`);
    const lessons = await api(pg, "GET", "/api/lessons");
    expect(lessons.status).toBe(200);
  });
});

// QuickJS stops code with an uncatchable InternalError: "interrupted" at its deadline, "out of memory" at its memory
// limit. Learner code may throw an Error with exactly that text: only what the host recorded makes a failure a limit.
// (Until the worker removed QuickJS's InternalError, learner code could build that very error, and it was reported
// as a timeout or as out of memory.)
describe("the learner's own error that reads like a limit", () => {
  const TEXTS = ["interrupted", "out of memory"];
  const throwing = (name: string, text: string) => tool(name, `    throw new Error(${JSON.stringify(text)});`);

  test.each(TEXTS)("a tool that throws Error(%j) fails with its own error, not a limit", async (text) => {
    const s = await createSession(pg, helpDesk({ "says.tool.ts": throwing("says", text) }));
    const r = await call(s.mcpUrl, "says");
    expect(r.result._meta.code).toBe("TOOL_EXECUTION_ERROR");
    expect(r.result.content[0].text).toContain(text);
    expect(r.result.content[0].text).not.toMatch(/longer than|more than 32 MB/);
  });

  test.each(TEXTS)("a file that throws Error(%j) as it loads is refused with that error at its line, not a limit", async (text) => {
    const res = await api(pg, "POST", "/api/sessions", { files: helpDesk({ "boom.ts": `throw new Error(${JSON.stringify(text)});\n` }) });
    // Reported as the learner's error at its own line, as any thrown error at load is.
    expect(res.json.diagnostics).toEqual([{ file: "boom.ts", line: 1, column: 1, message: text }]);
  });

  test("a stop is told by what stopped that call: a timeout, then an allocation refused, in one session", async () => {
    const s = await createSession(pg, helpDesk(HOSTILE));
    expect((await call(s.mcpUrl, "loop", 1)).result._meta.code).toBe("TIMEOUT");
    expect((await call(s.mcpUrl, "huge_buffer", 2)).result._meta.code).toBe("OUT_OF_MEMORY");
    expect((await call(s.mcpUrl, "loop", 3)).result._meta.code).toBe("TIMEOUT");
  });

  test("learner code has no InternalError, QuickJS's constructor of errors no catch can stop", async () => {
    const s = await createSession(pg, helpDesk({ "probe.tool.ts": tool("probe", "    return { type: typeof (globalThis as any).InternalError };") }));
    expect((await call(s.mcpUrl, "probe")).result.structuredContent).toEqual({ type: "undefined" });
  });
});

// A built-in that recurses natively (JSON.stringify of a deeply nested value) can exhaust the worker thread's own
// stack before QuickJS's stack check sees it: the engine stops in the middle of its C code, no catch in the guest
// runs, and the VM is left half-way (its shadow stack and the partial result never freed). That VM is not the
// learner's to keep using: the call says the sandbox was reset, and the next call gets a fresh VM of the same build.
describe("native recursion past the worker's stack", () => {
  const FILES = {
    "bump.tool.ts": tool("bump", "    return { bumps: ++bumps };").replace("@Tool", "let bumps = 0;\n@Tool"),
    "nest.tool.ts": tool(
      "nest",
      "    let o: any = {};\n    for (let i = 0; i < 200000; i++) o = { a: o };\n    try {\n      return { length: JSON.stringify(o).length };\n    } catch (e) {\n      return { caught: String(e) };\n    }",
    ),
  };

  test("fails that call as a reset sandbox, and the session goes on in a fresh VM", async () => {
    // The long time limit: building and walking 200,000 levels takes over a second on a loaded machine, and the
    // watchdog (500 ms + its grace) would then end the call first, with its own message.
    const s = await createSession(roomy, helpDesk(FILES));
    const bumps = async (id: number) => (await call(s.mcpUrl, "bump", id)).result.structuredContent.bumps;
    expect(await bumps(1)).toBe(1);
    expect(await bumps(2)).toBe(2);
    const r = await call(s.mcpUrl, "nest", 3);
    expect(r.result.isError).toBe(true);
    expect(r.result.content[0].text).toMatch(/reset/);
    // Module state starts over: the VM that stopped half-way is gone, not patched up.
    expect(await bumps(4)).toBe(1);
    const after = await rawModern(s.mcpUrl, 5, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } });
    expect(after.body.result.structuredContent).toEqual({ id: "T-1", agent: "ana" });
  });
});
