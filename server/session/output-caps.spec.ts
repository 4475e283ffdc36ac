// Console output and test reports have byte caps, driven to them against a real server process: one call's console
// output (LOG_CALL_KB), what a session keeps over its calls (LOG_SESSION_KB), and a test run's report
// (TEST_REPORT_KB). Each cut says how much it cut; sizes are printed.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConsoleTail } from "../../contract/api";
import { startServerProcess, type ServerProcess } from "../testing/server-process";
import { modernRequest } from "../mcp/modern-request";

const CALL_KB = 8;
const SESSION_KB = 32;
const REPORT_KB = 64;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ LOG_CALL_KB: String(CALL_KB), LOG_SESSION_KB: String(SESSION_KB), TEST_REPORT_KB: String(REPORT_KB) });
});
afterAll(() => server?.stop());

const tool = (name: string, body: string) =>
  `import { Tool, ToolContext, z } from "@frontmcp/sdk";\n@Tool({ name: "${name}", inputSchema: { n: z.number() } })\nexport class T extends ToolContext { async execute(input: { n: number }) { ${body} } }\n`;

async function post(path: string, body: unknown) {
  const r = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as any, bytes: Number(r.headers.get("content-length") ?? 0) };
}
async function consoleOf(id: string) {
  return ConsoleTail.parse(await (await fetch(`${server.url}/api/sessions/${id}/console`)).json());
}
async function call(mcpUrl: string, id: number, name: string, n: number) {
  const r = await fetch(modernRequest(mcpUrl, { id, method: "tools/call", params: { name, arguments: { n } } }, { capabilities: {}, clientName: "caps-test" }));
  return (await r.json()) as any;
}
const bytes = (lines: string[]) => Buffer.byteLength(lines.join("\n"));

test("one call's console output stops at LOG_CALL_KB, and the marker says how much more there was", async () => {
  // 100,000 two-byte characters: 200,000 bytes in one line, then 500 more lines.
  const s = (
    await post("/api/sessions", {
      files: {
        "talk.tool.ts": tool("talk", 'console.log("é".repeat(100_000)); for (let i = 0; i < 500; i++) console.log("line " + i); return { n: input.n };'),
      },
    })
  ).json;
  expect((await call(s.mcpUrl, 1, "talk", 1)).result.structuredContent).toEqual({ n: 1 });
  const { lines } = await consoleOf(s.id);
  const kept = lines.slice(0, -1);
  console.log(`one call logged about 200 KB; kept ${bytes(kept)} bytes; marker: ${lines.at(-1)}`);
  expect(bytes(kept)).toBeLessThanOrEqual(CALL_KB * 1024);
  expect(bytes(kept)).toBeGreaterThan(CALL_KB * 1024 - 4);
  // 200,000 + 500 short lines written, 8 KB kept: about 198 KB cut.
  expect(lines.at(-1)).toMatch(/^… console output cut: 19\d KB more not shown \(the limit is 8 KB or 200 lines per call or test\)$/);
});

test("a session keeps the last LOG_SESSION_KB of its calls' console output, and says how much earlier output went", async () => {
  const s = (
    await post("/api/sessions", { files: { "talk.tool.ts": tool("talk", 'console.log(`call ${input.n} ` + "x".repeat(4000)); return { n: input.n };') } })
  ).json;
  for (let i = 1; i <= 40; i++) expect((await call(s.mcpUrl, i, "talk", i)).result.structuredContent).toEqual({ n: i });
  const tail = await consoleOf(s.id);
  const kept = tail.lines.slice(1);
  console.log(`40 calls logged about 160 KB; the session keeps ${bytes(kept)} bytes; ${tail.lines[0]}`);
  expect(bytes(kept)).toBeLessThanOrEqual(SESSION_KB * 1024);
  expect(tail.lines[0]).toMatch(/^… console output cut: 1\d\d KB of earlier output not kept \(the limit is 32 KB per session\)$/);
  // The newest output is what stays.
  expect(kept.at(-1)).toMatch(/^call 40 x+$/);
  expect(kept[0]).not.toMatch(/^call 1 /);
});

test("an official-SDK session's console output has the same caps", async () => {
  const files = {
    "server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "talker", version: "1.0.0" });
server.registerTool("talk", {}, async () => { console.error("x".repeat(50_000)); return { content: [{ type: "text", text: "ok" }] }; });
await server.connect(new StdioServerTransport());
`,
  };
  const s = (await post("/api/sessions", { files })).json;
  for (let i = 1; i <= 6; i++) expect((await call(s.mcpUrl, i, "talk", i)).result.content[0].text).toBe("ok");
  const tail = await consoleOf(s.id);
  console.log(`6 official-SDK calls logged 300 KB; kept ${bytes(tail.lines)} bytes; first line: ${tail.lines[0].slice(0, 100)}`);
  expect(bytes(tail.lines)).toBeLessThanOrEqual(SESSION_KB * 1024 + 200);
  expect(tail.droppedBytes).toBeGreaterThan(0);
  expect(tail.lines.some((l) => /^… console output cut: \d+ KB more not shown \(the limit is 8 KB/.test(l))).toBe(true);
});

test("a test run's report stops at TEST_REPORT_KB: long texts shortened, tests left out, the counts whole", async () => {
  const tests = `import { expect, test } from "@frontmcp/testing";
for (let i = 0; i < 400; i++) test("case " + i + " " + "n".repeat(300), () => undefined);
test("huge failure", () => { console.log("y".repeat(20_000)); expect({ text: "a".repeat(300_000) }).toEqual({ text: "b".repeat(300_000) }); });
`;
  const s = (await post("/api/sessions", { files: { "talk.tool.ts": tool("talk", "return { n: input.n };"), "many.test.ts": tests } })).json;
  const r = await fetch(`${server.url}/api/sessions/${s.id}/tests`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const text = await r.text();
  const run = JSON.parse(text);
  console.log(
    `report: ${Buffer.byteLength(text)} bytes sent, ${run.cut.bytes} bytes cut, ${run.cut.testsLeftOut} tests not listed, ${run.tests.length} listed`,
  );
  expect(r.status).toBe(200);
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(REPORT_KB * 1024);
  expect([run.passed, run.failed]).toEqual([400, 1]);
  expect(run.cut).toMatchObject({ limitBytes: REPORT_KB * 1024 });
  expect(run.cut.testsLeftOut).toBeGreaterThan(0);
  // The failed test is kept (passed ones go first), its texts shortened with a note, its console output cut in the sandbox.
  const failed = run.tests.find((t: { status: string }) => t.status === "failed");
  expect(failed.name).toBe("huge failure");
  expect(failed.error.expected).toMatch(/… \(\d+ KB more cut to fit the report\)$/);
  expect(failed.logs.at(-1)).toMatch(/^… console output cut: 12 KB more not shown/);
});
