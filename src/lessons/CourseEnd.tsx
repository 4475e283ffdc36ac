// The end of course: what passes (from the server's verdicts the page kept), what each lesson and challenge taught
// in one line, and where to go next. Opened after the last challenge, or from the lessons menu's last entry.
import { useEffect, useRef } from "react";
import { ITEM_STATE_LABELS, type ItemState } from "../../contract/verdicts";
import type { CourseStep } from "./course";
import { passingCount } from "./course";
import { type Progress, stateIn } from "./progress";

const MARK: Partial<Record<ItemState, string>> = { "passes-now": "✓", "passed-before": "⚠" };
const STATE_CLASS: Partial<Record<ItemState, string>> = {
  "passes-now": "text-emerald-700 dark:text-emerald-400",
  "passed-before": "text-amber-700 dark:text-amber-400",
};

/** Where a learner goes after the course: the spec's elicitation page, the official SDK, and their own server's Connect panel. */
const ONWARD = [
  {
    href: "https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation",
    title: "The MCP specification: elicitation",
    why: "Every rule the playground's server keeps, in the spec's own words.",
  },
  {
    href: "https://github.com/modelcontextprotocol/typescript-sdk",
    title: "The official TypeScript SDK",
    why: "What lessons 13 to 15 ran: build your own server on it.",
  },
];

export function CourseEnd({ steps, progress, onPick, onConnect }: { steps: CourseStep[]; progress: Progress; onPick(id: string): void; onConnect(): void }) {
  const count = passingCount(steps, (id) => stateIn(progress, id) === "passes-now");
  const heading = useRef<HTMLHeadingElement>(null);
  // It opens at its top whatever the lesson pane's scroll was, and a keyboard user starts from its heading.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const groups = (["lesson", "challenge"] as const).map((kind) => [kind, steps.filter((s) => s.lesson.kind === kind)] as const);
  return (
    <article className="p-4" aria-label="End of course" data-testid="course-end">
      <h1 ref={heading} tabIndex={-1} className="mb-1 text-xl font-bold outline-none">
        End of course
      </h1>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="course-end-count">
        {count.passing} of {count.total} lessons and challenges pass now{count.passing === count.total ? ": all of them. Well done." : "."}
      </p>
      {groups.map(([kind, list]) => (
        <section key={kind} className="mb-4">
          <h2 className="mb-1 text-sm font-semibold">{kind === "lesson" ? "What each lesson taught" : "What each challenge asked of you"}</h2>
          <ol className="space-y-1.5">
            {list.map((s) => {
              const state = stateIn(progress, s.lesson.id);
              return (
                <li key={s.lesson.id} className="text-sm" data-testid="course-end-item" data-state={state}>
                  <button
                    type="button"
                    className="text-left font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                    onClick={() => onPick(s.lesson.id)}
                  >
                    {s.label}: {s.lesson.title}
                  </button>{" "}
                  <span className={`text-xs whitespace-nowrap ${STATE_CLASS[state] ?? "text-slate-600 dark:text-slate-400"}`}>
                    {MARK[state] ? `${MARK[state]} ` : ""}
                    {state === "not-opened" ? "Not passed yet" : ITEM_STATE_LABELS[state]}
                  </span>
                  <p className="text-slate-700 dark:text-slate-300">{s.lesson.taught}</p>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      <section aria-label="Where to go next" className="border-t border-slate-200 pt-3 dark:border-slate-700">
        <h2 className="mb-1 text-sm font-semibold">Where to go next</h2>
        <ul className="space-y-2 text-sm">
          {ONWARD.map((o) => (
            <li key={o.href}>
              <a className="font-medium text-indigo-700 underline dark:text-indigo-300" href={o.href} target="_blank" rel="noreferrer noopener">
                {o.title}
              </a>
              <p className="text-slate-700 dark:text-slate-300">{o.why}</p>
            </li>
          ))}
          <li>
            <button type="button" className="btn-secondary text-sm" onClick={onConnect}>
              Open the Connect panel
            </button>
            <p className="text-slate-700 dark:text-slate-300">Your playground server is a real MCP server: connect Claude Code or the MCP Inspector to it.</p>
          </li>
        </ul>
      </section>
    </article>
  );
}
