// The lessons menu: a native select, numbered, grouped into lessons and challenges, each marked with its state
// (passes now, or passed before and broken now) and the edited ones marked. Native so it works with the keyboard
// and on a projector without surprises. Beside it, how far the learner is: "9 of 25".
import type { ItemState } from "../../contract/verdicts";
import type { CourseStep } from "./course";
import { END_OF_COURSE, passingCount } from "./course";
import { type Progress, stateIn } from "./progress";

/** The mark before an item's title, and the words after it, per state. */
const MARK: Partial<Record<ItemState, { before: string; after: string }>> = {
  "passes-now": { before: "✓ ", after: "" },
  "passed-before": { before: "⚠ ", after: " (passed before, broken now)" },
};

export function LessonMenu({
  steps,
  current,
  edited,
  progress,
  onPick,
}: {
  steps: CourseStep[];
  current?: string;
  edited: Set<string>;
  progress: Progress;
  onPick: (id: string) => void;
}) {
  const passesNow = (id: string) => stateIn(progress, id) === "passes-now";
  const count = passingCount(steps, passesNow);
  const ofKind = (kind: CourseStep["lesson"]["kind"]) => steps.filter((s) => s.lesson.kind === kind);
  const label = (kind: CourseStep["lesson"]["kind"], name: string) => {
    const list = ofKind(kind);
    return `${name} (${list.filter((s) => passesNow(s.lesson.id)).length} of ${list.length} pass now)`;
  };
  const groups: [string, CourseStep[]][] = [
    [label("lesson", "Lessons"), ofKind("lesson")],
    [label("challenge", "Challenges"), ofKind("challenge")],
  ];
  const broken = steps.filter((s) => stateIn(progress, s.lesson.id) === "passed-before").length;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 text-sm sm:flex-none">
      <label className="min-w-0 flex-1 sm:flex-none">
        <span className="sr-only">Lesson</span>
        <select
          className="field-input w-full truncate font-medium sm:w-[20rem]"
          value={current ?? ""}
          onChange={(e) => onPick(e.target.value)}
          aria-label="Lesson"
        >
          {!current && <option value="">Choose a lesson…</option>}
          {groups
            .filter(([, list]) => list.length)
            .map(([name, list]) => (
              <optgroup key={name} label={name}>
                {list.map((s) => {
                  const state = stateIn(progress, s.lesson.id);
                  return (
                    <option key={s.lesson.id} value={s.lesson.id} data-state={state}>
                      {MARK[state]?.before ?? ""}
                      {s.lesson.kind === "lesson" ? `${s.number}. ` : `C${s.number}. `}
                      {s.lesson.title}
                      {MARK[state]?.after ?? ""}
                      {edited.has(s.lesson.id) ? " (edited)" : ""}
                    </option>
                  );
                })}
              </optgroup>
            ))}
          {steps.length > 0 && (
            <optgroup label="Finish">
              <option value={END_OF_COURSE}>End of course: what you learned</option>
            </optgroup>
          )}
        </select>
      </label>
      <span
        className="shrink-0 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
        data-testid="progress-count"
        title={`${count.passing} of ${count.total} lessons and challenges pass now${broken ? `; ${broken} passed before and are broken now` : ""}`}
      >
        {count.passing} of {count.total}
        {broken > 0 && (
          <span className="ml-1 text-amber-700 dark:text-amber-400" data-testid="progress-broken">
            ⚠{broken}
          </span>
        )}
        <span className="sr-only"> lessons and challenges pass now{broken ? `, ${broken} broken now` : ""}</span>
      </span>
    </div>
  );
}
