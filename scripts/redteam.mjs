// `npm run redteam`: hostile cases against a real server (server/main.ts, as `npm start` runs it) on a free loopback
// port. Bounded: every loop has a fixed count, every request a timeout, the whole run a deadline. Each case prints
// what it expected and what it saw, with a bystander's p95 call latency during the attack beside its p95 alone;
// exits 1 if any case did not hold or any bystander call failed. Cases live in scripts/redteam/, one file per kind.
import { startBystander } from "./redteam/bystander.mjs";
import { cpuCases } from "./redteam/cpu.mjs";
import { flowCases } from "./redteam/flows.mjs";
import { rssCeilingMB, startServer } from "./redteam/harness.mjs";
import { neighbourCases } from "./redteam/neighbours.mjs";
import { requestCases } from "./redteam/requests.mjs";
import { shareCases } from "./redteam/shares.mjs";

const DEADLINE = Date.now() + 900_000;
/** The main server's sandbox memory, for the ceiling of docs/security.md its resident size must stay under. */
const SANDBOX_TOTAL_MB = 1024;
const rows = [];
const cut = (s, n) => String(s).padEnd(n).slice(0, n);

async function main() {
  const server = await startServer({ SANDBOX_TOTAL_MB: String(SANDBOX_TOTAL_MB) });
  const ceiling = rssCeilingMB(server.rssMB(), SANDBOX_TOTAL_MB);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMB())), 200);
  const bystander = await startBystander(server);
  const bound = 3 * bystander.alone.p95 + 50;
  console.log(
    `bystander alone: p95 ${bystander.alone.p95.toFixed(0)} ms over ${bystander.alone.calls} calls; bound under attack 3x + 50 = ${bound.toFixed(0)} ms\n`,
  );
  console.log(`${cut("case", 58)} | ${cut("expected", 44)} | ${cut("observed", 70)} | bystander p95 | holds`);
  /** `bounded`: the case holds only if the bystander's p95 during it also stays within the bound (the CPU cases). */
  const check = async (name, expected, run, { bounded = false } = {}) => {
    if (Date.now() > DEADLINE) return rows.push({ name, expected, observed: "not run (deadline)", ok: false });
    const attack = (async () => run())();
    const by = await bystander.during(attack);
    const { observed, ok } = await attack.catch((error) => ({ observed: `error: ${error.message}`.slice(0, 120), ok: false }));
    const withinBound = by.p95 <= bound;
    const row = { name, expected, observed, ok: ok && by.errors.length === 0 && (withinBound || !bounded), by, withinBound };
    if (by.errors.length) row.observed += ` | BYSTANDER FAILED ${by.errors.length}x: ${by.errors[0]}`;
    rows.push(row);
    const latency = `${by.p95.toFixed(0)} ms${withinBound ? "" : " (>3x+50)"}`;
    console.log(`${cut(name, 58)} | ${cut(expected, 44)} | ${cut(row.observed, 70)} | ${cut(latency, 13)} | ${row.ok ? "yes" : "NO"}`);
    if (by.errors.length) console.log(`  the bystander's failed calls: ${by.errors.slice(0, 3).join(" / ")}`);
  };
  const ctx = { server, check, bystander };
  try {
    // REDTEAM_ONLY=shares,cpu runs some kinds only (while working on them); the full run is every kind.
    const only = process.env.REDTEAM_ONLY?.split(",");
    const kinds = { requests: requestCases, flows: flowCases, shares: shareCases, neighbours: neighbourCases, cpu: cpuCases };
    for (const [kind, cases] of Object.entries(kinds)) if (!only || only.includes(kind)) await cases(ctx);
    await check("the server after every case", `alive; peak RSS under the ceiling (${ceiling} MB)`, async () => {
      const alive = await server.alive();
      return { observed: `alive=${alive}, exit=${server.child.exitCode}, RSS now ${server.rssMB()} MB, peak ${peak} MB`, ok: alive && peak < ceiling };
    });
  } finally {
    clearInterval(sampler);
    server.child.kill("SIGTERM");
  }
}

await Promise.race([main(), new Promise((_, reject) => setTimeout(() => reject(new Error("redteam deadline")), 960_000).unref())]).catch((error) => {
  rows.push({ name: "(run)", expected: "finishes", observed: error.message.slice(0, 200), ok: false });
  console.log(`(run) failed: ${error.message.slice(0, 300)}`);
});
const slow = rows.filter((r) => r.by && !r.withinBound);
console.log(`\n${rows.filter((r) => r.ok).length} of ${rows.length} cases hold`);
// The table cuts each observation to its column; a case that did not hold is said in full.
for (const r of rows.filter((r) => !r.ok)) console.log(`  did not hold: ${r.name}: ${r.observed}`);
console.log(
  `bystander p95 within 3x alone + 50 ms during ${rows.length - slow.length} of ${rows.length} cases${slow.length ? `; over it: ${slow.map((r) => r.name).join("; ")}` : ""}`,
);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
