// A test run draws on its session's CPU budget: once its endless tests have spent it, the run's next steps wait and
// its next files open on the quarantine worker, apart from bystanders. The budget refills by a manual clock, so the
// run goes on only when the test moves time on; nothing here asserts a duration. Runs on the plain sandbox too.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { ManualClock } from "../testing/manual-clock";
import { api, createSession, startTestPlayground } from "../testing/harness";
import type { PoolVm } from "../sandbox/pool-vm";

/** The VM serving a FrontMCP session now. */
const liveVm = (pg: Playground, id: string) => (pg.registry.get(id) as unknown as { live?: { vm: PoolVm } }).live?.vm;
const ENDLESS = `import { test } from "@frontmcp/testing";\ntest("spin", async () => { for (;;) {} });\n`;

const clock = new ManualClock();
let pg: Playground;
beforeAll(async () => {
  // One worker, so the run's queue holds one file at a time; 50 ms a second holds 200 ms at once, less than one test.
  pg = await startTestPlayground({ workers: 1, testTimeoutMs: 300, cpuMsPerSecond: 50, cpuClock: clock });
});
afterAll(() => pg.close());

test("a run that spent its session's budget waits, and opens its next files on the quarantine worker", async () => {
  const files = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`spin-${i}.test.ts`, ENDLESS]));
  const session = await createSession(pg, { ...helpDesk(), ...files });
  let report: any;
  const run = api(pg, "POST", `/api/sessions/${session.id}/tests`, {}).then((r) => (report = r.json));
  // The first file's endless test puts the session in debt: its next steps wait for the clock.
  await expect.poll(() => pg.pool.cpu.account(session.id).waits, { interval: 10, timeout: 30_000 }).toBeGreaterThan(0);
  expect(report).toBeUndefined();
  // Each move of the clock refills the budget for one more step; a file opened from now on opens apart.
  let apart = 0;
  await expect
    .poll(
      () => {
        clock.advance(10_000);
        // The session's own VM moves there too (it has an image); the run's VMs are the others.
        const own = liveVm(pg, session.id)?.id;
        apart = Math.max(apart, [...(pg.pool.quarantined?.vms ?? [])].filter((id) => id !== own).length);
        return report !== undefined;
      },
      { interval: 20, timeout: 60_000 },
    )
    .toBe(true);
  await run;
  expect(report.failed).toBe(3);
  expect(apart).toBeGreaterThan(0);
  expect(pg.pool.restarts).toBe(0);
});
