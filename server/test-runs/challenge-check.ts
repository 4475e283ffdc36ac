// Challenge checks: hidden tests run against a learner's files; the learner sees names, pass or fail, and hints only.
import { compileProject } from "../compile/compile";
import { isTestFile, type ProjectFiles } from "../compile/project-files";
import type { ChallengeMaterial } from "../lessons/catalog";
import { runProjectTests, type TestReport, type TestRunDeps } from "./test-run";

type CheckResult = { name: string; passed: boolean; message?: string };
export type CheckReport = { passed: boolean; checks: CheckResult[] };

/** Hidden check files go under a folder no learner file can use, so names never collide. */
const HIDDEN_DIR = "__checks__";

function nonTestFiles(files: ProjectFiles): ProjectFiles {
  return Object.fromEntries(Object.entries(files).filter(([name]) => !isTestFile(name)));
}

function onlyTests(files: ProjectFiles): ProjectFiles {
  return Object.fromEntries(Object.entries(files).filter(([name]) => isTestFile(name)));
}

function report(material: ChallengeMaterial, passedNames: (name: string) => boolean): CheckReport {
  const checks = material.checkNames.map((name) => {
    const passed = passedNames(name);
    return passed ? { name, passed } : { name, passed, message: material.hints[name] ?? "This check did not pass yet." };
  });
  return { passed: checks.every((c) => c.passed), checks };
}

async function runTests(deps: TestRunDeps, files: ProjectFiles, testFiles: string[]): Promise<TestReport | undefined> {
  const compiled = await compileProject(files);
  if (!compiled.ok) return undefined;
  return runProjectTests(deps, compiled.project, testFiles);
}

/** Runs the hidden checks files against the learner's own (non-test) files. */
async function checkWithHiddenTests(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  const hidden = Object.fromEntries(Object.entries(material.checks).map(([name, source]) => [`${HIDDEN_DIR}/${name}`, source]));
  const result = await runTests(deps, { ...nonTestFiles(learner), ...hidden }, Object.keys(hidden));
  const passed = new Set(result?.tests.filter((t) => t.status === "passed").map((t) => t.name) ?? []);
  return report(material, (name) => passed.has(name));
}

/** Runs the learner's tests against the right tool (all must pass) and each broken one (some must fail). */
async function checkLearnerTests(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  const runner = material.runner!;
  const tests = onlyTests(learner);
  const testFiles = Object.keys(tests);
  const allPassed = (r: TestReport | undefined) => !!r && r.tests.length > 0 && r.failed === 0 && r.passed > 0 && r.skipped === 0;
  const caught = (r: TestReport | undefined) => !!r && r.tests.some((t) => t.status === "failed" && !/timed out|did not load/i.test(t.error?.message ?? ""));
  const correct = testFiles.length ? await runTests(deps, { ...nonTestFiles(material.solution), ...tests }, testFiles) : undefined;
  const correctPassed = allPassed(correct);
  const broken = await Promise.all(
    runner.broken.map(async (variant) => {
      if (!correctPassed) return false;
      return caught(await runTests(deps, { ...nonTestFiles(material.broken[variant.dir] ?? {}), ...tests }, testFiles));
    }),
  );
  const outcome = new Map<string, boolean>([[runner.correct.check, correctPassed], ...runner.broken.map((v, i) => [v.check, broken[i]] as [string, boolean])]);
  return report(material, (name) => outcome.get(name) === true);
}

export function checkChallenge(deps: TestRunDeps, material: ChallengeMaterial, learner: ProjectFiles): Promise<CheckReport> {
  return material.mode === "learner-tests" ? checkLearnerTests(deps, material, learner) : checkWithHiddenTests(deps, material, learner);
}
