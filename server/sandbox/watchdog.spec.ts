// A neighbour cannot hurt a bystander: the watchdog counts running time only, and when native code that ignores
// its interrupt forces a worker restart, every other session's VM comes back with its module state and its
// queued calls complete. Timings are printed, never asserted (the machine is shared).
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { sandboxPlainFrom } from "../config";
import type { PoolVm } from "./pool-vm";
import { createSession, rawModern, startTestPlayground, v1Client } from "../testing/harness";
import { NATIVE_STALL } from "../testing/fixtures";

const tool = (name: string, body: string, prelude = "") => `import { Tool, ToolContext } from "@frontmcp/sdk";
${prelude}
@Tool({ name: "${name}", inputSchema: {} })
export class T extends ToolContext { async execute() { ${body} } }
`;
const COUNTER = { "count.tool.ts": tool("count", "count++; return { count };", "let count = 0;") };
const NATIVE = { "search.tool.ts": tool("search", NATIVE_STALL) };
const LOOP = { "spin.tool.ts": tool("spin", "for (;;) {}") };
const callTool = (mcpUrl: string, name: string, id = 1) => rawModern(mcpUrl, id, "tools/call", { name, arguments: {} });

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 1, callTimeoutMs: 400 });
});
afterAll(() => pg.close());

test("ordinary loops stopped at their limit restart no worker, however long they queued", async () => {
  const sessions = await Promise.all(Array.from({ length: 12 }, () => createSession(pg, LOOP)));
  const before = pg.pool.restarts;
  const started = Date.now();
  const results = await Promise.all(sessions.map((s) => callTool(s.mcpUrl, "spin")));
  console.log(`12 loops on one worker, each stopped at 400 ms: ${Date.now() - started} ms in all`);
  expect(results.map((r) => r.body.result._meta.code)).toEqual(Array(12).fill("TIMEOUT"));
  expect(pg.pool.restarts).toBe(before);
});

test("a native operation that ignores the interrupt costs bystanders nothing: their calls succeed, their state survives", async () => {
  const bystanders = await Promise.all([createSession(pg, COUNTER), createSession(pg, COUNTER)]);
  const neighbour = await createSession(pg, NATIVE);
  for (const b of bystanders) for (let i = 1; i <= 3; i++) expect((await callTool(b.mcpUrl, "count", i)).body.result.structuredContent).toEqual({ count: i });
  // No waiting for the bystanders' images: a neighbour's code does not start on a worker before they are taken.
  const before = pg.pool.restarts;

  const started = Date.now();
  const stuck = callTool(neighbour.mcpUrl, "search");
  // Queued on the same worker behind the stuck call.
  const waited = bystanders.map(async (b) => {
    const r = await callTool(b.mcpUrl, "count", 4);
    return { r, ms: Date.now() - started };
  });
  const [neighbourResult, ...bystanderResults] = await Promise.all([stuck, ...waited]);
  console.log(`neighbour's native call ended after ${Date.now() - started} ms; bystanders answered after ${bystanderResults.map((b) => b.ms).join(", ")} ms`);

  expect(pg.pool.restarts).toBe(before + 1);
  expect(neighbourResult.body.result.isError).toBe(true);
  expect(neighbourResult.body.result.content[0].text).toMatch(/native operation/);
  // Their module state came back with them: the counter goes on from 3.
  for (const { r } of bystanderResults) expect(r.body.result.structuredContent).toEqual({ count: 4 });
  for (const b of bystanders) expect((await callTool(b.mcpUrl, "count", 5)).body.result.structuredContent).toEqual({ count: 5 });
  // The neighbour's session itself still answers (from its state before the bad call).
  const after = await rawModern(neighbour.mcpUrl, 9, "tools/list", {});
  expect(after.body.result.tools.map((t: { name: string }) => t.name)).toEqual(["search"]);
});

// Load images are the dense sandbox's.
test.skipIf(sandboxPlainFrom())(
  "a session answered from a load image is imaged as that image, no page compared, and comes back from it after a restart",
  async () => {
    // A worker images a load from its second sighting on: the third session of the same files comes from that image.
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await createSession(pg, COUNTER));
    const live = (id: string) => (pg.registry.get(id) as unknown as { live: { vm: PoolVm } }).live.vm;
    const vm = live(sessions[2].id);
    await expect.poll(() => vm.image !== undefined, { interval: 10, timeout: 10_000 }).toBe(true);
    expect(vm.image?.snapshot.memory.byteLength).toBe(0);
    expect(vm.image?.delta?.pages.length).toBe(0);
    const neighbour = await createSession(pg, NATIVE);
    const before = pg.pool.restarts;
    expect((await callTool(neighbour.mcpUrl, "search")).body.result.content[0].text).toMatch(/native operation/);
    expect(pg.pool.restarts).toBe(before + 1);
    // The same VM, restored from that image (not lost and rebuilt), with the module state its load left.
    expect(live(sessions[2].id)).toBe(vm);
    expect(vm.closed).toBe(false);
    expect((await callTool(sessions[2].mcpUrl, "count")).body.result.structuredContent).toEqual({ count: 1 });
    expect((await callTool(sessions[2].mcpUrl, "count", 2)).body.result.structuredContent).toEqual({ count: 2 });
  },
);

// The same on the official SDK: its VMs are imaged too, so a 2025-11-25 connection's server process and the
// session's 2026-07-28 server come back with their module state after a neighbour's native call kills the worker.
const OFFICIAL_COUNTER = {
  "server.ts": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "counter", version: "1.0.0" });
let count = 0;
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: String(++count) }] }));
await server.connect(new StdioServerTransport());
`,
};
const countText = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0].text;

test("an official-SDK bystander keeps its server's state when a neighbour's native call replaces the worker", async () => {
  const bystander = await createSession(pg, OFFICIAL_COUNTER);
  const neighbour = await createSession(pg, NATIVE);
  const connection = await v1Client(bystander.mcpUrl, {});
  try {
    for (let i = 1; i <= 3; i++) expect(countText(await connection.callTool({ name: "count", arguments: {} }))).toBe(String(i));
    for (let i = 1; i <= 2; i++) expect(countText((await callTool(bystander.mcpUrl, "count", i)).body.result)).toBe(String(i));
    await expect.poll(() => pg.pool.unimagedVms, { interval: 20, timeout: 10_000 }).toBe(0);
    // The dense sandbox's images keep only the pages that differ from the snapshot each VM was opened from.
    const images = pg.pool.images;
    console.log(`${images.count} images: ${(images.bytes / 2 ** 20).toFixed(1)} MB for ${(images.memoryBytes / 2 ** 20).toFixed(1)} MB of VM memory`);
    expect(images.count).toBeGreaterThanOrEqual(2);
    if (!sandboxPlainFrom()) expect(images.bytes).toBeLessThan(images.memoryBytes / 2);
    const before = pg.pool.restarts;

    const started = Date.now();
    const stuck = callTool(neighbour.mcpUrl, "search");
    // The bystander's call is sent once the neighbour's is running, so it waits in the worker's queue behind it.
    await expect.poll(() => pg.pool.busyWorkers, { interval: 5, timeout: 10_000 }).toBe(1);
    const queued = connection.callTool({ name: "count", arguments: {} }, undefined, { timeout: 10_000 }).then((r) => ({ r, ms: Date.now() - started }));
    const [neighbourResult, waited] = await Promise.all([stuck, queued]);
    console.log(`official-SDK bystander's queued call answered after ${waited.ms} ms (neighbour's native call ended after ${Date.now() - started} ms)`);

    expect(pg.pool.restarts).toBe(before + 1);
    expect(neighbourResult.body.result.content[0].text).toMatch(/native operation/);
    // Both server processes went on counting where they were: the connection's from 3, the session's from 2.
    expect(countText(waited.r)).toBe("4");
    expect(countText(await connection.callTool({ name: "count", arguments: {} }))).toBe("5");
    expect(countText((await callTool(bystander.mcpUrl, "count", 3)).body.result)).toBe("3");
  } finally {
    await connection.close();
  }
});
