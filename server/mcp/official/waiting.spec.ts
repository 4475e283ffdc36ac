// How a 2025-11-25 question waits on the official SDK: the wait is not CPU time, the SDK's own request timeout runs
// on the host's clock (moved on by hand here), CPU limits still stop a tool that spins after the answer, and the
// session's other instances keep answering meanwhile.
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compileProject } from "../../compile/compile";
import { SandboxPool } from "../../sandbox/pool";
import { ManualClock } from "../../testing/manual-clock";
import { ANSWER_WAIT_MS } from "./endpoint";
import { OfficialProject } from "./official-project";

const CALL_LIMIT_MS = 300;

const SERVER = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "waits", version: "1.0.0" });
const form = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] } as const;
let calls = 0;

server.registerTool("ask", { inputSchema: { timeoutMs: z.number().optional() } }, async ({ timeoutMs }) => {
  const answer = await server.server.elicitInput({ message: "Go on?", requestedSchema: form }, timeoutMs ? { timeout: timeoutMs } : undefined);
  return { content: [{ type: "text", text: "answered " + answer.action }] };
});
server.registerTool("spin_after_answer", {}, async () => {
  await server.server.elicitInput({ message: "Go on?", requestedSchema: form });
  while (true) {}
});
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: "call " + ++calls }] }));

await server.connect(new StdioServerTransport());
`;

let pool: SandboxPool;
let clock: ManualClock;
let project: OfficialProject;

beforeAll(async () => {
  pool = await SandboxPool.start({ workers: 2, memoryMB: 64, stackBytes: 512 * 1024, watchdogGraceMs: 2000 });
  clock = new ManualClock();
  project = new OfficialProject(pool, { callTimeoutMs: CALL_LIMIT_MS, loadTimeoutMs: 10_000, memoryMB: 64 }, 1 << 20, clock);
  const compiled = await compileProject({ "src/server.ts": SERVER });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
  await project.swap(compiled.project);
});
afterAll(async () => {
  await project?.close();
  await pool?.close();
});

/** A 1.32 client whose requests go straight to the endpoint (no HTTP server needed). */
async function connect(answer?: (params: unknown) => Promise<Record<string, unknown>>): Promise<ClientV1> {
  const client = new ClientV1({ name: "waiting-test", version: "1.0.0" }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer) client.setRequestHandler(ElicitRequestSchema, async (req) => (await answer(req.params)) as never);
  const transport = new TransportV1(new URL("http://playground.test/mcp/x"), { fetch: (url, init) => project.endpoint.fetch(new Request(url, init)) });
  await client.connect(transport);
  return client;
}

const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0].text;
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("warming a runtime takes each worker's snapshot and leaves no VM open", async () => {
  const before = (await pool.stats()).vms;
  await pool.warm("sdk2");
  expect((await pool.stats()).vms).toBe(before);
});

describe("a 2025-11-25 question on the official SDK", () => {
  test("a person who takes 30 seconds still completes the call; the wait costs no CPU time", async () => {
    const client = await connect(async () => {
      clock.advance(30_000); // the SDK's own 60 s request timeout has not fired
      await realWait(CALL_LIMIT_MS * 4); // longer than the call's CPU limit, in real time
      return { action: "accept", content: { ok: true } };
    });
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(text(result)).toBe("answered accept");
    await client.close();
  });

  test("past the SDK's default 60 s, the SDK itself gives up, as it would over stdio", async () => {
    const client = await connect(async () => {
      clock.advance(60_000);
      return new Promise(() => undefined); // never answers
    });
    const result = (await client.callTool({ name: "ask", arguments: {} })) as { isError?: boolean };
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/timed out/i);
    await client.close();
  });

  test(`a wait longer than the tool asked for ends after ${ANSWER_WAIT_MS / 60_000} minutes`, async () => {
    const client = await connect(async () => {
      clock.advance(ANSWER_WAIT_MS);
      return new Promise(() => undefined);
    });
    const result = (await client.callTool({ name: "ask", arguments: { timeoutMs: 60 * 60_000 } })) as { isError?: boolean };
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("No answer came within 10 minutes");
    await client.close();
  });

  test("a tool that spins after the answer is stopped at the CPU limit; the other instances keep answering", async () => {
    const bystander = await connect();
    expect(text(await bystander.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    let answered!: () => void;
    const answeredNow = new Promise<void>((resolve) => (answered = resolve));
    const spinner = await connect(async () => {
      answered();
      return { action: "accept", content: { ok: true } };
    });
    const spinning = spinner.callTool({ name: "spin_after_answer", arguments: {} });
    await answeredNow;
    // While the spinner's instance runs its loop, another instance answers.
    const other = await connect();
    expect(text(await other.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    const stopped = (await spinning) as { isError?: boolean };
    expect(stopped.isError).toBe(true);
    expect(text(stopped)).toContain(`ran longer than ${CALL_LIMIT_MS} ms`);
    // The stopped instance's process lives on, with its module state.
    expect(text(await spinner.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    expect(text(await bystander.callTool({ name: "count", arguments: {} }))).toBe("call 2");
    await Promise.all([bystander.close(), spinner.close(), other.close()]);
  });
});
