// Admission to test runs and checks: a client has at most RUNS_PER_CLIENT in flight (429 past it, others unaffected),
// and a sandbox that cannot take a run answers 503 with Retry-After and the limit's name, never 500.
import { afterEach, expect, test } from "vitest";
import type { Playground } from "../app";
import { fromAddress } from "../testing/from-address";
import { helpDesk } from "../testing/fixtures";
import { startTestPlayground } from "../testing/harness";
import { challengeFiles } from "../testing/rooms";

let pg: Playground | undefined;
afterEach(() => pg?.close());

const WAITS = `import { test } from "@frontmcp/testing";\ntest("waits", async () => { await new Promise(() => {}); });\n`;
const QUICK = `import { expect, test } from "@frontmcp/testing";\ntest("ok", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBeGreaterThan(0); });\n`;

test("a client with its run in flight is told RUNS_PER_CLIENT; another client's run goes ahead", async () => {
  pg = await startTestPlayground({ runsPerClient: 1, testTimeoutMs: 4000 });
  const create = (address: string, files: Record<string, string>) => fromAddress(address, `${pg!.url}/api/sessions`, "POST", { files });
  const slow = (await create("127.0.0.2", helpDesk({ "w.test.ts": WAITS }))).json;
  const quick = (await create("127.0.0.3", helpDesk({ "q.test.ts": QUICK }))).json;
  const run = (address: string, id: string) => fromAddress(address, `${pg!.url}/api/sessions/${id}/tests`, "POST", {});
  let finished = false;
  const first = run("127.0.0.2", slow.id).then((r) => ((finished = true), r));
  let second = await run("127.0.0.2", slow.id);
  while (second.status !== 429 && !finished) second = await run("127.0.0.2", slow.id);
  expect(second.status).toBe(429);
  expect(second.headers["retry-after"]).toBe("2");
  expect(second.json.error).toMatch(/1 test runs and checks in flight, your share on this server \(RUNS_PER_CLIENT\)/);
  const other = await run("127.0.0.3", quick.id);
  expect(other.status).toBe(200);
  expect(other.json.passed).toBe(1);
  expect((await first).status).toBe(200);
  expect(finished).toBe(true);
});

test("a Check the sandbox cannot take (SANDBOX_TOTAL_MB) answers 503 with Retry-After, not 500", async () => {
  pg = await startTestPlayground({ sandboxTotalMB: 1 });
  const { starter } = await challengeFiles("c1-confirm-before-deleting");
  const r = await fromAddress("127.0.0.4", `${pg.url}/api/challenges/c1-confirm-before-deleting/check`, "POST", { files: starter });
  expect(r.status).toBe(503);
  expect(r.headers["retry-after"]).toBe("30");
  expect(r.json.error).toMatch(/SANDBOX_TOTAL_MB=1/);
});
