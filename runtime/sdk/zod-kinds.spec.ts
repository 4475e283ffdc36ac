// The FrontMCP runtime makes a boolean form while it is evaluated (zod-kinds.ts), so the methods zod installs on a
// schema class with its first instance are in the worker's snapshot, not made again in every VM.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { CompileFlags, QuickJS } from "quickjs-wasi";
import { expect, test } from "vitest";
import { runtimeBundle } from "../../server/sandbox/runtime-bundle";

const require = createRequire(import.meta.url);

/** What a project's module logs while it loads, in a VM with the runtime evaluated from bytecode as the worker does. */
async function loadLogs(moduleBody: string): Promise<string[]> {
  const wasm = await WebAssembly.compile(await readFile(require.resolve("quickjs-wasi/quickjs.wasm")));
  const qjs = await QuickJS.create({ wasm, memoryLimit: 64 * 2 ** 20 });
  const compiler = await QuickJS.create({ wasm });
  try {
    qjs.setProp(
      qjs.global,
      "__questionDigest",
      qjs.newFunction("__questionDigest", () => qjs.newString("digest")),
    );
    qjs.evalBytecode(compiler.compile(await runtimeBundle(), "runtime.js", 0, CompileFlags.STRIP_SOURCE)).dispose();
    qjs.executePendingJobs();
    qjs.evalCode(`__playground.define("probe.ts", function (module, exports, require) { const { z } = require("zod"); ${moduleBody} });`, "probe.ts").dispose();
    const request = JSON.stringify({ role: "server", files: ["probe.ts"], lineMaps: {} });
    const reply = JSON.parse(qjs.evalCode(`__playground.load(${JSON.stringify(request)})`, "spec.js").consume((h) => h.toString()));
    return reply.logs;
  } finally {
    compiler.dispose();
    qjs.dispose();
  }
}

test("a VM has zod's boolean methods before its code makes a boolean, and its forms convert as ever", async () => {
  const logs = await loadLogs(`
    console.log(Object.hasOwn(z.ZodBoolean.prototype, "optional"), Object.hasOwn(z.ZodBoolean.prototype, "describe"));
    const form = z.object({ confirm: z.boolean().describe("Tick to close the ticket") });
    console.log(JSON.stringify(z.toJSONSchema(form, { io: "input" })));
    console.log(form.safeParse({ confirm: "yes" }).success, form.safeParse({ confirm: true }).success);
  `);
  expect(logs).toEqual([
    "true true",
    JSON.stringify({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { confirm: { type: "boolean", description: "Tick to close the ticket" } },
      required: ["confirm"],
    }),
    "false true",
  ]);
});
