// The Wire tab: every HTTP exchange of the session's calls, one card per call, newest first: the page's own and
// those of outside clients connected to the same session URL, filterable by who sent them.
import { useMemo, useState } from "react";
import { clientDetails, clientName, useOutsideTraffic, type TrafficClient } from "../../server-bridge/outside-traffic";
import { useWireLog, wireLog, type WireGroup } from "../../server-bridge/wire-log";
import { CopyButton } from "../../ui/CopyButton";
import { download } from "../../ui/download";
import { ExchangeView } from "./ExchangeView";
import { OutsideClients } from "./OutsideClients";
import { SequenceDiagram } from "./SequenceDiagram";
import { UrlModeEras } from "./UrlModeEras";
import { readGroup, roundInstances } from "./wire-analysis";

/** `outsideToo`: outside clients' cards are on the tab as well, so the page's own say whose they are. Also the replay's card. */
export function GroupCard({
  group,
  latest,
  version,
  client,
  outsideToo = false,
}: {
  group: WireGroup;
  latest: boolean;
  version: number;
  client?: TrafficClient;
  outsideToo?: boolean;
}) {
  // `version` changes whenever a body streams in; exchanges are mutated in place.
  const rows = useMemo(() => readGroup(group), [group, version]);
  const rounds = rows.filter((r) => r.role === "round");
  const last = rounds[rounds.length - 1];
  const instances = roundInstances(rows);
  // A card without a tools/call (initialize, tools/list, a GET stream) is as far along as its exchanges.
  const status = last
    ? last.response?.error
      ? "error"
      : last.resultType === "input_required"
        ? "awaiting input"
        : last.response
          ? "complete"
          : "pending"
    : group.exchanges.some((e) => e.state === "failed")
      ? "error"
      : group.exchanges.every((e) => e.state === "done" || (e.state === "streaming" && e.httpMethod === "GET"))
        ? "complete"
        : "pending";
  const count = rounds.length ? `${rounds.length} round${rounds.length === 1 ? "" : "s"}` : `${rows.length} request${rows.length === 1 ? "" : "s"}`;
  return (
    <details className="panel" open={latest} data-testid="wire-call">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2">
        <span className="font-mono font-semibold break-all">{group.label}</span>
        {group.client ? (
          <span data-testid="wire-outside-client" title="Sent by a client outside this page, connected to the same session URL">
            <span className="badge bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100">outside · {client ? clientName(client) : group.persona}</span>
            {client && <span className="text-xs text-slate-600 dark:text-slate-400"> · {clientDetails(client)}</span>}
          </span>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {outsideToo && <span className="badge mr-1 bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">this page</span>}
            {group.persona}
          </span>
        )}
        <span className="badge bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100">{count}</span>
        <span className="badge bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{status}</span>
        <span className="ml-auto text-xs text-slate-600 dark:text-slate-400">{new Date(group.startedAt).toLocaleTimeString()}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-700">
        {instances.length > 1 && (
          <p className="rounded-md border border-sky-300 bg-sky-50/60 p-2 text-xs dark:border-sky-800 dark:bg-sky-950/30" data-testid="wire-instances-moved">
            The rounds of this call were answered by {instances.length} instances ({instances.join(" → ")}). No instance kept the call open: the signed{" "}
            <code>requestState</code> carried it across, and the new instance rebuilt the session from the database.
          </p>
        )}
        <SequenceDiagram rows={rows} />
        <UrlModeEras rows={rows} />
        {rows.map((row) => {
          const previous = row.round && row.round > 1 ? rounds[row.round - 2] : undefined;
          return <ExchangeView key={row.exchange.seq} row={row} previousRound={previous} />;
        })}
      </div>
    </details>
  );
}

/** Calls of other lessons, newest lesson first, folded: still there to read and to export. */
function EarlierLessons({ groups, version, clients }: { groups: WireGroup[]; version: number; clients: Map<string, TrafficClient> }) {
  const byLesson = new Map<string, WireGroup[]>();
  for (const g of [...groups].reverse()) byLesson.set(g.lessonId, [...(byLesson.get(g.lessonId) ?? []), g]);
  if (!byLesson.size) return null;
  return (
    <section aria-label="Other lessons' calls" className="space-y-2" data-testid="wire-other-lessons">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-400 uppercase">Other lessons</h2>
      {[...byLesson].map(([id, list]) => (
        <details key={id} className="rounded-md border border-dashed border-slate-300 dark:border-slate-700" data-testid="wire-lesson" data-lesson={id}>
          <summary className="cursor-pointer px-3 py-1.5 text-sm">
            {list[0].lessonTitle || "No lesson"}{" "}
            <span className="text-xs text-slate-600 dark:text-slate-400">
              · {list.length} call{list.length === 1 ? "" : "s"}
            </span>
          </summary>
          <div className="space-y-2 p-2">
            {list.map((g) => (
              <GroupCard key={g.id} group={g} latest={false} version={version} client={g.client ? clients.get(g.client) : undefined} />
            ))}
          </div>
        </details>
      ))}
    </section>
  );
}

/** Who sent a card: "page" for the page's own calls, else the outside client's key. */
const senderOf = (g: WireGroup) => g.client ?? "page";
const newestFirst = (a: WireGroup, b: WireGroup) => b.startedAt - a.startedAt || b.id - a.id;

export function WireTab() {
  const { groups, version } = useWireLog();
  const outside = useOutsideTraffic();
  const [shown, setShown] = useState("all");
  const clients = useMemo(() => new Map(outside.clients.map((c) => [c.key, c])), [outside.clients]);
  const senders = useMemo(() => [...new Set(groups.map((g) => g.client).filter((k): k is string => !!k))], [groups]);
  const filter = shown === "all" || shown === "page" || senders.includes(shown) ? shown : "all";
  const picked = filter === "all" ? groups : groups.filter((g) => senderOf(g) === filter);
  const lessonId = wireLog.lessonId;
  const mine = picked.filter((g) => g.lessonId === lessonId).sort(newestFirst);
  const others = picked.filter((g) => g.lessonId !== lessonId);
  const exported = () => wireLog.exportJson(picked, { shown: filter, outsideClients: outside.clients });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">
          Every HTTP exchange of this lesson's calls, as sent and received{senders.length ? ", by this page and by outside clients" : ""}.
        </p>
        {senders.length > 0 && (
          <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
            Show
            <select
              className="field-input w-auto max-w-[16rem] !py-0.5 text-xs"
              value={filter}
              onChange={(e) => setShown(e.target.value)}
              data-testid="wire-filter"
            >
              <option value="all">everyone</option>
              <option value="page">this page</option>
              {senders.map((key) => {
                const client = clients.get(key);
                return (
                  <option key={key} value={key}>
                    {client ? `${clientName(client)} (${clientDetails(client)})` : key}
                  </option>
                );
              })}
            </select>
          </label>
        )}
        <CopyButton text={exported} label="Copy all" />
        <button
          type="button"
          className="btn-secondary !px-2 !py-1 text-xs"
          onClick={() => download(`wire-${new Date().toISOString().slice(0, 19)}.json`, exported())}
          disabled={!picked.length}
          title={filter === "all" ? "Every lesson's calls" : "Every lesson's calls from the client shown"}
        >
          Export JSON
        </button>
        <button type="button" className="btn-secondary !px-2 !py-1 text-xs" onClick={() => wireLog.clear()} disabled={!groups.length}>
          Clear
        </button>
      </div>
      <OutsideClients traffic={outside} />
      {!mine.length && (
        <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:text-slate-400 dark:border-slate-700">
          {filter === "all" || filter === "page"
            ? "Nothing yet in this lesson. Call a tool and its requests appear here, round by round. So do those of any client you connect to this session's URL (see Connect)."
            : "Nothing from this client in this lesson yet."}
        </p>
      )}
      {mine.map((g, i) => (
        <GroupCard
          key={g.id}
          group={g}
          latest={i === 0}
          version={version}
          client={g.client ? clients.get(g.client) : undefined}
          outsideToo={senders.length > 0}
        />
      ))}
      <EarlierLessons groups={others} version={version} clients={clients} />
    </div>
  );
}
