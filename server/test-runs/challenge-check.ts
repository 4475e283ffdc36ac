// Challenge checks: hidden tests judge a learner's server over MCP; the learner sees names, pass or fail, the real
// failure first (compile error, load error, time limit, the tool's own failure) and hints. The hidden checks run in
// a VM that holds only them and the testing runtime; the learner's code runs in the server VM (see test-run.ts).
import { randomInt } from "node:crypto";
import type { CheckProblem, CheckReport, CheckResult } from "../../contract/api";
import type { ToolErrorCode } from "../../contract/tool-errors";
import { compileProject, type CompiledProject } from "../compile/compile";
import { isTestFile, type Diagnostic, type ProjectFiles } from "../compile/project-files";
import type { ChallengeMaterial } from "../lessons/catalog";
import { runProjectTests, type ServerFailure, type TestOutcome, type TestReport, type TestRunDeps } from "./test-run";

// The report's shapes are the API's (contract/api.ts): `failure` is the first real problem of the whole run, for a
// banner above the checks and for a room's clusters; each check's `problem` points into the learner's code.
export type { CheckReport } from "../../contract/api";

const only = (files: ProjectFiles, keep: (name: string) => boolean): ProjectFiles => Object.fromEntries(Object.entries(files).filter(([name]) => keep(name)));

/** "file.ts:12" (as the runtime reports places) as separate fields. */
function place(where: string | undefined): { file?: string; line?: number } {
  const match = where && /^(.*):(\d+)$/.exec(where);
  return match ? { file: match[1], line: Number(match[2]) } : {};
}

function compileProblem(diagnostics: Diagnostic[]): CheckProblem {
  const [first] = diagnostics;
  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : "";
  return { kind: "compile", message: `Your code does not compile: ${first.file}:${first.line}: ${first.message}${more}`, file: first.file, line: first.line };
}

function serverProblem(failure: ServerFailure): CheckProblem {
  const at = place(failure.where);
  if (failure.kind === "load")
    return { kind: "load", message: `Your project did not load: ${failure.message}${failure.where ? ` (at ${failure.where})` : ""}`, ...at };
  const code = failure.code as ToolErrorCode | undefined;
  const kind = code === "TIMEOUT" ? "timeout" : code === "OUT_OF_MEMORY" ? "memory" : "tool";
  const where = failure.where && !failure.message.includes(failure.where) ? ` (at ${failure.where})` : "";
  return { kind, message: `Your tool failed while this check ran: ${failure.message}${where}`, ...at };
}

/**
 * Failures after which a check cannot judge, so it fails whatever its assertions said: a time or memory limit, or a
 * question the runtime refused to ask (a form that is not flat, elicitation switched off); "nothing happened" would
 * otherwise pass. An uncaught throw does not count: failing loudly can be a tool's chosen way to refuse.
 */
const CANNOT_JUDGE: ReadonlySet<string> = new Set<ToolErrorCode>(["TIMEOUT", "OUT_OF_MEMORY", "INVALID_SCHEMA", "ELICITATION_DISABLED"]);
const cannotJudge = (failure: ServerFailure) => failure.code !== undefined && CANNOT_JUDGE.has(failure.code);

/** Why a check's test failed, when the reason is the code under test rather than the check's assertions. */
function problemOf(test: TestOutcome): CheckProblem | undefined {
  const load = test.serverFailures?.find((f) => f.kind === "load");
  if (load) return serverProblem(load);
  const limit = test.serverFailures?.find(cannotJudge);
  if (limit) return serverProblem(limit);
  if (test.stopped === "timeout") return { kind: "timeout", message: `This check ran out of time: ${test.error?.message ?? "it did not finish"}` };
  if (test.stopped) return { kind: test.stopped === "memory" ? "memory" : "tool", message: `This check was stopped: ${test.error?.message ?? test.stopped}` };
  const first = test.serverFailures?.[0];
  return first && serverProblem(first);
}

type Judged = { passed: boolean; problem?: CheckProblem; did?: CheckResult["did"] };

/** What a failed check did and what came back: its calls and its assertion's expected and received, not its code. */
function didOf(test: TestOutcome): CheckResult["did"] {
  const { expected, actual, message } = test.error ?? {};
  // The assertion's own words only when it printed no values (the first line: never the check's source).
  const said = expected === undefined && actual === undefined ? message?.split("\n")[0] : undefined;
  return {
    calls: test.calls ?? [],
    ...(expected !== undefined && { expected }),
    ...(actual !== undefined && { received: actual }),
    ...(said && { message: said }),
  };
}

function judged(test: TestOutcome | undefined): Judged {
  if (!test) return { passed: false };
  const passed = test.status === "passed" && !test.stopped && !test.serverFailures?.some(cannotJudge);
  return passed ? { passed } : { passed, problem: problemOf(test), did: didOf(test) };
}

/** A report; with `failure` of a compile or load error, no check ran, so none carries a hint (the failure comes first). */
function report(material: ChallengeMaterial, outcome: (name: string) => Judged, failure?: CheckProblem): CheckReport {
  const notRun = failure?.kind === "compile" || failure?.kind === "load";
  const checks = material.checkNames.map((name): CheckResult => {
    const { passed, problem, did } = outcome(name);
    if (passed) return { name, passed };
    if (notRun) return { name, passed, notRun };
    return { name, passed, message: material.hints[name] ?? "This check did not pass yet.", ...(problem && { problem }), ...(did && { did }) };
  });
  const first = failure ?? checks.find((c) => c.problem)?.problem;
  return { passed: checks.every((c) => c.passed), checks, ...(first && { failure: first }) };
}

/** Compiles the hidden material once per challenge: it never changes while the server runs. */
const builds = new WeakMap<object, Promise<CompiledProject>>();
function buildOf(files: ProjectFiles): Promise<CompiledProject> {
  let build = builds.get(files);
  if (!build) {
    build = compileProject(files).then((out) => {
      if (!out.ok) throw new Error(`hidden challenge files do not compile: ${JSON.stringify(out.diagnostics[0])}`);
      return out.project;
    });
    builds.set(files, build);
  }
  return build;
}

/** Runs the hidden checks (a VM of their own, a fresh server VM per check) against the learner's non-test files (the server VM). */
async function checkWithHiddenTests(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  const compiled = await compileProject(only(learner, (name) => !isTestFile(name)));
  if (!compiled.ok) return report(material, () => ({ passed: false }), compileProblem(compiled.diagnostics));
  const checks = await buildOf(material.checks);
  // Each check meets a server of its own: a fault one check names cannot make another fail.
  const result = await runProjectTests(deps, { server: compiled.project, tests: checks }, Object.keys(material.checks), undefined, "test");
  const byName = new Map(result.tests.map((t) => [t.name, t]));
  const load = result.tests.flatMap((t) => t.serverFailures ?? []).find((f) => f.kind === "load");
  return report(material, (name) => judged(byName.get(name)), load && serverProblem(load));
}

/** The learner's first test that failed on the correct tool, as the problem to show first. */
function learnerTestProblem(run: TestReport | undefined): CheckProblem | undefined {
  const failed = run?.tests.find((t) => t.status === "failed");
  if (!failed) return undefined;
  const line = failed.error?.line;
  const at = line === undefined ? "" : `:${line}`;
  return {
    kind: failed.stopped === "timeout" ? "timeout" : "test",
    message: `Your test "${failed.name}" failed on the correct tool (${failed.file}${at}): ${failed.error?.message ?? "failed"}`,
    file: failed.file,
    ...(line !== undefined && { line }),
  };
}

/** Starts `work` for every item in a random order; the results come back in the items' order. */
function inRandomOrder<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const results = new Array<Promise<R>>(items.length);
  for (const i of order) results[i] = work(items[i]);
  return Promise.all(results);
}

/**
 * Runs the learner's tests (their own VM) against the right tool (all must pass) and each broken one (some must fail).
 * The tests reach the tool only over MCP: nothing of the tool's source is in the tests' VM.
 */
async function checkLearnerTests(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  const runner = material.runner!;
  const compiled = await compileProject(learner);
  if (!compiled.ok) return report(material, () => ({ passed: false }), compileProblem(compiled.diagnostics));
  const tests = compiled.project;
  const testFiles = Object.keys(learner).filter(isTestFile);
  const allPassed = (r: TestReport | undefined) => !!r && r.tests.length > 0 && r.failed === 0 && r.passed > 0 && r.skipped === 0;
  const caught = (r: TestReport) => r.tests.some((t) => t.status === "failed" && !t.stopped && !/did not load/.test(t.name));
  const run = async (files: ProjectFiles) => runProjectTests(deps, { server: await buildOf(files), tests }, testFiles);
  // Every run at once, queued in a random order: a test that reads the clock cannot tell the correct run (which
  // would otherwise always come first) from the broken ones, so only what it sees over MCP tells them apart.
  const variants = [material.solution, ...runner.broken.map((variant) => material.broken[variant.dir] ?? {})];
  const runs = testFiles.length ? await inRandomOrder(variants, run) : [];
  const [correct, ...onBroken] = runs;
  const correctPassed = allPassed(correct);
  const broken = runner.broken.map((_, i) => correctPassed && caught(onBroken[i]));
  const outcome = new Map<string, boolean>([[runner.correct.check, correctPassed], ...runner.broken.map((v, i) => [v.check, broken[i]] as [string, boolean])]);
  const problem = correctPassed ? undefined : learnerTestProblem(correct);
  return report(material, (name) => ({ passed: outcome.get(name) === true, ...(name === runner.correct.check && problem && { problem }) }), problem);
}

export function checkChallenge(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  return material.mode === "learner-tests" ? checkLearnerTests(deps, material, learner) : checkWithHiddenTests(deps, material, learner);
}
