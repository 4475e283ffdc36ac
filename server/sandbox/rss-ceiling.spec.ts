// Memory is bounded by configuration, in total, and given back: a real server process (server/main.ts) is driven
// to every byte cap at once (SANDBOX_TOTAL_MB, MAX_RESULT_KB, COMPILE_CACHE_MB, the 2025 fallback store,
// LOG_CALL_KB, LOG_SESSION_KB, TEST_REPORT_KB), its resident memory (from /proc) is sampled all along and printed,
// and it must stay under the ceiling the README gives for those settings, then come back down to within a margin
// of its level before the load once the sessions have closed. The margin is in megabytes, never in seconds.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { legacyV2Client } from "../testing/harness";
import { startServerProcess, type ServerProcess } from "../testing/server-process";
import { modernRequest } from "../mcp/modern-request";

const TOTAL_MB = 512;
const CACHE_MB = 32;
/** The README's ceiling: the idle server, plus SANDBOX_TOTAL_MB, COMPILE_CACHE_MB, SANDBOX_LOAD_CACHE_MB per worker (2 x 32), plus 256 MB for requests in flight. */
const LOAD_CACHES_MB = 2 * 32;
const IN_FLIGHT_MB = 256;
/** "Comes back down": within this (plus the compile cache, which stays full by design) of the level before the load. */
const MARGIN_MB = 64;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    SANDBOX_TOTAL_MB: String(TOTAL_MB),
    COMPILE_CACHE_MB: String(CACHE_MB),
    MAX_RESULT_KB: "1024",
    LOG_CALL_KB: "64",
    LOG_SESSION_KB: "256",
    TEST_REPORT_KB: "256",
    // Sessions close 6 s after their last use (the sweep runs every 1.5 s), so the test sees memory come back.
    SESSION_IDLE_MINUTES: "0.1",
  });
});
afterAll(() => server?.stop());

const rssMB = () => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) / 1024);

const tool = (name: string, body: string, schema = "{}") =>
  `import { Tool, ToolContext, z } from "@frontmcp/sdk";\n@Tool({ name: "${name}", inputSchema: ${schema} })\nexport class T extends ToolContext { async execute(input: any) { ${body} } }\n`;
const FILES = {
  big: { "big.tool.ts": tool("big", 'return { text: "x".repeat(3e6) };') },
  chatty: { "talk.tool.ts": tool("talk", 'for (let i = 0; i < 100; i++) console.log(i + " " + "y".repeat(2000)); return {};') },
  asks: { "ask.tool.ts": tool("ask", 'await this.elicit("Go?", z.object({ go: z.boolean() })); return {};', "{ note: z.string() }") },
  report: {
    "talk.tool.ts": tool("talk", "return {};"),
    "many.test.ts": `import { expect, test } from "@frontmcp/testing";\nfor (let i = 0; i < 30; i++) test("case " + i + " " + "n".repeat(400), () => { console.log("z".repeat(70_000)); });\ntest("fails", () => expect("a".repeat(200_000)).toBe("b".repeat(200_000)));\n`,
  },
};

async function createSession(files: Record<string, string>) {
  const r = await fetch(`${server.url}/api/sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ files }) });
  return { status: r.status, body: (await r.json()) as { id: string; mcpUrl: string; diagnostics: Array<{ message: string }> } };
}
async function call(mcpUrl: string, name: string, args: Record<string, unknown> = {}) {
  const r = await fetch(modernRequest(mcpUrl, { id: 1, method: "tools/call", params: { name, arguments: args } }, { capabilities: {}, clientName: "rss" }));
  return (await r.json()) as { result?: { isError?: boolean; content: Array<{ text: string }>; _meta?: { code?: string } } };
}

test("every byte cap driven at once: RSS stays under the configured ceiling, and comes back down when the sessions close", async () => {
  // Before the load: one session of each kind once, so compiling, the sandbox snapshots and the JIT are warm.
  for (const files of Object.values(FILES)) await createSession(files);
  const samples: Array<[number, number]> = [];
  const started = Date.now();
  const sample = () => samples.push([Date.now() - started, rssMB()]);
  const sampler = setInterval(sample, 100);
  const before = rssMB();
  const loadFrom = samples.length;
  const ceiling = before + TOTAL_MB + CACHE_MB + LOAD_CACHES_MB + IN_FLIGHT_MB;
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const codes = new Map<string, number>();
  const count = (code: string | undefined) => codes.set(code ?? "ok", (codes.get(code ?? "ok") ?? 0) + 1);
  try {
    // Each phase's answers are counted by what they were: a cap's refusal is as good an answer as a success.
    // TEST_REPORT_KB: 4 runs whose reports would be about 2 MB each.
    const runs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const s = await createSession(FILES.report);
        if (s.status !== 201) return { status: s.status, bytes: 0 };
        const r = await fetch(`${server.url}/api/sessions/${s.body.id}/tests`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
        return { status: r.status, bytes: (await r.text()).length };
      }),
    );
    phase("reports");
    // LOG_CALL_KB and LOG_SESSION_KB: 24 sessions logging 200 KB per call, 3 calls each.
    const chatty = await Promise.all(Array.from({ length: 24 }, () => createSession(FILES.chatty)));
    for (let i = 0; i < 3; i++)
      for (const r of await Promise.all(chatty.filter((s) => s.status === 201).map((s) => call(s.body.mcpUrl, "talk"))))
        count(`log ${r.result?._meta?.code ?? "ok"}`);
    phase("logs");
    // The 2025-11-25 fallback store: 4 sessions with 8 waiting calls of 300 KB arguments each.
    for (let i = 0; i < 4; i++) {
      const s = await createSession(FILES.asks);
      count(`fallback session ${s.status}`);
      if (s.status !== 201) continue;
      const client = await legacyV2Client(s.body.mcpUrl, {});
      for (let k = 0; k < 8; k++) await client.callTool({ name: "ask", arguments: { note: String(k).repeat(300_000) } });
      await client.close();
    }
    phase("fallback");
    // COMPILE_CACHE_MB: 120 uploads of two distinct 190 KB files each, 45 MB in all (and SANDBOX_TOTAL_MB: they want VMs too).
    for (let i = 0; i < 12; i++)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const pad = (k: number) =>
            `export const pad${k} = "${String(i * 10 + j)
              .repeat(95_000)
              .slice(0, 190_000)}";\n`;
          const files = { [`c${i}-${j}.tool.ts`]: tool(`c${i}_${j}`, `return { n: ${i * 10 + j} };`), "pad1.ts": pad(1), "pad2.ts": pad(2) };
          return createSession(files).then((s) => count(`upload ${s.status}`));
        }),
      );
    phase("uploads");
    // SANDBOX_TOTAL_MB and MAX_RESULT_KB: 24 sessions whose tool grows its VM to return 3 MB.
    const big = await Promise.all(Array.from({ length: 24 }, () => createSession(FILES.big)));
    for (const s of big) if (s.status !== 201) count(`big session ${s.status}`);
    const results = await Promise.all(big.filter((s) => s.status === 201).map((s) => call(s.body.mcpUrl, "big")));
    for (const r of results) count(`big ${r.result?._meta?.code}`);
    phase("results");
    const peak = Math.max(...samples.slice(loadFrom).map(([, mb]) => mb), rssMB());
    const loadEnded = Date.now() - started;

    // After: the load's sessions close 6 s after their last use. One is asked for every 8 s (asking uses it, and
    // 8 s is past its idle time, so asking cannot keep it open) until it is gone; then memory must come down.
    // The sentinel is a "big" session, or when the total refused them all (a cap's answer too: on a quick machine no
    // earlier session has been idle long enough to be closed for them), the last chatty one.
    const sentinel = [...big, ...chatty.slice().reverse()].find((s) => s.status === 201)!.body.id;
    await expect.poll(async () => (await fetch(`${server.url}/api/sessions/${sentinel}/console`)).status, { interval: 8000, timeout: 60_000 }).toBe(404);
    const closedAt = Date.now() - started;
    let after = rssMB();
    const deadline = Date.now() + 60_000;
    while (after > before + CACHE_MB + MARGIN_MB && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      after = rssMB();
    }
    sample();
    clearInterval(sampler);
    const series = samples.filter((_, i) => i % 10 === 0).map(([t, mb]) => `${(t / 1000).toFixed(0)}s:${mb}`);
    console.log(`RSS over time (MB): ${series.join(" ")}`);
    console.log(
      `RSS before the load ${before} MB, peak ${peak} MB (ceiling ${ceiling} MB = before + SANDBOX_TOTAL_MB ${TOTAL_MB} + COMPILE_CACHE_MB ${CACHE_MB} + load caches ${LOAD_CACHES_MB} + ${IN_FLIGHT_MB}), ` +
        `after the sessions closed ${after} MB (margin: COMPILE_CACHE_MB + ${MARGIN_MB} MB); load ended at ${(loadEnded / 1000).toFixed(1)} s, its sessions were gone at ${(closedAt / 1000).toFixed(1)} s`,
    );
    console.log(`phases ended at: ${phases.join(", ")}`);
    console.log(`answers: ${[...codes].map(([c, n]) => `${c} x${n}`).join(", ")}; report sizes ${runs.map((r) => `${r.status}:${r.bytes}`).join(", ")}`);

    expect(peak).toBeLessThan(ceiling);
    expect(after).toBeLessThanOrEqual(before + CACHE_MB + MARGIN_MB);
    // The total the sandboxes count came back down with the memory: a session that grows its VM opens again.
    const again = await createSession(FILES.big);
    expect(again.status).toBe(201);
    expect((await call(again.body.mcpUrl, "big")).result?._meta?.code).toMatch(/^(RESULT_TOO_LARGE|TOOL_EXECUTION_ERROR)$/);
    // Each cap answered as it says: results refused, or the total reached with its message; reports within their cap.
    // Every answer was a success or a cap's own refusal: no crash, no other error. A chatty call may meet its time
    // limit (CALL_TIMEOUT_MS, counted on the clock while it runs) when the machine is loaded: that is a cap too.
    expect(
      [...codes.keys()].filter(
        (c) =>
          !/^(log (ok|TOOL_EXECUTION_ERROR|TIMEOUT)|fallback session (201|422)|upload (201|422)|big session 422|big (RESULT_TOO_LARGE|TOOL_EXECUTION_ERROR))$/.test(
            c,
          ),
      ),
    ).toEqual([]);
    expect(runs.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    for (const r of runs) if (r.status === 200) expect(r.bytes).toBeLessThanOrEqual(256 * 1024);
  } finally {
    clearInterval(sampler);
  }
}, 240_000);
