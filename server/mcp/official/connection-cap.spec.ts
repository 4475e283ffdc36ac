// An official-SDK session runs one instance per 2025-11-25 connection, and at most MAX_CONNECTIONS of them: a burst
// of initializes sent at once must not slip past the cap while the instances are still starting.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../../app";
import { createSession, startTestPlayground } from "../../testing/harness";

const COUNTER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "counter", version: "1.0.0" });
let n = 0;
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: String(++n) }] }));
await server.connect(new StdioServerTransport());
`;

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 2 });
});
afterAll(() => pg?.close());

const initialize = (mcpUrl: string) =>
  fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "burst", version: "1" } },
    }),
  }).then(async (r) => ({ status: r.status, retryAfter: r.headers.get("retry-after"), text: await r.text() }));

test("40 initializes at once leave at most 8 instances alive; the rest are told the limit", async () => {
  const s = await createSession(pg, { "server.ts": COUNTER });
  const before = (await pg.pool.stats()).vms;
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await pg.pool.stats()).vms - before);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const answers = await Promise.all(Array.from({ length: 40 }, () => initialize(s.mcpUrl)));
  sampling = false;
  await sampler;
  const alive = (await pg.pool.stats()).vms - before;
  expect(alive).toBeLessThanOrEqual(8);
  expect(peak).toBeLessThanOrEqual(8);
  expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
  const refused = answers.filter((a) => a.status === 503);
  for (const a of refused) {
    expect(a.retryAfter).toBe("1");
    expect(a.text).toMatch(/8 connections starting \(the limit per session\)/);
  }
  // A page reconnecting later still gets in: its oldest open connection gives up its slot.
  expect((await initialize(s.mcpUrl)).status).toBe(200);
  expect((await pg.pool.stats()).vms - before).toBeLessThanOrEqual(8);
});
