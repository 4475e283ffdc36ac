// The lessons menu: a native select, numbered, grouped into lessons and challenges, with a tick
// for each passed one and the edited ones marked. Native so it works with the keyboard and on a
// projector without surprises. Beside it, how far the learner is: "3 of 12".
import type { CourseStep } from "./course";
import { passedCount } from "./course";

export function LessonMenu({
  steps,
  current,
  edited,
  passed,
  onPick,
}: {
  steps: CourseStep[];
  current?: string;
  edited: Set<string>;
  passed: Set<string>;
  onPick: (id: string) => void;
}) {
  const lessons = passedCount(steps, passed, "lesson");
  const challenges = passedCount(steps, passed, "challenge");
  const groups: [string, CourseStep[]][] = [
    [`Lessons (${lessons.passed} of ${lessons.total} passed)`, steps.filter((s) => s.lesson.kind === "lesson")],
    [`Challenges (${challenges.passed} of ${challenges.total} passed)`, steps.filter((s) => s.lesson.kind === "challenge")],
  ];
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
                {list.map((s) => (
                  <option key={s.lesson.id} value={s.lesson.id}>
                    {passed.has(s.lesson.id) ? "✓ " : ""}
                    {s.lesson.kind === "lesson" ? `${s.number}. ` : `C${s.number}. `}
                    {s.lesson.title}
                    {edited.has(s.lesson.id) ? " (edited)" : ""}
                  </option>
                ))}
              </optgroup>
            ))}
        </select>
      </label>
      <span
        className="shrink-0 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
        data-testid="progress-count"
        title={`${challenges.passed} of ${challenges.total} challenges passed`}
      >
        {lessons.passed} of {lessons.total}
        <span className="sr-only"> lessons passed</span>
      </span>
    </div>
  );
}
