// CPU accounting per session: a session over its budget waits while a bystander on the same worker is served, and a
// session the watchdog stopped twice in a minute runs on a quarantine worker, where its bombs no longer restart the
// bystander's worker. The budget refills by a manual clock, so a wait lasts exactly until the test moves time on;
// nothing here asserts a duration. Runs on the plain sandbox too (SANDBOX_PLAIN=1).
import { afterEach, expect, test } from "vitest";
import type { Playground } from "../app";
import { ManualClock } from "../testing/manual-clock";
import { createSession, rawModern, startTestPlayground } from "../testing/harness";
import { NATIVE_STALL } from "../testing/fixtures";
import type { PoolVm } from "./pool-vm";

const tool = (name: string, body: string, prelude = "") => `import { Tool, ToolContext } from "@frontmcp/sdk";
${prelude}
@Tool({ name: "${name}", inputSchema: {} })
export class T extends ToolContext { async execute() { ${body} } }
`;
const COUNTER = { "count.tool.ts": tool("count", "count++; return { count };", "let count = 0;") };
const LOOP = { "spin.tool.ts": tool("spin", "for (;;) {}") };
const COUNTER_AND_LOOP = { ...COUNTER, ...LOOP };
const NATIVE = { "search.tool.ts": tool("search", NATIVE_STALL) };
const callTool = (mcpUrl: string, name: string, id = 1) => rawModern(mcpUrl, id, "tools/call", { name, arguments: {} });
/** The VM serving a FrontMCP session now. */
const liveVm = (pg: Playground, id: string) => (pg.registry.get(id) as unknown as { live?: { vm: PoolVm } }).live?.vm;

let pg: Playground | undefined;
afterEach(() => pg?.close());

test("a session over its CPU budget waits, and a bystander's call on the same worker is served meanwhile", async () => {
  const clock = new ManualClock();
  // One worker, so both sessions start on it; a budget of 50 ms a second holds 200 ms at once, less than one loop.
  pg = await startTestPlayground({ workers: 1, callTimeoutMs: 400, cpuMsPerSecond: 50, cpuClock: clock });
  const hog = await createSession(pg, LOOP);
  const bystander = await createSession(pg, COUNTER);
  expect((await callTool(hog.mcpUrl, "spin")).body.result._meta.code).toBe("TIMEOUT");
  expect(pg.pool.cpu.account(hog.id).spentMs).toBeGreaterThan(200);

  let hogAnswered = false;
  const second = callTool(hog.mcpUrl, "spin", 2).then((r) => ((hogAnswered = true), r));
  await expect.poll(() => pg!.pool.cpu.account(hog.id).waits, { interval: 5, timeout: 10_000 }).toBe(1);
  // Time stands still, so the hog's call is still waiting for its budget: the bystander's call goes past it.
  expect((await callTool(bystander.mcpUrl, "count")).body.result.structuredContent).toEqual({ count: 1 });
  expect((await callTool(bystander.mcpUrl, "count", 2)).body.result.structuredContent).toEqual({ count: 2 });
  expect(hogAnswered).toBe(false);
  expect(pg.pool.cpu.account(bystander.id).waits).toBe(0);

  // Once its budget has refilled, its call runs (and is stopped at its limit, as before).
  clock.advance(60_000);
  expect((await second).body.result._meta.code).toBe("TIMEOUT");
  expect(pg.pool.cpu.account(hog.id).waits).toBe(1);
});

test("a session in CPU debt moves to the quarantine worker with its module state; the bystander stays", async () => {
  const clock = new ManualClock();
  pg = await startTestPlayground({ workers: 1, callTimeoutMs: 400, cpuMsPerSecond: 50, cpuClock: clock });
  const bystander = await createSession(pg, COUNTER);
  const spender = await createSession(pg, COUNTER_AND_LOOP);
  for (let i = 1; i <= 3; i++) expect((await callTool(spender.mcpUrl, "count", i)).body.result.structuredContent).toEqual({ count: i });
  expect((await callTool(bystander.mcpUrl, "count")).body.result.structuredContent).toEqual({ count: 1 });
  const worker = liveVm(pg, bystander.id)!.worker;
  expect(liveVm(pg, spender.id)!.worker).toBe(worker);
  // Its state is in its image before it spends: that image is what it moves with.
  await expect.poll(() => pg!.pool.unimagedVms, { interval: 10, timeout: 10_000 }).toBe(0);

  expect((await callTool(spender.mcpUrl, "spin", 4)).body.result._meta.code).toBe("TIMEOUT");
  const spenderVm = liveVm(pg, spender.id)!;
  await expect.poll(() => spenderVm.worker === pg!.pool.quarantined, { interval: 10, timeout: 10_000 }).toBe(true);
  expect(pg.pool.quarantined).not.toBe(worker);
  clock.advance(60_000);
  // The same VM, now on the quarantine worker, counting on from 3; the bystander never moved.
  expect((await callTool(spender.mcpUrl, "count", 5)).body.result.structuredContent).toEqual({ count: 4 });
  expect(liveVm(pg, spender.id)).toBe(spenderVm);
  expect(liveVm(pg, bystander.id)!.worker).toBe(worker);
  expect((await callTool(bystander.mcpUrl, "count", 2)).body.result.structuredContent).toEqual({ count: 2 });
  expect(pg.pool.restarts).toBe(0);
});

test("a session the watchdog stopped twice in a minute moves to a quarantine worker; the bystander keeps its state and its worker", async () => {
  const clock = new ManualClock();
  pg = await startTestPlayground({ workers: 1, callTimeoutMs: 400, cpuMsPerSecond: 100, cpuClock: clock });
  const bystander = await createSession(pg, COUNTER);
  const neighbour = await createSession(pg, NATIVE);
  for (let i = 1; i <= 3; i++) expect((await callTool(bystander.mcpUrl, "count", i)).body.result.structuredContent).toEqual({ count: i });
  const bystanderVm = liveVm(pg, bystander.id)!;
  const worker = bystanderVm.worker;

  // Two bombs, 20 s apart by the ledger's clock (each time refilling the budget the last one overspent).
  for (const n of [1, 2]) {
    const before = worker.restarts;
    expect((await callTool(neighbour.mcpUrl, "search", n)).body.result.content[0].text).toMatch(/native operation/);
    expect(worker.restarts).toBe(before + 1);
    clock.advance(20_000);
  }
  expect(pg.pool.cpu.account(neighbour.id).quarantined).toBe(true);
  const quarantine = pg.pool.quarantined!;
  expect(quarantine).toBeDefined();
  expect(quarantine).not.toBe(worker);

  // Its third bomb runs on the quarantine worker and restarts only that one.
  const restarts = worker.restarts;
  expect((await callTool(neighbour.mcpUrl, "search", 3)).body.result.content[0].text).toMatch(/native operation/);
  expect(quarantine.restarts).toBe(1);
  expect(worker.restarts).toBe(restarts);

  // The bystander never moved, its VM is the same one, and it counts on from 3.
  expect(liveVm(pg, bystander.id)).toBe(bystanderVm);
  expect(bystanderVm.worker).toBe(worker);
  for (let i = 4; i <= 5; i++) expect((await callTool(bystander.mcpUrl, "count", i)).body.result.structuredContent).toEqual({ count: i });
  // The neighbour's session still answers, from the quarantine worker, once its budget has refilled.
  clock.advance(20_000);
  const after = await rawModern(neighbour.mcpUrl, 9, "tools/list", {});
  expect(after.body.result.tools.map((t: { name: string }) => t.name)).toEqual(["search"]);
  expect(liveVm(pg, neighbour.id)?.worker).toBe(quarantine);
});
