// `npm run planted-bugs`: shows that the tests rewritten for being weak now fail when the behaviour they guard breaks.
// For each, it plants a bug in the code under test (one exact text replacement), runs that test alone, expects it to
// fail, and puts the file back whatever happens (that the same tests pass without the bug, `npm test` shows). Not part
// of `npm test`: each case starts a playground (the last one Chromium, and rebuilds the page twice), about four
// minutes in all. `--only <n>` runs one case.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const vitest = (...args) => ["npx", "vitest", "run", ...args];
const e2e = (...args) => vitest("--config", "e2e/vitest.config.ts", ...args);

const CASES = [
  {
    test: "lessons/lessons.spec.ts: a missing tests route used to be a skip",
    bug: "the tests route answers at another path, so POST /api/sessions/{id}/tests is 404",
    file: "server/routes/api-tests.ts",
    from: "path: /^\\/api\\/sessions\\/([^/]+)\\/tests$/",
    to: "path: /^\\/api\\/sessions\\/([^/]+)\\/tests-moved$/",
    run: vitest("lessons/lessons.spec.ts", "-t", "every lesson's own tests pass on its starter files"),
  },
  {
    test: "server/mcp/elicitation-modern.spec.ts: an unknown tool used to accept any failure",
    bug: "an unknown tool is answered as an internal error instead of InvalidParams",
    file: "server/mcp/learner-server.ts",
    from: "throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`)",
    to: "throw new ProtocolError(ProtocolErrorCode.InternalError, `Unknown tool: ${name}`)",
    run: vitest("server/mcp/elicitation-modern.spec.ts", "-t", "never sendElicitationResult"),
  },
  {
    test: "server/test-runs/test-run.spec.ts: the personas loop used to pass whatever ran",
    bug: "the runtime's registry drops the last test of every file",
    file: "runtime/testing/registry.ts",
    from: "return tests.map((t) => ({ id: t.id,",
    to: "return tests.slice(0, -1).map((t) => ({ id: t.id,",
    run: vitest("server/test-runs/test-run.spec.ts", "-t", "personas and raw requests"),
  },
  {
    test: "server/http/bad-input.spec.ts: the flood used to count the requests the test built",
    bug: "POST /api/sessions makes the session before it reads the body, so garbage leaves sessions behind",
    file: "server/routes/api-sessions.ts",
    from: "const files = await startingFiles(course, body);\n        const session = registry.create(clientOf(req)?.key);",
    to: "const session = registry.create(clientOf(req)?.key);\n        const files = await startingFiles(course, body);",
    run: vitest("server/http/bad-input.spec.ts", "-t", "are each refused as the client's fault, and make no session"),
  },
  {
    test: "e2e/keeping-work.e2e.ts: fixed sleeps replaced by polling",
    bug: "Reset code no longer removes the stored draft",
    file: "src/project/drafts.ts",
    from: "localStorage.removeItem(PREFIX + lessonId);",
    to: "void (PREFIX + lessonId);",
    run: e2e("e2e/keeping-work.e2e.ts", "-t", "reload keeps the draft"),
  },
];

let restore;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });

const only = process.argv.includes("--only") ? Number(process.argv[process.argv.indexOf("--only") + 1]) : undefined;
const rows = [];
for (const [i, c] of CASES.entries()) {
  if (only !== undefined && only !== i + 1) continue;
  const path = `${ROOT}${c.file}`;
  const original = readFileSync(path, "utf8");
  if (original.split(c.from).length !== 2) {
    rows.push({ ...c, verdict: "NOT PLANTED", line: `the text to replace is not in ${c.file} exactly once: update this case` });
    continue;
  }
  restore = () => writeFileSync(path, original);
  writeFileSync(path, original.replace(c.from, c.to));
  let result;
  try {
    result = spawnSync(c.run[0], c.run.slice(1), { cwd: ROOT, encoding: "utf8" });
  } finally {
    restore();
    restore = undefined;
  }
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  const line =
    output
      .split("\n")
      .find((l) => /AssertionError|Error:|expected /.test(l))
      ?.trim() ?? "(no failure line)";
  rows.push({ ...c, verdict: result.status === 0 ? "NOT CAUGHT" : "caught", line, command: c.run.join(" ") });
}

for (const r of rows) {
  console.log(`${r.verdict === "caught" ? "ok  " : "FAIL"} ${r.test}\n     bug: ${r.bug} (${r.file})\n     run: ${r.command}\n     ${r.verdict}: ${r.line}\n`);
}
process.exit(rows.every((r) => r.verdict === "caught") ? 0 : 1);
