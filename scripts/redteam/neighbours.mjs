// Neighbours spending CPU: loops, native calls that ignore the interrupt, timers that never stop, endless tests.
// The bystander's p95 during each is printed beside its p95 alone; the CPU cases hold only when it stays within
// 3x alone + 50 ms (a bystander's one-test run within 3x alone + 200 ms).
import { mcp, officialServer, sleep, tool } from "./harness.mjs";

const FROM = "127.0.0.51";
const NATIVE = 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };';
const QUICK_TEST = `import { expect, test } from "@frontmcp/testing";\ntest("ok", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBe(1); });\n`;
const SPIN_TIMER = `const spin = () => { const t = Date.now(); while (Date.now() - t < 200) {} setTimeout(spin, 0); };
server.registerTool("arm", {}, async () => { setTimeout(spin, 0); return { content: [{ type: "text", text: "armed" }] }; });`;

export async function neighbourCases({ server, check, bystander }) {
  const { json } = server;
  const session = (files) => server.session(files, FROM);
  const call = (s, id, name) => mcp(s.mcpUrl, id, { name, arguments: {} }, { from: FROM });
  const bound = 3 * bystander.alone.p95 + 50;
  /** Runs `attack` and measures the bystander beside it: the case's own verdict and the bound on the bystander both. */
  const cpuCase = (name, attack) =>
    check(name, `bystander p95 within ${bound.toFixed(0)} ms (3x alone + 50)`, async () => {
      const done = attack();
      const by = await bystander.during(done);
      const seen = await done;
      return { observed: `${seen}; bystander p95 ${by.p95.toFixed(0)} ms over ${by.calls} calls`, ok: by.p95 <= bound && by.errors.length === 0 };
    });

  await check("native indexOf that ignores the interrupt, twice", "neighbours fail; a counter's state kept", async () => {
    const counter = await session({ "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") });
    for (let i = 1; i <= 3; i++) await call(counter, i, "count");
    const neighbours = await Promise.all([1, 2].map(() => session({ "s.tool.ts": tool("search", NATIVE) })));
    const [n1, , b] = await Promise.all([...neighbours.map((n) => call(n, 1, "search")), call(counter, 9, "count")]);
    return {
      observed: `neighbour isError=${n1.result?.isError}; counter n=${b.result?.structuredContent?.n}`,
      ok: n1.result?.isError && b.result?.structuredContent?.n === 4,
    };
  });
  await check("native indexOf next to an official-SDK counter", "the counter's server keeps its state (image)", async () => {
    const counter = await session({ "server.ts": officialServer() });
    for (let i = 1; i <= 3; i++) await call(counter, i, "count");
    const neighbours = await Promise.all([1, 2].map(() => session({ "s.tool.ts": tool("search", NATIVE) })));
    const [n1, , b] = await Promise.all([...neighbours.map((n) => call(n, 1, "search")), call(counter, 9, "count")]);
    const after = await call(counter, 10, "count");
    const counts = [b.result?.content?.[0]?.text, after.result?.content?.[0]?.text];
    return { observed: `neighbour isError=${n1.result?.isError}; counted ${counts.join(", ")}`, ok: n1.result?.isError && counts.join() === "4,5" };
  });
  await check("24 ordinary loops at once", "each stopped at the limit (TIMEOUT)", async () => {
    const loops = await Promise.all(Array.from({ length: 24 }, () => session({ "l.tool.ts": tool("spin", "for (;;) {}") })));
    const out = await Promise.all(loops.map((l, i) => call(l, i, "spin")));
    const codes = out.map((o) => o.result?._meta?.code);
    const other = out.find((o) => o.result?._meta?.code !== "TIMEOUT");
    return { observed: `${codes.filter((c) => c === "TIMEOUT").length}/24 TIMEOUT${other ? `; else ${JSON.stringify(other).slice(0, 80)}` : ""}`, ok: !other };
  });

  await cpuCase("official-SDK timers spinning 200 ms each, on 4 instances, for 6 s", async () => {
    const armed = await Promise.all(Array.from({ length: 4 }, () => session({ "server.ts": officialServer(SPIN_TIMER) })));
    const answers = await Promise.all(armed.map((s, i) => call(s, i + 1, "arm")));
    await sleep(6000);
    await Promise.all(armed.map((s) => json("POST", `/api/sessions/${s.id}/reset`, undefined, {}, 30_000, FROM)));
    return `${answers.filter((a) => a.result?.content?.[0]?.text === "armed").length}/4 armed`;
  });
  await cpuCase("4 sessions repeating the native indexOf for 8 s", async () => {
    const bombs = await Promise.all(Array.from({ length: 4 }, () => session({ "s.tool.ts": tool("search", NATIVE) })));
    const until = Date.now() + 8000;
    let calls = 0;
    await Promise.all(
      bombs.map(async (s) => {
        while (Date.now() < until) await call(s, ++calls, "search");
      }),
    );
    return `${calls} bombs sent`;
  });

  const endless = Object.fromEntries(
    Array.from({ length: 24 }, (_, i) => [
      `e${i}.test.ts`,
      `import { test } from "@frontmcp/testing";\nfor (let i = 0; i < 5; i++) test("spin " + i, async () => { for (;;) {} });\n`,
    ]),
  );
  const hog = await session({ "count.tool.ts": tool("count", "return {};"), ...endless });
  const quick = await server.session({ "count.tool.ts": tool("count", "return {};"), "q.test.ts": QUICK_TEST }, "127.0.0.52");
  const quickRun = async () => {
    const started = performance.now();
    const r = await json("POST", `/api/sessions/${quick.id}/tests`, {}, {}, 120_000, "127.0.0.52");
    return { ms: performance.now() - started, passed: r.json?.passed };
  };
  const alone = await quickRun();
  await check(
    "a test run of 24 files x 5 endless loops vs a one-test run",
    `the one-test run passes within 3x alone + 200 ms (alone ${alone.ms.toFixed(0)} ms)`,
    async () => {
      const slow = json("POST", `/api/sessions/${hog.id}/tests`, {}, {}, 180_000, FROM);
      await sleep(500);
      const during = await quickRun();
      const s = await slow;
      return {
        observed: `one-test run passed=${during.passed} in ${during.ms.toFixed(0)} ms; endless run status ${s.status}, failed=${s.json?.failed}`,
        ok: during.passed === 1 && during.ms <= 3 * alone.ms + 200,
      };
    },
  );
}
