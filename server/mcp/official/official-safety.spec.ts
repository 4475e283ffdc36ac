// The hostile tools of server/sandbox/sandbox-safety.spec.ts, written on the official SDK 1.x: loops and bombs stop
// alone, escapes find nothing, a hostile top level refuses the build, and other sessions keep answering. The bombs
// grow in 64 KB steps so they reach the cap well inside the time limit even on a loaded machine.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../app";
import { api, createSession, startTestPlayground, v1Client } from "../../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 2, callTimeoutMs: 500, memoryMB: 32 });
});
afterAll(() => pg?.close());

const server = (tools: Record<string, string>, topLevel = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "hostile", version: "1.0.0" });
let calls = 0;
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: "call " + ++calls }] }));
${Object.entries(tools)
  .map(([name, body]) => `server.registerTool("${name}", {}, async (): Promise<any> => {\n${body}\n});`)
  .join("\n")}
${topLevel}
await server.connect(new StdioServerTransport());
`;

const HOSTILE = {
  loop: "  while (true) {}",
  loop_after_await: "  await Promise.resolve();\n  for (;;) {}",
  array_bomb: "  const a: string[] = [];\n  for (;;) a.push('x'.repeat(65536) + a.length);",
  map_bomb: "  const m = new Map();\n  for (let i = 0; ; i++) m.set('k' + i, 'v'.repeat(65536) + i);",
  buffer_bomb: "  const keep: ArrayBuffer[] = [];\n  for (;;) keep.push(new ArrayBuffer(1 << 20));",
  recursion: "  const f = (n: number): number => f(n + 1) + 1;\n  return f(0);",
  never_settles: "  await new Promise(() => {});",
  timer_loop: "  setTimeout(() => { for (;;) {} }, 0);\n  return { content: [{ type: 'text', text: 'scheduled' }] };",
  escapes: `  const probe = (f: () => unknown) => { try { const v = f(); return v === undefined ? "undefined" : typeof v; } catch (e) { return "threw"; } };
  const found = {
    process: probe(() => (globalThis as any).process),
    require: probe(() => (globalThis as any).require),
    fetch: probe(() => (globalThis as any).fetch),
    ctorProcess: probe(() => (globalThis as any).constructor.constructor("return process")()),
    fnProcess: probe(() => (function () {}).constructor("return typeof process === 'undefined' ? undefined : process")()),
    std: probe(() => (globalThis as any).std ?? (globalThis as any).os),
    host: probe(() => (globalThis as any).__host?.("{}")),
    wasi: probe(() => (globalThis as any).WebAssembly),
    nodeImport: await import(["node", "fs"].join(":")).then(() => "imported", () => "refused"),
  };
  return { content: [{ type: "text", text: JSON.stringify(found) }] };`,
};

const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0].text;

async function callOnce(mcpUrl: string, name: string) {
  const client = await v1Client(mcpUrl, {});
  try {
    return (await client.callTool({ name, arguments: {} }, undefined, { timeout: 3000 })) as { isError?: boolean; _meta?: { code?: string } };
  } finally {
    await client.close();
  }
}

describe("limits on an official-SDK server", () => {
  test.each([
    ["loop", "TIMEOUT", /longer than 500 ms/],
    ["loop_after_await", "TIMEOUT", /longer than 500 ms/],
    ["array_bomb", "OUT_OF_MEMORY", /more than 32 MB/],
    ["map_bomb", "OUT_OF_MEMORY", /more than 32 MB/],
    ["buffer_bomb", "OUT_OF_MEMORY", /more than 32 MB/],
  ])("%s fails that call with a clear message, and the server still works", async (name, code, message) => {
    const s = await createSession(pg, { "src/server.ts": server(HOSTILE) });
    const client = await v1Client(s.mcpUrl, {});
    const r = (await client.callTool({ name, arguments: {} })) as { isError?: boolean; _meta?: { code?: string } };
    expect(r.isError).toBe(true);
    expect(r._meta?.code).toBe(code);
    expect(text(r)).toMatch(message);
    expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    await client.close();
  });

  test("deep recursion is the SDK's own tool error; a promise that never settles leaves the call to the client's timeout", async () => {
    const s = await createSession(pg, { "src/server.ts": server(HOSTILE) });
    const client = await v1Client(s.mcpUrl, {});
    const deep = (await client.callTool({ name: "recursion", arguments: {} })) as { isError?: boolean };
    expect(deep.isError).toBe(true);
    expect(text(deep)).toMatch(/stack/i);
    await expect(client.callTool({ name: "never_settles", arguments: {} }, undefined, { timeout: 300 })).rejects.toThrow(/timed out/i);
    // A loop in a timer is stopped like any other step, with no call to fail.
    expect(text(await client.callTool({ name: "timer_loop", arguments: {} }))).toBe("scheduled");
    expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    await client.close();
  });

  test("no host capability is reachable from an official-SDK server", async () => {
    const s = await createSession(pg, { "src/server.ts": server(HOSTILE) });
    const r = await callOnce(s.mcpUrl, "escapes");
    expect(JSON.parse(text(r))).toEqual({
      process: "undefined",
      require: "undefined",
      fetch: "undefined",
      ctorProcess: "threw",
      fnProcess: "undefined",
      std: "undefined",
      host: "undefined",
      wasi: "undefined",
      nodeImport: "refused",
    });
  });

  test("a hostile top level refuses the build with a clear message", async () => {
    for (const [topLevel, message] of [
      ["for (;;) {}", /Starting the server failed: its top level did not finish \(an endless loop/],
      ["await new Promise(() => {});", /Starting the server failed: its top level did not finish/],
      [
        "const keep: ArrayBuffer[] = []; for (;;) keep.push(new ArrayBuffer(1 << 20));",
        /Starting the server failed: its top level did not finish \(.*more than 32 MB of memory/,
      ],
      ['throw new Error("no config");', /no config/],
    ] as const) {
      const res = await api(pg, "POST", "/api/sessions", { files: { "src/server.ts": server({}, topLevel) } });
      expect(res.status, res.text).toBe(422);
      expect(res.json.diagnostics[0].message, topLevel).toMatch(message);
    }
  });

  test("a top level that throws is refused with its error class and its own line, as a FrontMCP load is", async () => {
    const res = await api(pg, "POST", "/api/sessions", { files: { "src/server.ts": server({}, 'throw new TypeError("no config");') } });
    expect(res.status, res.text).toBe(422);
    // Line 7: the throw, below the six lines `server()` writes first.
    expect(res.json.diagnostics).toEqual([{ file: "src/server.ts", line: 7, column: 1, message: "TypeError: no config" }]);
  });

  test("a runaway official-SDK session does not stop the others", async () => {
    const hostile = await Promise.all([0, 1, 2, 3].map(() => createSession(pg, { "src/server.ts": server(HOSTILE) })));
    const bystander = await createSession(pg, { "src/server.ts": server({}) });
    const attacks = hostile.map((s, i) => callOnce(s.mcpUrl, i % 2 ? "map_bomb" : "loop"));
    const client = await v1Client(bystander.mcpUrl, {});
    for (let i = 1; i <= 6; i++) expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe(`call ${i}`);
    for (const outcome of await Promise.all(attacks)) expect(outcome.isError).toBe(true);
    await client.close();
  });
});
