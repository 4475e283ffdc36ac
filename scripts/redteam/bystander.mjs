// A bystander: a learner on an address of its own calling a counting tool over and over, at a busy learner's pace.
// Its p95 call latency alone is measured once; during each attack it calls again until the attack is over, and any
// answer that is not its own next count (a 422, 500, 503, a lost state) is an error the attack caused.
import { mcp, tool } from "./harness.mjs";

export const BYSTANDER_ADDRESS = "127.0.0.200";

/**
 * A learner's pace at its busiest: a call at most every this many ms. Back to back, an answer in 2 ms makes the
 * bystander a flood of its own, which the per-address request limit rightly stops.
 */
const PACE_MS = 20;

const p95 = (ms) => (ms.length ? [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))] : NaN);

export async function startBystander(server) {
  const created = await server.json(
    "POST",
    "/api/sessions",
    { files: { "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") } },
    {},
    30_000,
    BYSTANDER_ADDRESS,
  );
  if (created.status !== 201) throw new Error(`bystander not created: ${created.status}`);
  const { mcpUrl } = created.json;
  let expected = 0;
  let id = 0;
  const call = async () => {
    const started = performance.now();
    const r = await mcp(mcpUrl, ++id, { name: "count", arguments: {} }, { from: BYSTANDER_ADDRESS });
    const ms = performance.now() - started;
    const n = r.result?.structuredContent?.n;
    const ok = r.httpStatus === 200 && n === expected + 1;
    if (typeof n === "number") expected = n;
    return { ms, ok, what: ok ? "" : `${r.httpStatus} ${JSON.stringify(r.error ?? r.result?.content?.[0]?.text ?? "").slice(0, 60)}` };
  };
  /** Calls until `done` settles (at least `min` calls); the p95 and what went wrong. */
  const during = async (done, min = 3) => {
    let over = false;
    done.then(
      () => (over = true),
      () => (over = true),
    );
    const ms = [];
    const errors = [];
    while (!over || ms.length < min) {
      const c = await call();
      ms.push(c.ms);
      if (!c.ok) errors.push(c.what);
      if (c.ms < PACE_MS) await new Promise((wake) => setTimeout(wake, PACE_MS - c.ms));
    }
    return { p95: p95(ms), calls: ms.length, errors };
  };
  const alone = await during(Promise.resolve(), 40);
  return { alone, during, mcpUrl };
}
