// The projector: the join code, link and QR code large, and counts only. Never a name or one learner's result.
import type { Board } from "../server-bridge/rooms";
import { QrCode } from "./QrCode";
import { joinLink } from "./room-links";

export function ProjectorView({ board, onClose }: { board: Board; onClose(): void }) {
  const items = [...board.lessons.filter((l) => l.opened > 0), ...board.challenges];
  const active = board.learners.length;
  return (
    <main className="flex min-h-full flex-col gap-6 p-6" data-testid="projector">
      <div className="flex flex-wrap items-center gap-8">
        <QrCode text={joinLink(board.code)} size={220} label={`QR code for ${joinLink(board.code)}`} />
        <div className="min-w-0">
          <p className="text-xl text-slate-600 dark:text-slate-300">{board.title}</p>
          <p className="text-lg">
            Join at <span className="font-semibold break-all">{location.host}</span> with the code
          </p>
          <h2 className="font-mono text-7xl font-bold tracking-[0.2em] sm:text-8xl" data-testid="projector-code">
            {board.code}
          </h2>
          <p className="mt-2 text-2xl" data-testid="projector-learners">
            {active} {active === 1 ? "learner" : "learners"} in the room
          </p>
        </div>
        <button type="button" className="btn-secondary ml-auto self-start" onClick={onClose}>
          Back to the board <kbd className="text-xs">Esc</kbd>
        </button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="panel p-4">
            <h3 className="text-lg font-semibold">{item.title}</h3>
            <Bar label="passes now" value={item.passesNow} total={active} tone="bg-emerald-500" />
            <Bar label="broken now" value={item.passedBefore} total={active} tone="bg-amber-500" />
            <Bar label="tried" value={item.tried} total={active} tone="bg-indigo-500" />
            {item.checks.filter((c) => c.failing > 0).length > 0 && (
              <ul className="mt-2 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
                {item.checks
                  .filter((c) => c.failing > 0)
                  .map((c) => (
                    <li key={c.name}>
                      <span className="font-mono font-semibold text-rose-700 dark:text-rose-300">{c.failing}</span> failing: {c.name}
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

export function Bar({ label, value, total, tone }: { label: string; value: number; total: number; tone: string }) {
  const pct = total ? Math.round((value / total) * 100) : 0;
  return (
    <div className="mt-1.5 flex items-center gap-2 text-sm">
      <span className="w-24 text-slate-600 dark:text-slate-400">{label}</span>
      <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${pct}%` }} />
      </span>
      <span className="w-8 text-right font-mono font-semibold" data-testid={`count-${label.replace(" ", "-")}`}>
        {value}
      </span>
    </div>
  );
}
