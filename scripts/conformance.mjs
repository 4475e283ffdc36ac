// `npm run conformance`: the official MCP conformance suite's 2026-07-28 server scenarios against a
// playground session serving scripts/conformance-project/ (tools written with @frontmcp/sdk, as a learner would).
// Exits 0 when every elicitation and request-state scenario passes; see the table for the rest.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const PACKAGE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const SPEC = "2026-07-28";
const PARALLEL = 4;

/** The elicitation and request-state scenarios: the run fails unless each passes with no failure or warning. */
const REQUIRED = new Set(
  ["basic-elicitation", "request-state", "multi-round", "missing-input-response", "result-type", "unsupported-methods", "tampered-state", "ignore-extra-params", "validate-input"].map(
    (s) => `input-required-result-${s}`,
  ),
);

/** What the playground does not offer learners (its servers only have tools that elicit), with the reason shown. */
function unsupportedReason(name) {
  if (name === "input-required-result-basic-sampling") return "sampling";
  if (name === "input-required-result-basic-list-roots") return "roots";
  if (name === "input-required-result-multiple-input-requests") return "sampling and roots in one round";
  if (name === "input-required-result-capability-check") return "expects a sampling request instead of elicitation";
  if (name === "input-required-result-non-tool-request" || name.startsWith("prompts-")) return "prompts";
  if (name.startsWith("resources-") || name === "sep-2164-resource-not-found") return "resources";
  if (name === "completion-complete") return "completions";
  if (name === "tools-call-with-progress") return "progress notifications";
  if (name.startsWith("tasks-")) return "tasks";
  return undefined;
}

/** Node 22 and the CLI: the copy in .cache/conformance when it is that exact version, else npx. */
function conformanceCommand(args) {
  const cache = join(root, ".cache/conformance/node_modules");
  const node22 = join(cache, "node/bin/node");
  const pkg = join(cache, "@modelcontextprotocol/conformance/package.json");
  if (existsSync(node22) && existsSync(pkg) && `@modelcontextprotocol/conformance@${JSON.parse(readFileSync(pkg, "utf8")).version}` === PACKAGE)
    return [node22, [join(cache, "@modelcontextprotocol/conformance/dist/index.js"), ...args]];
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  return ["npx", ["-y", "-p", "node@22", "-p", PACKAGE, "-c", `conformance ${quoted}`]];
}

function conformance(args) {
  const [cmd, argv] = conformanceCommand(args);
  return new Promise((resolve) => {
    execFile(cmd, argv, { cwd: root, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }, (error, stdout, stderr) => resolve({ error, stdout, stderr }));
  });
}

/** The real server (`npm start` without the page build) on a free port; resolves once it prints its URL. */
function startPlayground() {
  const child = spawn(process.execPath, ["--import", "./scripts/register-ts.mjs", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`the playground exited (${code}) before serving:\n${out}`)));
  });
}

async function createSession(baseUrl) {
  const dir = join(root, "scripts/conformance-project");
  const files = Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
  const res = await fetch(`${baseUrl}/api/sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ files }) });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`the conformance project did not compile: ${JSON.stringify(body)}`);
  return body;
}

async function listScenarios() {
  const { error, stdout, stderr } = await conformance(["list", "--server"]);
  if (error) throw new Error(`conformance list failed: ${stderr || error.message}`);
  // Lines look like "  - name [2025-11-25,2026-07-28]".
  return [...stdout.matchAll(/^\s*- (\S+) \[([^\]]*)\]/gm)].filter((m) => m[2].split(",").includes(SPEC)).map((m) => m[1]);
}

async function runScenario(name, mcpUrl, outRoot) {
  const out = join(outRoot, name);
  const { stdout, stderr } = await conformance(["server", "--url", mcpUrl, "--scenario", name, "-o", out]);
  const runDir = existsSync(out) ? readdirSync(out).map((d) => join(out, d, "checks.json")).find(existsSync) : undefined;
  const checks = runDir ? JSON.parse(readFileSync(runDir, "utf8")) : [];
  const graded = checks.filter((c) => c.status !== "INFO").map((c) => ({ id: c.id, status: c.status, ...(c.errorMessage && { errorMessage: c.errorMessage }) }));
  const count = (status) => graded.filter((c) => c.status === status).length;
  const reason = unsupportedReason(name);
  const scenario = {
    name,
    category: REQUIRED.has(name) ? "required" : reason ? "not supported" : "other",
    ...(reason && { reason }),
    passed: count("SUCCESS"),
    failed: count("FAILURE"),
    warnings: count("WARNING"),
    skipped: count("SKIPPED"),
    checks: graded,
  };
  if (graded.length === 0) scenario.error = (stderr || stdout).trim().split("\n").slice(-5).join("\n");
  return scenario;
}

function verdict(s) {
  if (s.error || (s.failed === 0 && s.passed === 0)) return "ERROR";
  if (s.category === "not supported") return "not supported";
  if (s.failed > 0) return "FAILED";
  return s.warnings > 0 ? "passed (warnings)" : "passed";
}

function printTable(scenarios) {
  const rows = scenarios.map((s) => [s.name, s.category, `${s.passed}/${s.passed + s.failed + s.warnings + s.skipped}`, String(s.failed), String(s.warnings), verdict(s)]);
  const head = ["scenario", "category", "passed", "failed", "warn", "result"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  console.log();
  for (const s of scenarios) {
    const problems = s.checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
    if (s.error) console.log(`${s.name}: no checks ran\n  ${s.error.replace(/\n/g, "\n  ")}`);
    if (problems.length === 0) continue;
    console.log(`${s.name}${s.reason ? ` (not supported: ${s.reason})` : ""}:`);
    for (const c of problems) console.log(`  ${c.status} ${c.id}: ${(c.errorMessage ?? "").slice(0, 240)}`);
  }
}

const playground = await startPlayground();
const outRoot = mkdtempSync(join(tmpdir(), "conformance-"));
let ok = false;
try {
  const session = await createSession(playground.url);
  const names = await listScenarios();
  console.log(`${PACKAGE}: ${names.length} server scenarios for ${SPEC} against ${session.mcpUrl}\n`);
  const scenarios = [];
  const queue = [...names];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) scenarios.push(await runScenario(name, session.mcpUrl, outRoot));
    }),
  );
  scenarios.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
  printTable(scenarios);

  const required = scenarios.filter((s) => s.category === "required");
  const missing = [...REQUIRED].filter((n) => !names.includes(n));
  ok = missing.length === 0 && required.every((s) => verdict(s) === "passed");
  console.log(
    `\nNot supported by the playground (its learner servers have tools and elicitation only): sampling, roots, prompts, resources, completions, progress and tasks. ` +
      `Those scenarios are reported, not counted.`,
  );
  console.log(`"other" scenarios are reported for information; only the elicitation and request-state ("required") ones decide the exit code.`);
  if (missing.length) console.log(`Missing from this suite version: ${missing.join(", ")}`);
  console.log(`\n${ok ? "OK" : "FAILED"}: ${required.filter((s) => verdict(s) === "passed").length}/${REQUIRED.size} elicitation and request-state scenarios pass.`);

  mkdirSync(join(root, "test-results"), { recursive: true });
  const report = { suite: PACKAGE, spec: SPEC, date: new Date().toISOString(), ok, scenarios: scenarios.map((s) => ({ ...s, result: verdict(s) })) };
  writeFileSync(join(root, "test-results/conformance.json"), JSON.stringify(report, null, 2) + "\n");
  console.log("Written: test-results/conformance.json");
} finally {
  playground.stop();
  rmSync(outRoot, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
