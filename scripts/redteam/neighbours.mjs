// Neighbours spending CPU once: loops and native calls that ignore the interrupt, next to sessions that must keep
// their state. Sustained CPU (timers, repeated bombs, endless test runs) is cpu.mjs's.
import { mcp, officialServer, tool } from "./harness.mjs";

const FROM = "127.0.0.51";
const NATIVE = 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };';

export async function neighbourCases({ server, check }) {
  const session = (files) => server.session(files, FROM);
  const call = (s, id, name) => mcp(s.mcpUrl, id, { name, arguments: {} }, { from: FROM });

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
}
