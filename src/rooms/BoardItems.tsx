// The board's lessons or challenges, in course order: counts as bars, each hidden check's failing count, and the
// teacher's controls (everyone open, lock, release hints or the solution).
import type { Board, BoardItem, LeadChange } from "../server-bridge/rooms";
import { Bar } from "./Bar";

export function BoardItems({
  title,
  items,
  board,
  lead,
  busy,
}: {
  title: string;
  items: BoardItem[];
  board: Board;
  lead(change: LeadChange): void;
  busy: boolean;
}) {
  const total = board.learners.length;
  return (
    <section className="panel" aria-label={title}>
      <h2 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">
        {title} <span className="font-normal text-slate-500 dark:text-slate-400">· {total} in the room</span>
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {items.map((item) => {
          const released = board.lead.released[item.id];
          const current = board.lead.lesson?.id === item.id;
          return (
            <li key={item.id} className="px-3 py-2" data-testid={`item-${item.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-medium">
                  {item.title}
                  {current && <span className="badge ml-1.5 bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">everyone here</span>}
                  {item.locked && <span className="badge ml-1.5 bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">locked</span>}
                  {released && (
                    <span className="badge ml-1.5 bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{released} released</span>
                  )}
                </span>
                <span className="flex flex-wrap gap-1" role="group" aria-label={`Lead: ${item.title}`}>
                  <button
                    type="button"
                    className="btn-secondary !px-2 !py-0.5 text-xs"
                    disabled={busy || board.ended || item.locked}
                    title={item.locked ? "Unlock it first: learners cannot open a locked item" : undefined}
                    onClick={() => lead({ action: "open", item: item.id })}
                  >
                    Everyone open
                  </button>
                  <button
                    type="button"
                    className="btn-secondary !px-2 !py-0.5 text-xs"
                    disabled={busy || board.ended}
                    onClick={() => lead({ action: item.locked ? "unlock" : "lock", item: item.id })}
                  >
                    {item.locked ? "Unlock" : "Lock"}
                  </button>
                  {item.kind === "challenge" && (
                    <>
                      <button
                        type="button"
                        className="btn-secondary !px-2 !py-0.5 text-xs"
                        disabled={busy || board.ended || released === "hint" || released === "solution"}
                        onClick={() => lead({ action: "release", item: item.id, what: "hint" })}
                      >
                        Release hints
                      </button>
                      <button
                        type="button"
                        className="btn-secondary !px-2 !py-0.5 text-xs"
                        disabled={busy || board.ended || released === "solution"}
                        onClick={() =>
                          confirm(`Show the reference solution of "${item.title}" to every learner?`) &&
                          lead({ action: "release", item: item.id, what: "solution" })
                        }
                      >
                        Release solution
                      </button>
                      {released && (
                        <button
                          type="button"
                          className="btn-ghost !px-2 !py-0.5 text-xs"
                          disabled={busy || board.ended}
                          onClick={() => lead({ action: "withdraw", item: item.id })}
                        >
                          Withdraw
                        </button>
                      )}
                    </>
                  )}
                </span>
              </div>
              <div className="grid gap-x-6 sm:grid-cols-2 xl:grid-cols-4">
                <Bar label="opened" value={item.opened} total={total} tone="bg-slate-400" />
                <Bar label="tried" value={item.tried} total={total} tone="bg-indigo-500" />
                <Bar label="passes now" value={item.passesNow} total={total} tone="bg-emerald-500" />
                <Bar label="broken now" value={item.passedBefore} total={total} tone="bg-amber-500" />
              </div>
              {item.checks.length > 0 && item.tried > 0 && (
                <ul className="mt-1.5 grid gap-x-4 text-xs sm:grid-cols-2" aria-label="Failing now, per hidden check">
                  {item.checks.map((c) => (
                    <li key={c.name} className="flex gap-1.5" data-testid="check-count">
                      <span
                        className={`w-6 text-right font-mono font-semibold ${c.failing ? "text-rose-700 dark:text-rose-300" : "text-slate-400"}`}
                        data-testid="failing"
                      >
                        {c.failing}
                      </span>
                      <span className="min-w-0">{c.name}</span>
                    </li>
                  ))}
                </ul>
              )}
              {item.hintsRevealed > 0 && (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="hints-revealed">
                  {item.hintsRevealed} hint{item.hintsRevealed === 1 ? "" : "s"} revealed
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
