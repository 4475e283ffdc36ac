// Official-SDK instances of files a worker has started before come from an image of that started server: each is
// still a fresh process to its client (module state of its own, its start's console lines, its CPU limit), and a
// start that read the clock or drew randomness is never imaged (another moment would have started it differently);
// instances from an image still draw Math.random() sequences of their own.
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compileProject } from "../../compile/compile";
import { SandboxPool } from "../../sandbox/pool";
import { realClock } from "./instance";
import { OfficialProject } from "./official-project";

const CALL_LIMIT_MS = 300;

const server = (topLevel: string) => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "counter", version: "1.0.0" });
let calls = 0;
${topLevel}
console.log("counter started");
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: "call " + ++calls }] }));
server.registerTool("spin", {}, async () => {
  while (true) {}
});

await server.connect(new StdioServerTransport());
`;

let pool: SandboxPool;
const projects: OfficialProject[] = [];

beforeAll(async () => {
  // One worker, so every start of the same files meets the image the worker keeps.
  pool = await SandboxPool.start({ workers: 1, memoryMB: 64, stackBytes: 512 * 1024, watchdogGraceMs: 2000, loadCacheMB: 32 });
});
afterAll(async () => {
  await Promise.all(projects.map((p) => p.close()));
  await pool?.close();
});

async function project(code: string): Promise<OfficialProject> {
  const official = new OfficialProject(pool, { callTimeoutMs: CALL_LIMIT_MS, loadTimeoutMs: 10_000, memoryMB: 64 }, 1 << 20, realClock);
  projects.push(official);
  const compiled = await compileProject({ "src/server.ts": code });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
  await official.swap(compiled.project);
  return official;
}

async function connect(official: OfficialProject): Promise<ClientV1> {
  const client = new ClientV1({ name: "started-images-test", version: "1.0.0" });
  const transport = new TransportV1(new URL("http://playground.test/mcp/x"), { fetch: (url, init) => official.endpoint.fetch(new Request(url, init)) });
  await client.connect(transport);
  return client;
}

const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0].text;
const imageHits = async () => (await pool.stats()).loadImages.hits;

describe("instances of files started before", () => {
  let counter: OfficialProject;
  beforeAll(async () => {
    counter = await project(server(""));
  });

  test("come from the started image, each with module state of its own and its own start on the console", async () => {
    const hits = await imageHits();
    const before = counter.console.tail().lines.filter((l) => l.includes("counter started")).length;
    for (let connection = 0; connection < 4; connection++) {
      const client = await connect(counter);
      expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 1");
      expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 2");
      await client.close();
    }
    // The listing's start was seen first and the first connection's was imaged: the last three came from it.
    expect((await imageHits()) - hits).toBeGreaterThanOrEqual(3);
    const after = counter.console.tail().lines.filter((l) => l.includes("counter started")).length;
    expect(after - before).toBe(4);
  });

  test("are still stopped at their CPU limit, and the stopped instance answers its next call", async () => {
    const hits = await imageHits();
    const client = await connect(counter);
    expect(await imageHits()).toBe(hits + 1);
    const stopped = (await client.callTool({ name: "spin", arguments: {} })) as { isError?: boolean };
    expect(stopped.isError).toBe(true);
    expect(text(stopped)).toContain(`ran longer than ${CALL_LIMIT_MS} ms`);
    expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 1");
    await client.close();
  });
});

test("a timer the start set fires in each instance, those from the image included", async () => {
  const timed = await project(
    server(`let fired = 0;
setTimeout(() => fired++, 20);
server.registerTool("fired", {}, async () => ({ content: [{ type: "text", text: "fired " + fired }] }));`),
  );
  const hits = await imageHits();
  for (let connection = 0; connection < 3; connection++) {
    const client = await connect(timed);
    let said = "";
    for (let poll = 0; poll < 100 && said !== "fired 1"; poll++) {
      said = text(await client.callTool({ name: "fired", arguments: {} }));
      if (said !== "fired 1") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(said).toBe("fired 1");
    await client.close();
  }
  expect((await imageHits()) - hits).toBeGreaterThanOrEqual(2);
});

test("instances from the image draw Math.random() sequences of their own", async () => {
  const rolling = await project(server(`server.registerTool("roll", {}, async () => ({ content: [{ type: "text", text: String(Math.random()) }] }));`));
  const hits = await imageHits();
  const firsts = [];
  for (let connection = 0; connection < 4; connection++) {
    const client = await connect(rolling);
    firsts.push(text(await client.callTool({ name: "roll", arguments: {} })));
    await client.close();
  }
  expect((await imageHits()) - hits).toBeGreaterThanOrEqual(3);
  expect(new Set(firsts).size).toBe(firsts.length);
});

describe.each([
  ["Date.now()", "const startedAt = Date.now();"],
  ["new Date()", "const startedAt = new Date();"],
  ["Date()", "const startedAt = Date();"],
  ["performance.now()", "const startedAt = performance.now();"],
  // The clock behind the globals: a date's own constructor, and the performance object the global one stands for.
  ["new (new Date(0).constructor)()", "const startedAt = new (new Date(0).constructor)();"],
  [
    "the performance object behind the global one",
    "const behind = Object.getPrototypeOf(performance);\nconst startedAt = typeof behind.now === 'function' ? behind.now() : performance.now();",
  ],
  // Randomness drawn at start would repeat in every instance from the image, like a clock read.
  ["Math.random()", "const startedAt = Math.random();"],
  ["a saved Math.random under a constant global one", "const saved = Math.random;\nMath.random = () => 0.5;\nconst startedAt = saved();"],
])("a start that reads the clock or randomness with %s", (_, topLevel) => {
  test("is run again for every instance, never imaged", async () => {
    const clocked = await project(server(`${topLevel}\nvoid startedAt;`));
    const hits = await imageHits();
    for (let connection = 0; connection < 3; connection++) {
      const client = await connect(clocked);
      expect(text(await client.callTool({ name: "count", arguments: {} }))).toBe("call 1");
      await client.close();
    }
    expect(await imageHits()).toBe(hits);
  });
});
