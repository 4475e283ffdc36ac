// The fairness proof a teacher's challenge passes before any learner sees it: the checks compile, there is at least
// one, every check has a hint, the reference solution passes every check, the starter fails at least one, and each
// check fails on at least one broken variant (a warning when not). The runs are Checks: the same checkChallenge a
// learner's Check goes through, in the same sandbox, queue and limits, so the reports are the ones a learner gets.
import { checkNamesIn, type ChallengeDraft, type FairnessFinding, type FairnessProof } from "../../contract/challenges";
import { compileProject } from "../compile/compile";
import type { ChallengeMaterial } from "../lessons/catalog";
import { checkChallenge } from "../test-runs/challenge-check";
import type { TestRunDeps } from "../test-runs/test-run";

/** The hidden material a Check runs, from an authored challenge (always the "checks" mode: learner-tests is c7's own). */
export function materialOf(draft: ChallengeDraft): ChallengeMaterial {
  const checkNames = Object.keys(draft.checks)
    .sort()
    .flatMap((name) => checkNamesIn(draft.checks[name]));
  return { checks: draft.checks, hints: draft.hints, solution: draft.solution, broken: draft.broken, mode: "checks", checkNames };
}

const failing = (report: { checks: { name: string; passed: boolean }[] }) => report.checks.filter((c) => !c.passed).map((c) => c.name);
const list = (names: string[]) => names.map((n) => `"${n}"`).join(", ");

/** The rules that need no sandbox: checks exist, have distinct names and each has a hint. */
function staticFindings(draft: ChallengeDraft, checkNames: string[]): FairnessFinding[] {
  const refusals: FairnessFinding[] = [];
  if (checkNames.length === 0) refusals.push({ rule: "has-checks", message: 'The check files hold no test("name", ...): each test is one check' });
  const twice = checkNames.filter((name, i) => checkNames.indexOf(name) !== i);
  if (twice.length) refusals.push({ rule: "has-checks", message: `Two checks share a name: ${list([...new Set(twice)])}`, checks: [...new Set(twice)] });
  const unhinted = checkNames.filter((name) => !draft.hints[name]?.trim());
  if (unhinted.length) refusals.push({ rule: "hint-per-check", message: `These checks have no hint: ${list(unhinted)}`, checks: unhinted });
  return refusals;
}

export async function proveFair(deps: TestRunDeps, draft: ChallengeDraft): Promise<FairnessProof> {
  const material = materialOf(draft);
  const { checkNames } = material;
  const refusals = staticFindings(draft, checkNames);
  const warnings: FairnessFinding[] = [];
  const compiled = await compileProject(draft.checks);
  if (!compiled.ok) {
    const [first] = compiled.diagnostics;
    refusals.push({ rule: "checks-compile", message: `The checks do not compile: ${first.file}:${first.line}: ${first.message}` });
  }
  if (!compiled.ok || checkNames.length === 0) return { fair: false, refusals, warnings, checkNames };

  const variants = Object.entries(draft.broken);
  const [solution, starter, ...onBroken] = await Promise.all([
    checkChallenge(deps, material, draft.solution),
    checkChallenge(deps, material, draft.starter),
    ...variants.map(([, files]) => checkChallenge(deps, material, files)),
  ]);
  if (!solution.passed) {
    const names = failing(solution);
    const why = solution.failure ? ` (${solution.failure.message})` : "";
    refusals.push({ rule: "solution-passes", message: `The reference solution fails ${list(names)}${why}`, checks: names });
  }
  if (starter.passed) refusals.push({ rule: "starter-fails", message: "The starter passes every check: there is nothing for a learner to do" });
  if (variants.length === 0) {
    warnings.push({ rule: "variants-caught", message: "No broken variants: add one per mistake you expect, to show each check catches something" });
  } else {
    const uncaught = checkNames.filter((name) => !onBroken.some((report) => failing(report).includes(name)));
    if (uncaught.length) warnings.push({ rule: "variants-caught", message: `No broken variant fails ${list(uncaught)}`, checks: uncaught });
    const missed = variants.filter((_, i) => onBroken[i].passed).map(([name]) => name);
    if (missed.length) warnings.push({ rule: "variants-caught", message: `Every check passes on the broken variant ${list(missed)}` });
  }
  const broken = Object.fromEntries(variants.map(([name], i) => [name, onBroken[i]]));
  return { fair: refusals.length === 0, refusals, warnings, checkNames, solution, starter, broken };
}
