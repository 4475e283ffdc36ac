// A lesson's verdict on a session as it is now: its hidden goal check run on the learner's files, and/or the steps
// the server itself served (docs/verdicts.md). A learner's own tests never count: they judge nothing here.
import type { CheckReport } from "../../contract/api";
import type { LessonVerdict, TickRule } from "../../contract/verdicts";
import { compileProject } from "../compile/compile";
import { isTestFile, type ProjectFiles } from "../compile/project-files";
import type { ChallengeMaterial } from "../lessons/catalog";
import type { ServedSteps } from "../session/served-steps";
import { checkChallenge } from "./challenge-check";
import type { TestRunDeps } from "./test-run";

export type LessonJudging = { lesson: string; rule: TickRule; material?: ChallengeMaterial; files: ProjectFiles; steps: ServedSteps };

export async function judgeLesson(deps: TestRunDeps, { lesson, rule, material, files, steps }: LessonJudging): Promise<LessonVerdict> {
  const missing = (rule.steps ?? []).filter((step) => !steps.has(step));
  const compiled = await compileProject(Object.fromEntries(Object.entries(files).filter(([name]) => !isTestFile(name))));
  if (!compiled.ok) {
    const [first] = compiled.diagnostics;
    return { lesson, passesNow: false, missing, compile: { file: first.file, line: first.line, message: first.message } };
  }
  const report = rule.check && material ? await checkChallenge(deps, material, files) : undefined;
  const check = report && { passed: report.passed, checks: report.checks.map(({ name, passed, message }) => ({ name, passed, ...(message && { message }) })) };
  return { lesson, passesNow: missing.length === 0 && (!rule.check || report?.passed === true), missing, ...(check && { check }) };
}

/** The verdict as a room records it: each step and goal check a row, the compile error as the run's problem. */
export function verdictReport(verdict: LessonVerdict, rule: TickRule): CheckReport {
  const steps = (rule.steps ?? []).map((name) => ({ name, passed: !verdict.missing.includes(name) }));
  const checks = [...steps, ...(verdict.check?.checks ?? []).map(({ name, passed }) => ({ name, passed }))];
  const { compile } = verdict;
  return {
    passed: verdict.passesNow,
    checks,
    ...(compile && {
      failure: {
        kind: "compile" as const,
        message: `Your code does not compile: ${compile.file}:${compile.line}: ${compile.message}`,
        file: compile.file,
        line: compile.line,
      },
    }),
  };
}
