// The grid (as CodeHS's dashboard): one row per learner, one cell per lesson and challenge in the verdict states, the
// last active time and a stuck mark; sortable by name, progress and stuck. Each row opens the learner read-only and
// carries the roster's actions (unless `frozen`, the end-of-hour copy).
import { useState } from "react";
import { ITEM_STATE_LABELS, type Board, type BoardLearner, type ItemState } from "../server-bridge/rooms";

const CELL: Record<ItemState, { mark: string; tone: string }> = {
  "not-opened": { mark: "", tone: "bg-slate-100 dark:bg-slate-800" },
  opened: { mark: "·", tone: "bg-slate-300 dark:bg-slate-600" },
  tried: { mark: "…", tone: "bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50" },
  "passes-now": { mark: "✓", tone: "bg-emerald-500 text-white dark:bg-emerald-600" },
  "passed-before": { mark: "!", tone: "bg-rose-300 text-rose-950 dark:bg-rose-800 dark:text-rose-50" },
};

type Sort = "name" | "progress" | "stuck";
const sorters: Record<Sort, (a: BoardLearner, b: BoardLearner) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  progress: (a, b) => b.passesNow - a.passesNow || b.passedBefore - a.passedBefore || a.name.localeCompare(b.name),
  stuck: (a, b) => Number(b.stuck) - Number(a.stuck) || a.name.localeCompare(b.name),
};

export type RosterAction = "rename" | "merge" | "remove" | "rejoin";

export function LearnerGrid({
  board,
  onView,
  onAction,
  frozen = false,
}: {
  board: Board;
  onView(id: number): void;
  onAction?(action: RosterAction, learner: BoardLearner): void;
  frozen?: boolean;
}) {
  const [sort, setSort] = useState<Sort>("stuck");
  const items = [...board.lessons, ...board.challenges];
  /** A column's short name: L1.. for lessons, C1.. for challenges (the full titles are listed under the grid). */
  const column = (item: { kind: string }, i: number) => (item.kind === "lesson" ? `L${i + 1}` : `C${i + 1 - board.lessons.length}`);
  const learners = [...board.learners].sort(sorters[sort]);
  const sortButton = (s: Sort, label: string) => (
    <button
      type="button"
      className={sort === s ? "btn-primary !px-2 !py-0.5 text-xs" : "btn-ghost !px-2 !py-0.5 text-xs"}
      aria-pressed={sort === s}
      onClick={() => setSort(s)}
    >
      {label}
    </button>
  );
  return (
    <section className="panel min-w-0 p-3" aria-label="Grid of learners">
      <div className="mb-2 flex flex-wrap items-center gap-1.5">
        <h2 className="mr-auto text-sm font-semibold">
          Grid <span className="font-normal text-slate-500 dark:text-slate-400">· {board.learners.length} learners</span>
        </h2>
        <span className="text-xs text-slate-500 dark:text-slate-400">Sort by</span>
        {sortButton("stuck", "Stuck")}
        {sortButton("progress", "Progress")}
        {sortButton("name", "Name")}
      </div>
      <Legend />
      {learners.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nobody has joined yet.</p>
      ) : (
        <div className="max-h-[70vh] overflow-auto">
          <table className="border-separate border-spacing-0.5 text-xs" data-testid="grid">
            <thead>
              <tr>
                <th className="sticky left-0 bg-white text-left dark:bg-slate-900">Learner</th>
                {items.map((item, i) => (
                  <th key={item.id} className="w-7 min-w-7 text-center font-mono text-[10px] font-normal" title={item.title} scope="col">
                    <abbr title={item.title} className="no-underline">
                      {column(item, i)}
                    </abbr>
                  </th>
                ))}
                <th className="text-left font-normal">Last active</th>
              </tr>
            </thead>
            <tbody>
              {learners.map((l) => (
                <tr key={l.id} data-testid="grid-row" data-stuck={l.stuck}>
                  <th scope="row" className="sticky left-0 max-w-[12rem] bg-white pr-1 text-left font-normal dark:bg-slate-900">
                    <span className="flex items-center gap-1">
                      <button type="button" className="truncate underline decoration-dotted" onClick={() => onView(l.id)} title={`View ${l.name}'s work`}>
                        {l.name}
                      </button>
                      {l.stuck && (
                        <span className="badge bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200" data-testid="stuck">
                          stuck
                        </span>
                      )}
                    </span>
                  </th>
                  {items.map((item) => {
                    const state = l.items[item.id] ?? "not-opened";
                    const hints = l.hintsRevealed[item.id] ?? 0;
                    return (
                      <td
                        key={item.id}
                        className={`h-6 w-7 rounded text-center font-bold ${CELL[state].tone}`}
                        title={`${item.title}: ${ITEM_STATE_LABELS[state]}${hints ? `, ${hints} hint${hints === 1 ? "" : "s"} revealed` : ""}`}
                        data-state={state}
                      >
                        {CELL[state].mark}
                      </td>
                    );
                  })}
                  <td className="whitespace-nowrap px-1 text-slate-600 dark:text-slate-400">
                    {new Date(l.lastActiveAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
                  </td>
                  {!frozen && onAction && (
                    <td className="whitespace-nowrap">
                      <span className="flex gap-0.5" role="group" aria-label={`Roster: ${l.name}`}>
                        <button type="button" className="btn-ghost !px-1 !py-0 text-xs" onClick={() => onAction("rejoin", l)}>
                          Rejoin link
                        </button>
                        <button type="button" className="btn-ghost !px-1 !py-0 text-xs" onClick={() => onAction("rename", l)}>
                          Rename
                        </button>
                        <button
                          type="button"
                          className="btn-ghost !px-1 !py-0 text-xs"
                          onClick={() => onAction("merge", l)}
                          disabled={board.learners.length < 2}
                        >
                          Merge
                        </button>
                        <button type="button" className="btn-ghost !px-1 !py-0 text-xs text-rose-700 dark:text-rose-300" onClick={() => onAction("remove", l)}>
                          Remove
                        </button>
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Columns: lessons and challenges in course order</summary>
        <ol className="mt-1 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => (
            <li key={item.id}>
              <span className="font-mono">{column(item, i)}</span> {item.title}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

function Legend() {
  return (
    <p className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {(Object.keys(CELL) as ItemState[]).map((state) => (
        <span key={state} className="flex items-center gap-1">
          <span className={`inline-grid size-4 place-items-center rounded font-bold ${CELL[state].tone}`} aria-hidden>
            {CELL[state].mark}
          </span>
          {ITEM_STATE_LABELS[state]}
        </span>
      ))}
    </p>
  );
}
