// The official-SDK bundles warm the SDK with a throwaway server of their own before the worker snapshots them: the
// warm-up must complete on both SDKs, and leave nothing a learner's server would see (no connected stdio transport,
// nothing written, logged or timed).
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { QuickJS } from "quickjs-wasi";
import { describe, expect, test } from "vitest";
import { officialRuntimeBundle } from "../../server/sandbox/official-bundles";

const require = createRequire(import.meta.url);

async function evaluated(kind: "sdk1" | "sdk2"): Promise<QuickJS> {
  const wasm = await WebAssembly.compile(await readFile(require.resolve("quickjs-wasi/quickjs.wasm")));
  const qjs = await QuickJS.create({ wasm, memoryLimit: 64 * 2 ** 20 });
  qjs.evalCode(await officialRuntimeBundle(kind), "runtime.js").dispose();
  // As the worker does before it takes the snapshot.
  qjs.executePendingJobs();
  return qjs;
}

const text = (qjs: QuickJS, code: string) => qjs.evalCode(code, "spec.js").consume((h) => h.toString());

describe.each(["sdk1", "sdk2"] as const)("the %s bundle's warm-up", (kind) => {
  test("leaves Date as learner code knows it, though the runtime watches its clock reads", async () => {
    const qjs = await evaluated(kind);
    try {
      const facts =
        "[new Date(0) instanceof Date, new Date(0).constructor === Date, Date.prototype.constructor === Date, typeof Date.now(), new Date(86400000).toISOString(), typeof Date()]";
      expect(JSON.parse(text(qjs, `JSON.stringify(${facts})`))).toEqual([true, true, true, "number", "1970-01-02T00:00:00.000Z", "string"]);
    } finally {
      qjs.dispose();
    }
  });

  test("a schema made after it (the learner's) parses without compiling a parser, and parses as ever", async () => {
    const qjs = await evaluated(kind);
    try {
      // zod compiles its fast parser with `new Function`: counted by a Function put where learner code could put one.
      const probe = `(() => {
        const { z } = __officialModules.zod;
        let compiled = 0;
        const Original = Function;
        globalThis.Function = new Proxy(Original, { construct(target, args) { compiled++; return Reflect.construct(target, args); } });
        try {
          const input = z.object({ id: z.string(), count: z.number().int().optional() });
          const parsed = [input.safeParse({ id: "T-1", count: 2 }), input.safeParse({ id: "T-2" }), input.safeParse({ id: 3 })];
          return JSON.stringify({ compiled, parsed: parsed.map((p) => (p.success ? p.data : p.error.issues.map((i) => i.path.join(".") + ": " + i.code))) });
        } finally {
          globalThis.Function = Original;
        }
      })()`;
      expect(JSON.parse(text(qjs, probe))).toEqual({ compiled: 0, parsed: [{ id: "T-1", count: 2 }, { id: "T-2" }, ["id: invalid_type"]] });
    } finally {
      qjs.dispose();
    }
  });

  test("serves its elicitation round to completion, then leaves the bridge as a fresh process has it", async () => {
    const qjs = await evaluated(kind);
    try {
      expect(text(qjs, "globalThis.__officialWarmUp")).toBe("ok");
      // A start with no entry files reports what is left from before it: no transport the warm-up connected, and
      // nothing it wrote, logged or timed.
      text(qjs, "__playground.load(JSON.stringify({ entries: [], lineMaps: {} }))");
      const pending = qjs.evalCode("__playground.start()", "spec.js");
      qjs.executePendingJobs();
      const outcome = await qjs.resolvePromise(pending);
      pending.dispose();
      if (!("value" in outcome)) throw new Error("start failed");
      const report = JSON.parse(outcome.value.consume((h) => h.toString()));
      expect(report).toEqual({
        outbox: [],
        timers: [],
        logs: [],
        ok: false,
        error: { message: expect.stringContaining("never connected a transport") },
      });
    } finally {
      qjs.dispose();
    }
  });
});
