// Earlier calls of this lesson, newest first, to compare with the latest: arguments, answers and
// the result of each, folded; two can be put side by side.
import { useState } from "react";
import { personaNamed } from "../../server-bridge/personas";
import { JsonTree } from "../../ui/JsonTree";
import type { FinishedCall } from "./call-store";

function summary(c: FinishedCall): string {
  if (c.kind === "rpc-error") return `error ${c.code}`;
  if (c.kind === "failure") return "failed";
  return c.result.isError ? "isError" : "result";
}

const resultOf = (c: FinishedCall) =>
  c.kind === "result" ? c.result : c.kind === "rpc-error" ? { code: c.code, message: c.message, data: c.data } : { message: c.message };

function Entry({ c }: { c: FinishedCall }) {
  return (
    <div className="space-y-1 text-xs">
      <div className="text-slate-600 dark:text-slate-400">arguments</div>
      <JsonTree value={c.args} openDepth={2} label={`arguments of call ${c.seq}`} />
      {c.answers.length > 0 && (
        <>
          <div className="text-slate-600 dark:text-slate-400">answers</div>
          <JsonTree value={c.answers.map((a) => a.answer)} openDepth={3} label={`answers of call ${c.seq}`} />
        </>
      )}
      <div className="text-slate-600 dark:text-slate-400">result</div>
      <JsonTree value={resultOf(c)} openDepth={2} label={`result of call ${c.seq}`} />
    </div>
  );
}

export function CallHistory({ history, current }: { history: FinishedCall[]; current?: FinishedCall }) {
  const [compare, setCompare] = useState<number[]>([]);
  const earlier = history.filter((c) => c !== current);
  if (!earlier.length) return null;
  const ticked = history.filter((c) => compare.includes(c.seq));
  // One ticked call is compared with the latest; two with each other.
  const picked = ticked.length === 1 && current ? [current, ...ticked] : ticked;
  return (
    <section aria-label="Earlier calls" className="space-y-1.5" data-testid="call-history">
      <h2 className="text-sm font-semibold">
        Earlier calls <span className="font-normal text-slate-600 dark:text-slate-400">({earlier.length}; tick one to compare it with the latest, or two)</span>
      </h2>
      <ul className="space-y-1">
        {earlier.map((c) => (
          <li key={c.seq} className="flex items-start gap-2 rounded-md border border-slate-200 pl-2 dark:border-slate-700">
            {/* Beside the summary, not inside it: a control inside a <summary> is one a keyboard cannot reach on its own. */}
            <input
              type="checkbox"
              aria-label={`Compare call ${c.seq}`}
              className="mt-2 accent-indigo-600"
              checked={compare.includes(c.seq)}
              onChange={(e) => setCompare((s) => (e.target.checked ? [...s.filter((x) => x !== c.seq), c.seq].slice(-2) : s.filter((x) => x !== c.seq)))}
            />
            <details className="min-w-0 flex-1">
              <summary className="flex cursor-pointer flex-wrap items-center gap-2 py-1 pr-2 text-sm">
                <span className="font-mono font-semibold">{c.tool}</span>
                <span className="badge bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100">{summary(c)}</span>
                <span className="min-w-0 truncate font-mono text-xs text-slate-600 dark:text-slate-400">{JSON.stringify(c.args)}</span>
                <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">
                  {personaNamed(c.persona).label} · {new Date(c.at).toLocaleTimeString()}
                </span>
              </summary>
              <div className="border-t border-slate-200 py-2 pr-2 dark:border-slate-700">
                <Entry c={c} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      {picked.length === 2 && (
        <div className="grid gap-2 sm:grid-cols-2" data-testid="call-compare">
          {picked.map((c) => (
            <div key={c.seq} className="panel min-w-0 p-2">
              <div className="mb-1 text-xs font-semibold">
                {c === current ? "Latest · " : ""}
                {c.tool} · {new Date(c.at).toLocaleTimeString()}
              </div>
              <Entry c={c} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
