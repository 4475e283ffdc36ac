// Under the outcome of a misbehaving call: which rule the client broke, what the server answered, and whether that
// answer keeps the spec's rule, with a link to the section that states it.
import { eraOf, MISBEHAVIOURS, type MisbehaviourName } from "../../contract/misbehaviour";
import type { FinishedCall } from "../tabs/call/call-store";
import { serverKept } from "./server-kept";

export function RuleKept({ call, broke }: { call: FinishedCall; broke: MisbehaviourName }) {
  const rule = MISBEHAVIOURS[broke];
  const { kept, answered } = serverKept(broke, call);
  return (
    <section
      aria-label="The rule this client broke"
      data-testid="rule-kept"
      data-kept={kept}
      className={`rounded-lg border p-3 text-sm ${kept ? "border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-950/30" : "border-rose-300 bg-rose-50/60 dark:border-rose-800 dark:bg-rose-950/30"}`}
    >
      <p>
        <strong>This client broke a rule:</strong> {rule.label}. {rule.does}
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {eraOf(broke) === "2026-07-28"
          ? "“What you answered” is the person's answer; round 2 sent the broken one. The Wire tab shows both rounds as sent."
          : "The Wire tab shows the broken POST and the session's answer to it, beside the call's own stream."}
      </p>
      <p className="mt-1">
        <strong>The server answered</strong> {answered}. {kept ? "That answer keeps the rule:" : "That answer does not keep the rule, which says:"}{" "}
        <em>{rule.rule}</em>{" "}
        <a className="text-indigo-700 underline dark:text-indigo-300" href={rule.spec} target="_blank" rel="noreferrer noopener">
          Read it in the spec
        </a>
      </p>
    </section>
  );
}
