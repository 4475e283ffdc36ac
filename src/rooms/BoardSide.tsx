// The board's side column: the help queue, oldest hand first, the failure clusters by cause, and who is in the room.
import { lowerHand, type Board } from "../server-bridge/rooms";

export function HelpQueue({
  board,
  teacherKey,
  onView,
  onError,
}: {
  board: Board;
  teacherKey: string;
  onView(id: number): void;
  onError(message: string): void;
}) {
  const titles = new Map([...board.lessons, ...board.challenges].map((i) => [i.id, i.title]));
  return (
    <section className="panel p-3" aria-label="Help queue">
      <h2 className="mb-1 text-sm font-semibold">
        Help queue <span className="font-normal text-slate-500 dark:text-slate-400">· {board.hands.length}</span>
      </h2>
      {board.hands.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nobody has raised a hand.</p>
      ) : (
        <ol className="space-y-1.5" data-testid="hands">
          {board.hands.map((h, i) => (
            <li key={h.learner} className="flex items-start gap-2 text-sm" data-testid="hand">
              <span className="font-mono text-xs text-slate-500 dark:text-slate-400">{i + 1}.</span>
              <span className="min-w-0 flex-1">
                <button type="button" className="font-medium underline decoration-dotted" onClick={() => onView(h.learner)} title={`View ${h.name}'s work`}>
                  {h.name}
                </button>{" "}
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {h.item ? `on ${titles.get(h.item) ?? h.item} · ` : ""}
                  {new Date(h.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
                </span>
                {h.text && <span className="block break-words text-slate-700 dark:text-slate-300">{h.text}</span>}
              </span>
              <button
                type="button"
                className="btn-secondary !px-2 !py-0.5 text-xs"
                disabled={board.ended}
                onClick={() => void lowerHand(board.code, teacherKey, h.learner).catch((e: Error) => onError(e.message))}
              >
                Lower
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const CLUSTER_LABEL = { check: "fail the check", compile: "do not compile", starter: "still have the starter code", tool: "tool error" } as const;

export function Clusters({ board, onView }: { board: Board; onView(id: number): void }) {
  const names = new Map(board.learners.map((l) => [l.id, l.name]));
  const titles = new Map([...board.lessons, ...board.challenges].map((i) => [i.id, i.title]));
  return (
    <section className="panel p-3" aria-label="Failure clusters">
      <h2 className="mb-1 text-sm font-semibold">Failure clusters</h2>
      {board.clusters.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Learners are grouped by why they fail: code that does not compile, code still the starter, then each failing check.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="clusters">
          {board.clusters.slice(0, 30).map((c) => (
            <li key={`${c.kind}\n${c.item}\n${c.text}`} className="text-sm">
              <p>
                <button
                  type="button"
                  className="text-left underline decoration-dotted"
                  onClick={() => onView(c.learners[0])}
                  title="Open the first learner's work"
                >
                  <span className="font-mono font-bold">{c.count}</span> {CLUSTER_LABEL[c.kind]}
                </button>{" "}
                <span className="text-slate-500 dark:text-slate-400">in {titles.get(c.item) ?? c.item}</span>
              </p>
              {c.kind !== "starter" && (
                <p className="line-clamp-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">{c.text}</p>
              )}
              <p className="flex flex-wrap gap-1">
                {c.learners.slice(0, 12).map((id) => (
                  <button key={id} type="button" className="btn-ghost !px-1 !py-0 text-xs underline" onClick={() => onView(id)}>
                    {names.get(id) ?? "?"}
                  </button>
                ))}
                {c.learners.length > 12 && <span className="text-xs text-slate-500 dark:text-slate-400">and {c.learners.length - 12} more</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Learners({ board, onView }: { board: Board; onView(id: number): void }) {
  const titles = new Map([...board.lessons, ...board.challenges].map((i) => [i.id, i.title]));
  return (
    <section className="panel p-3" aria-label="Learners">
      <h2 className="mb-1 text-sm font-semibold">Learners ({board.learners.length})</h2>
      {board.learners.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nobody has joined yet.</p>
      ) : (
        <ul className="max-h-[50vh] divide-y divide-slate-100 overflow-auto dark:divide-slate-800" data-testid="learners">
          {board.learners.map((l) => (
            <li key={l.id} className="flex items-center gap-2 py-1 text-sm">
              <span className="min-w-[5rem] flex-1 truncate" data-testid="learner-name" title={l.name}>
                {l.name}
              </span>
              <span className="max-w-[45%] truncate text-xs text-slate-500 dark:text-slate-400">{l.item ? (titles.get(l.item) ?? l.item) : ""}</span>
              {l.stuck && <span className="badge bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200">stuck</span>}
              <span className="font-mono text-xs" title={`passes now: ${l.passesNow}; passed before, broken now: ${l.passedBefore}`}>
                ✓{l.passesNow}
                {l.passedBefore > 0 && <span className="text-amber-700 dark:text-amber-400"> ⚠{l.passedBefore}</span>}
              </span>
              <button type="button" className="btn-ghost !px-1.5 !py-0 text-xs" onClick={() => onView(l.id)} aria-label={`View ${l.name}'s work`}>
                View
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
