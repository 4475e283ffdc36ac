// One learner's endless tests cannot hold the test queue: they run on at most half the workers, a bystander's run
// completes while they run, the endless run stops at its budget, and a test that asks the host for thousands of
// fixture clients is cut off.
// Timings are printed, never asserted.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, startTestPlayground } from "../testing/harness";

const ENDLESS = (n: number) =>
  `import { test } from "@frontmcp/testing";\n${Array.from({ length: n }, (_, i) => `test("spin ${i}", async () => { for (;;) {} });`).join("\n")}\n`;
const QUICK = `import { expect, test } from "@frontmcp/testing";\ntest("lists tools", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBeGreaterThan(0); });\n`;
const CLIENT_FLOOD = `import { test } from "@frontmcp/testing";
test("thousands of clients", async ({ mcp }) => {
  // Little running time in the VM, much work on the host: each new client connects over MCP.
  for (let i = 0; i < 3000; i++) await mcp.as("modern").tools.list();
});
`;

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ workers: 2, testTimeoutMs: 300, runBudgetMs: 4000 });
});
afterAll(() => pg.close());

test("a bystander's run completes while a neighbour's 12 files of endless tests run; the endless run stops at its budget", async () => {
  const endlessFiles = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`spin-${i}.test.ts`, ENDLESS(5)]));
  const neighbour = await createSession(pg, { ...helpDesk(), ...endlessFiles });
  const bystander = await createSession(pg, { ...helpDesk(), "quick.test.ts": QUICK });
  const started = Date.now();
  const endless = api(pg, "POST", `/api/sessions/${neighbour.id}/tests`, {}).then((r) => ({ r, ms: Date.now() - started }));
  // The neighbour's files are queued first; they run on one of the two workers at a time, the other left free.
  let mostBusy = 0;
  const sampling = setInterval(() => (mostBusy = Math.max(mostBusy, pg.pool.busyWorkers)), 5);
  await new Promise((r) => setTimeout(r, 300));
  clearInterval(sampling);
  expect(mostBusy).toBe(1);
  const quick = await api(pg, "POST", `/api/sessions/${bystander.id}/tests`, {});
  const quickMs = Date.now() - started;
  const { r: slow, ms: slowMs } = await endless;
  console.log(`bystander's one-test run answered after ${quickMs} ms; the neighbour's 60 endless tests after ${slowMs} ms`);
  expect(quick.status).toBe(200);
  expect(quick.json.passed).toBe(1);
  const notRun = slow.json.tests.filter((t: { error?: { message?: string }; message?: string }) => JSON.stringify(t).includes("used up its time budget"));
  expect(notRun.length).toBeGreaterThan(0);
  expect(slow.json.passed).toBe(0);
});

test("a test asking the host for 3000 fixture clients is stopped by its host-work cap, and the server answers others", async () => {
  const s = await createSession(pg, { ...helpDesk(), "flood.test.ts": CLIENT_FLOOD });
  const started = Date.now();
  const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
  console.log(`the client flood's run answered after ${Date.now() - started} ms`);
  expect(run.status).toBe(200);
  expect(run.json.failed).toBe(1);
  expect(JSON.stringify(run.json.tests[0])).toMatch(/more than 300 ms of work/);
  expect((await api(pg, "GET", "/api/lessons")).status).toBe(200);
});
