// What the server's fairness proof said of the last save: published or draft, each refusal and warning, and the
// reports it ran (the solution, the starter, each broken variant) shown as a learner's Check report is.
import { useEffect, useRef } from "react";
import type { FairnessProof } from "../server-bridge/challenges";
import { CheckReport } from "../tabs/tests/CheckReport";

function Report({ title, run, id }: { title: string; run: FairnessProof["solution"]; id: string }) {
  if (!run) return null;
  return (
    <details className="panel p-2">
      <summary className="cursor-pointer text-sm font-medium">
        {title}: {run.checks.filter((c) => c.passed).length} of {run.checks.length} checks pass
      </summary>
      <div className="pt-2">
        <CheckReport run={run} challengeId={id} />
      </div>
    </details>
  );
}

/** Each new answer of the proof is brought into view, its heading focused, so neither eyes nor a screen reader miss it. */
export function ProofPanel({ proof, status, id }: { proof: FairnessProof; status: "draft" | "published"; id: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [proof]);
  return (
    <section aria-labelledby="proof-title" className="space-y-2" data-testid="proof">
      <h2 id="proof-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold">
        Fairness proof
        <span
          data-testid="challenge-status"
          className={`badge ${status === "published" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}
        >
          {status === "published" ? "Published" : "Draft"}
        </span>
      </h2>
      {proof.refusals.length > 0 ? (
        <div role="alert" className="panel border-rose-300 p-2 dark:border-rose-800">
          <p className="text-sm font-medium">Not fair yet, so it stays a draft:</p>
          <ul className="list-disc pl-5 text-sm" data-testid="refusals">
            {proof.refusals.map((r, i) => (
              <li key={i} data-rule={r.rule}>
                {r.message}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p role="status" className="text-sm">
          Every rule holds: the solution passes every check, the starter fails at least one, every check has a hint. Rooms can use it.
        </p>
      )}
      {proof.warnings.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-200" data-testid="warnings">
          {proof.warnings.map((w, i) => (
            <li key={i}>{w.message}</li>
          ))}
        </ul>
      )}
      <Report title="Reference solution" run={proof.solution} id={id} />
      <Report title="Starter" run={proof.starter} id={id} />
      {Object.entries(proof.broken ?? {}).map(([name, run]) => (
        <Report key={name} title={`Broken variant ${name}`} run={run} id={id} />
      ))}
    </section>
  );
}
