// One session spending CPU without end: official-SDK timers on several instances, native calls that ignore the
// interrupt, a test run of endless tests. Each session draws on one CPU budget per second (CPU_BUDGET_MS_PER_SECOND)
// and one the watchdog stopped twice in a minute runs on a quarantine worker, so these cases hold only when the
// bystander's p95 during the attack stays within 3x its p95 alone + 50 ms (a one-test run within 3x alone + 200 ms).
import { mcp, officialServer, send, sleep, tool } from "./harness.mjs";

const FROM = "127.0.0.61";
const NATIVE = 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };';
const QUICK_TEST = `import { expect, test } from "@frontmcp/testing";\ntest("ok", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBe(1); });\n`;
const SPIN_TIMER = `const spin = () => { const t = Date.now(); while (Date.now() - t < 200) {} setTimeout(spin, 0); };
server.registerTool("arm", {}, async () => { setTimeout(spin, 0); return { content: [{ type: "text", text: "armed" }] }; });`;

/** A 2025-11-25 message on connection `sid` (none: an initialize, which opens one). */
const legacy = (mcpUrl, body, sid) =>
  send(mcpUrl, {
    method: "POST",
    from: FROM,
    headers: { accept: "application/json, text/event-stream", ...(sid && { "mcp-session-id": sid, "mcp-protocol-version": "2025-11-25" }) },
    body,
  });

/** Opens a 2025-11-25 connection (an instance of its own) and has its server arm the spinning timer. */
async function armedInstance(mcpUrl) {
  const init = await legacy(mcpUrl, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "spinner", version: "1" } },
  });
  const sid = init.headers["mcp-session-id"];
  if (!sid) return false;
  await legacy(mcpUrl, { jsonrpc: "2.0", method: "notifications/initialized" }, sid);
  const armed = await legacy(mcpUrl, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "arm", arguments: {} } }, sid);
  return armed.text.includes("armed");
}

export async function cpuCases({ server, check, bystander }) {
  const { json } = server;
  const session = (files) => server.session(files, FROM);
  const alone = bystander.alone.p95.toFixed(0);
  const bounded = { bounded: true };

  await check(
    "official-SDK timers spinning 200 ms each, on 4 instances of one session, for 15 s",
    `bystander p95 within 3x alone (${alone} ms) + 50`,
    async () => {
      const spinner = await session({ "server.ts": officialServer(SPIN_TIMER) });
      const armed = await Promise.all(Array.from({ length: 4 }, () => armedInstance(spinner.mcpUrl)));
      await sleep(15_000);
      await json("POST", `/api/sessions/${spinner.id}/reset`, undefined, {}, 30_000, FROM);
      return { observed: `${armed.filter(Boolean).length}/4 instances armed`, ok: armed.every(Boolean) };
    },
    bounded,
  );

  await check(
    "4 sessions repeating the native indexOf for 15 s",
    `bystander p95 within 3x alone (${alone} ms) + 50`,
    async () => {
      const bombs = await Promise.all(Array.from({ length: 4 }, () => session({ "s.tool.ts": tool("search", NATIVE) })));
      const until = Date.now() + 15_000;
      let calls = 0;
      let stopped = 0;
      await Promise.all(
        bombs.map(async (s) => {
          while (Date.now() < until) {
            const r = await mcp(s.mcpUrl, ++calls, { name: "search", arguments: {} }, { from: FROM });
            if (r.result?.isError) stopped++;
          }
        }),
      );
      return { observed: `${calls} bombs sent, ${stopped} stopped`, ok: stopped > 0 };
    },
    bounded,
  );

  const endless = Object.fromEntries(
    Array.from({ length: 24 }, (_, i) => [
      `e${i}.test.ts`,
      `import { test } from "@frontmcp/testing";\nfor (let i = 0; i < 5; i++) test("spin " + i, async () => { for (;;) {} });\n`,
    ]),
  );
  const hog = await session({ "count.tool.ts": tool("count", "return {};"), ...endless });
  const quick = await server.session({ "count.tool.ts": tool("count", "return {};"), "q.test.ts": QUICK_TEST }, "127.0.0.62");
  const quickRun = async () => {
    const started = performance.now();
    const r = await json("POST", `/api/sessions/${quick.id}/tests`, {}, {}, 120_000, "127.0.0.62");
    return { ms: performance.now() - started, passed: r.json?.passed };
  };
  const runAlone = await quickRun();
  await check(
    "a test run of 24 files x 5 endless loops vs a one-test run",
    `one-test run within 3x alone (${runAlone.ms.toFixed(0)} ms) + 200; bystander p95 within 3x alone (${alone} ms) + 50`,
    async () => {
      // The endless run spends its RUN_BUDGET_SECONDS at its session's CPU budget: minutes, so it is left running.
      let endedWith;
      void json("POST", `/api/sessions/${hog.id}/tests`, {}, {}, 600_000, FROM).then((r) => (endedWith = r.status));
      await sleep(500);
      const during = await quickRun();
      // A few more seconds of the endless run, for the bystander's calls to meet it.
      await sleep(5000);
      return {
        observed: `one-test run passed=${during.passed} in ${during.ms.toFixed(0)} ms; endless run ${endedWith === undefined ? "still running" : `ended ${endedWith}`}`,
        ok: during.passed === 1 && during.ms <= 3 * runAlone.ms + 200,
      };
    },
    bounded,
  );
}
