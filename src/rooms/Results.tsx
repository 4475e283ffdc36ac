// The end of the hour: per challenge, who passes now, who passed at least once and the median attempts, beside the
// frozen grid; with Export CSV. Readable with the teacher key until the results are deleted.
import type { Board } from "../server-bridge/rooms";

export function Results({ board }: { board: Board }) {
  return (
    <section className="panel p-3" aria-label="Results" data-testid="results">
      <h2 className="mb-1 text-sm font-semibold">{board.ended ? "Final results" : "Results so far"}</h2>
      {board.resultsUntil && (
        <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
          Kept until {new Date(board.resultsUntil).toLocaleDateString([], { dateStyle: "medium" })}, then deleted. Export the CSV to keep them longer.
        </p>
      )}
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
            <th className="font-normal">Challenge</th>
            <th className="text-right font-normal">Pass now</th>
            <th className="text-right font-normal">Passed once</th>
            <th className="text-right font-normal">Tried</th>
            <th className="text-right font-normal">Median attempts</th>
          </tr>
        </thead>
        <tbody>
          {board.results.map((r) => (
            <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800" data-testid={`result-${r.id}`}>
              <td className="py-1 pr-2">{r.title}</td>
              <td className="text-right font-mono">{r.passedNow}</td>
              <td className="text-right font-mono">{r.passedEver}</td>
              <td className="text-right font-mono">{r.tried}</td>
              <td className="text-right font-mono">{r.medianAttempts ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
