// The Wire tab: every HTTP exchange of the session's calls, one card per call, newest first.
import { useMemo } from "react";
import { useWireLog, wireLog, type WireGroup } from "../../server-bridge/wire-log";
import { CopyButton } from "../../ui/CopyButton";
import { ExchangeView } from "./ExchangeView";
import { SequenceDiagram } from "./SequenceDiagram";
import { readGroup, roundInstances } from "./wire-analysis";

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function GroupCard({ group, latest, version }: { group: WireGroup; latest: boolean; version: number }) {
  // `version` changes whenever a body streams in; exchanges are mutated in place.
  const rows = useMemo(() => readGroup(group), [group, version]);
  const rounds = rows.filter((r) => r.role === "round");
  const last = rounds[rounds.length - 1];
  const instances = roundInstances(rows);
  const status = last?.response?.error ? "error" : last?.resultType === "input_required" ? "awaiting input" : last?.response ? "complete" : "pending";
  return (
    <details className="panel" open={latest} data-testid="wire-call">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2">
        <span className="font-mono font-semibold">{group.label}</span>
        <span className="text-xs text-slate-500">{group.persona}</span>
        <span className="badge bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100">
          {rounds.length} round{rounds.length === 1 ? "" : "s"}
        </span>
        <span className="badge bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{status}</span>
        <span className="ml-auto text-xs text-slate-500">{new Date(group.startedAt).toLocaleTimeString()}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-700">
        {instances.length > 1 && (
          <p className="rounded-md border border-sky-300 bg-sky-50/60 p-2 text-xs dark:border-sky-800 dark:bg-sky-950/30" data-testid="wire-instances-moved">
            The rounds of this call were answered by {instances.length} instances ({instances.join(" → ")}). No instance kept the call open: the signed{" "}
            <code>requestState</code> carried it across, and the new instance rebuilt the session from the database.
          </p>
        )}
        <SequenceDiagram rows={rows} />
        {rows.map((row) => {
          const previous = row.round && row.round > 1 ? rounds[row.round - 2] : undefined;
          return <ExchangeView key={row.exchange.seq} row={row} previousRound={previous} />;
        })}
      </div>
    </details>
  );
}

/** Calls of other lessons, newest lesson first, folded: still there to read and to export. */
function EarlierLessons({ groups, version }: { groups: WireGroup[]; version: number }) {
  const byLesson = new Map<string, WireGroup[]>();
  for (const g of [...groups].reverse()) byLesson.set(g.lessonId, [...(byLesson.get(g.lessonId) ?? []), g]);
  if (!byLesson.size) return null;
  return (
    <section aria-label="Other lessons' calls" className="space-y-2" data-testid="wire-other-lessons">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Other lessons</h3>
      {[...byLesson].map(([id, list]) => (
        <details key={id} className="rounded-md border border-dashed border-slate-300 dark:border-slate-700" data-testid="wire-lesson" data-lesson={id}>
          <summary className="cursor-pointer px-3 py-1.5 text-sm">
            {list[0].lessonTitle || "No lesson"}{" "}
            <span className="text-xs text-slate-500">
              · {list.length} call{list.length === 1 ? "" : "s"}
            </span>
          </summary>
          <div className="space-y-2 p-2">
            {list.map((g) => (
              <GroupCard key={g.id} group={g} latest={false} version={version} />
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}

export function WireTab() {
  const { groups, version } = useWireLog();
  const lessonId = wireLog.lessonId;
  const mine = groups.filter((g) => g.lessonId === lessonId).reverse();
  const others = groups.filter((g) => g.lessonId !== lessonId);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">Every HTTP exchange of this lesson's calls, as sent and received.</p>
        <CopyButton text={() => wireLog.exportJson()} label="Copy all" />
        <button
          type="button"
          className="btn-secondary !px-2 !py-1 text-xs"
          onClick={() => download(`wire-${new Date().toISOString().slice(0, 19)}.json`, wireLog.exportJson())}
          disabled={!groups.length}
          title="Every lesson's calls"
        >
          Export JSON
        </button>
        <button type="button" className="btn-secondary !px-2 !py-1 text-xs" onClick={() => wireLog.clear()} disabled={!groups.length}>
          Clear
        </button>
      </div>
      {!mine.length && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700">
          Nothing yet in this lesson. Call a tool and its requests appear here, round by round.
        </p>
      )}
      {mine.map((g, i) => (
        <GroupCard key={g.id} group={g} latest={i === 0} version={version} />
      ))}
      <EarlierLessons groups={others} version={version} />
    </div>
  );
}
