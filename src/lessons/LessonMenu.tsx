// The lessons menu: a native select, grouped into lessons and challenges, with edited ones
// marked. Native so it works with the keyboard and on a projector without surprises.
import type { LessonSummary } from "../server-bridge/lessons";

export function LessonMenu({ lessons, current, edited, onPick }: { lessons: LessonSummary[]; current?: string; edited: Set<string>; onPick: (id: string) => void }) {
  const groups: [string, LessonSummary[]][] = [
    ["Lessons", lessons.filter((l) => l.kind === "lesson")],
    ["Challenges", lessons.filter((l) => l.kind === "challenge")],
  ];
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="sr-only">Lesson</span>
      <select className="field-input max-w-[26rem] truncate font-medium" value={current ?? ""} onChange={(e) => onPick(e.target.value)} aria-label="Lesson">
        {!current && <option value="">Choose a lesson…</option>}
        {groups
          .filter(([, list]) => list.length)
          .map(([name, list]) => (
            <optgroup key={name} label={name}>
              {list.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                  {edited.has(l.id) ? " (edited)" : ""}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </label>
  );
}
