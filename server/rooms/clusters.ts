// Failure clusters by cause: a learner whose code does not compile, or is still the starter, fails every check for
// that reason alone, so they are grouped by it and left out of the per-check clusters, which then hold only learners
// whose code compiles and changed.
import type { LearnerRow, ProgressRow } from "./store";
import type { FailureCluster } from "../../contract/rooms";

const CAUSE_ORDER: FailureCluster["kind"][] = ["compile", "starter", "tool", "check"];

export function clustersByCause(rows: ProgressRow[], present: LearnerRow[]): FailureCluster[] {
  const starterItem = new Map(present.map((l) => [l.id, l.starter_item]));
  const clusters = new Map<string, FailureCluster>();
  const add = (kind: FailureCluster["kind"], item: string, text: string, learner: number) => {
    // A compile or starter cluster is one per item whatever the error says: the cause is what the teacher acts on.
    const key = JSON.stringify(kind === "compile" || kind === "starter" ? [kind, item] : [kind, item, text]);
    const cluster = clusters.get(key) ?? { kind, item, text, count: 0, learners: [] };
    cluster.count++;
    cluster.learners.push(learner);
    clusters.set(key, cluster);
  };
  for (const p of rows) {
    if (p.problem_kind === "compile" && p.problem) {
      add("compile", p.item, p.problem, p.learner_id);
      continue;
    }
    if (starterItem.get(p.learner_id) === p.item && p.tried && !p.passes_now) {
      add("starter", p.item, "The code is still the starter", p.learner_id);
      continue;
    }
    if (p.problem_kind === "tool" && p.problem) add("tool", p.item, p.problem, p.learner_id);
    for (const check of p.failing) add("check", p.item, check, p.learner_id);
  }
  // Causes first; within a cause, the biggest first: the teacher answers the question twenty people have first.
  return [...clusters.values()].sort(
    (a, b) => CAUSE_ORDER.indexOf(a.kind) - CAUSE_ORDER.indexOf(b.kind) || b.count - a.count || a.item.localeCompare(b.item) || a.text.localeCompare(b.text),
  );
}
