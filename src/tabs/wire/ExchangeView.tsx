// One HTTP exchange in full: status, timing, mcp-* headers, request and response JSON, the
// decoded requestState, and for a retry, what changed since the round before.
import { useMemo } from "react";
import { INSTANCE_HEADER } from "../../../contract/instance-header";
import { isWireHeader } from "../../../contract/traffic";
import { ServerInstanceBadge } from "./ServerInstanceBadge";
import { JsonTree } from "../../ui/JsonTree";
import { CopyButton } from "../../ui/CopyButton";
import { decodeRequestState, stateBindings } from "./request-state";
import type { JsonChange } from "./json-diff";
import { changeLine, roundChanges } from "./round-diff";
import { resultTypeClass, statusClass, type ReadExchange } from "./wire-analysis";

function Headers({ title, headers }: { title: string; headers: Record<string, string> }) {
  const rows = Object.entries(headers).filter(([k]) => isWireHeader(k));
  if (!rows.length) return null;
  return (
    <div>
      <h2 className="mb-0.5 text-[0.7rem] font-semibold tracking-wide text-slate-600 dark:text-slate-400 uppercase">{title}</h2>
      <table className="font-mono text-[0.75rem]">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <td className={`pr-3 align-top ${k.startsWith("mcp-") ? "text-indigo-700 dark:text-indigo-300" : "text-slate-600 dark:text-slate-400"}`}>{k}</td>
              <td className="break-all">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestStatePanel({ state, title }: { state: unknown; title: string }) {
  const decoded = decodeRequestState(state);
  if (!decoded) return null;
  const bindings = stateBindings(decoded.payload);
  const seconds = decoded.expiresAt ? Math.round((decoded.expiresAt.getTime() - Date.now()) / 1000) : undefined;
  return (
    <div className="rounded-md border border-violet-300 bg-violet-50/60 p-2 text-xs dark:border-violet-800 dark:bg-violet-950/30" data-testid="request-state">
      <h2 className="mb-1 font-semibold">{title} (decoded)</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600 dark:text-slate-400">format</dt>
        <dd className="font-mono">{decoded.version}.&lt;payload&gt;.&lt;signature&gt;</dd>
        <dt className="text-slate-600 dark:text-slate-400">payload</dt>
        <dd>
          <JsonTree value={decoded.payload} openDepth={4} label="requestState payload" />
        </dd>
        {decoded.expiresAt && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">expires</dt>
            <dd>
              {decoded.expiresAt.toLocaleString()} {seconds !== undefined && (seconds > 0 ? `(in ${Math.round(seconds / 60)} min)` : "(expired)")}
            </dd>
          </>
        )}
        {decoded.bindTag !== undefined && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">bind tag</dt>
            <dd className="font-mono break-all">
              {String(decoded.bindTag)} <span className="font-sans text-slate-600 dark:text-slate-400">(the SDK codec's own binding)</span>
            </dd>
          </>
        )}
        {bindings.length > 0 && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">bound to</dt>
            <dd>
              <ul className="space-y-0.5" data-testid="request-state-bindings">
                {bindings.map((b) => (
                  <li key={b.label}>
                    <span className="font-semibold">{b.label}</span> <span className="font-mono break-all">{b.value}</span>{" "}
                    <span className="text-slate-600 dark:text-slate-400">{b.meaning}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-400">signature</dt>
        <dd className="font-mono break-all">
          {decoded.signature}{" "}
          <span className="font-sans text-slate-600 dark:text-slate-400">HMAC-SHA256 by the server; the client can read the state but not forge it</span>
        </dd>
      </dl>
    </div>
  );
}

/** A requestState is hundreds of characters: show its ends, the full text is in the request below. */
const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? "undefined";
  return text.length > 48 ? `${text.slice(0, 22)}…${text.slice(-22)}` : text;
};

function ChangeList({ changes }: { changes: JsonChange[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50/60 p-2 text-xs dark:border-amber-700 dark:bg-amber-950/30" data-testid="round-diff">
      <h2 className="mb-1 font-semibold">
        Changed since the previous round <span className="font-normal text-slate-600 dark:text-slate-400">(+ came, − went, ~ changed)</span>
      </h2>
      <ul className="space-y-0.5 font-mono">
        {changes.map((c) => (
          <li key={c.path} className="break-all">
            <span
              className={
                c.kind === "added"
                  ? "text-emerald-700 dark:text-emerald-300"
                  : c.kind === "removed"
                    ? "text-rose-700 dark:text-rose-300"
                    : "text-amber-800 dark:text-amber-200"
              }
            >
              {changeLine(c)}
            </span>
            {c.kind === "changed" && (
              <span className="text-slate-600 dark:text-slate-400">
                {" "}
                {short(c.before)} → {short(c.after)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ExchangeView({ row, previousRound }: { row: ReadExchange; previousRound?: ReadExchange }) {
  const { exchange: ex } = row;
  const changes = useMemo(() => (previousRound?.request && row.request ? roundChanges(previousRound.request, row.request) : []), [row, previousRound]);
  const highlight = useMemo(() => new Set(changes.map((c) => c.path)), [changes]);
  const elapsed =
    ex.completedMs !== undefined && ex.durationMs !== undefined && ex.completedMs - ex.durationMs > 5 ? ` · body ${Math.round(ex.completedMs)} ms` : "";
  const stateInResponse = row.response?.result?.requestState;
  const stateInRequest = row.request?.params?.requestState;

  return (
    <details
      className="group rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900"
      open={row.role === "round" || row.role === "answer"}
      data-testid="wire-exchange"
      data-rpc-method={row.request?.method ?? ""}
    >
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-2 py-1.5 text-sm">
        <span className="w-6 text-right font-mono text-xs text-slate-600 dark:text-slate-400">#{ex.seq}</span>
        {row.round !== undefined && <span className="badge bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">round {row.round}</span>}
        <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{ex.httpMethod}</span>
        <span className="font-mono font-semibold">{row.label}</span>
        <span className={`badge ${statusClass(ex.status)}`}>{ex.status ?? (ex.state === "failed" ? "failed" : "…")}</span>
        {row.resultType && (
          <span className={`badge ${resultTypeClass(row.resultType)}`} data-testid="result-type">
            {row.resultType}
          </span>
        )}
        {row.response?.error && <span className="badge bg-rose-200 text-rose-900 dark:bg-rose-800 dark:text-rose-50">error {row.response.error.code}</span>}
        {row.pushed.map((p, i) => (
          <span key={i} className="badge bg-amber-200 text-amber-900 dark:bg-amber-700 dark:text-amber-50">
            pushed {p.method}
          </span>
        ))}
        <ServerInstanceBadge exchange={ex} />
        {row.instance && (
          <span
            className="badge bg-slate-100 font-mono text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            title={`The ${INSTANCE_HEADER} response header: which playground instance answered`}
            data-testid="wire-instance"
          >
            served by {row.instance}
          </span>
        )}
        {row.rebuilt && (
          <span
            className="badge bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100"
            title="This instance did not hold the session: it rebuilt it from your files in the database, so module state started over"
            data-testid="wire-rebuilt"
          >
            session rebuilt here
          </span>
        )}
        <span className="ml-auto font-mono text-xs text-slate-600 dark:text-slate-400">
          {ex.durationMs !== undefined ? `${Math.round(ex.durationMs)} ms` : ""}
          {elapsed}
          {ex.state === "streaming" && " · streaming"}
        </span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 p-2 dark:border-slate-700">
        {changes.length > 0 && <ChangeList changes={changes} />}
        <div className="grid gap-2">
          <Headers title="request headers" headers={ex.requestHeaders} />
          <Headers title="response headers" headers={ex.responseHeaders} />
        </div>
        {ex.requestBody !== undefined && (
          <div data-testid="wire-request" data-json={ex.requestText}>
            <div className="mb-0.5 flex items-center gap-2">
              <h2 className="text-[0.7rem] font-semibold tracking-wide text-slate-600 dark:text-slate-400 uppercase">request</h2>
              <CopyButton text={ex.requestText ?? ""} className="btn-ghost" />
            </div>
            <JsonTree value={ex.requestBody} highlight={highlight} label="request body" />
          </div>
        )}
        {ex.messages.length > 0 && (
          <div data-testid="wire-response" data-json={JSON.stringify(ex.messages)}>
            <div className="mb-0.5 flex items-center gap-2">
              <h2 className="text-[0.7rem] font-semibold tracking-wide text-slate-600 dark:text-slate-400 uppercase">
                response{ex.messages.length > 1 ? ` (${ex.messages.length} SSE events, in order)` : ""}
              </h2>
              <CopyButton text={ex.responseText} className="btn-ghost" />
            </div>
            <div className="space-y-1">
              {ex.messages.map((m, i) => (
                <JsonTree key={i} value={m} label={`response message ${i + 1}`} />
              ))}
            </div>
          </div>
        )}
        {ex.messages.length === 0 && ex.responseText && <pre className="font-mono text-xs whitespace-pre-wrap">{ex.responseText}</pre>}
        {ex.error && <p className="text-xs text-slate-600 dark:text-slate-400">{ex.error}</p>}
        {stateInResponse !== undefined && <RequestStatePanel state={stateInResponse} title="requestState issued" />}
        {stateInRequest !== undefined && stateInResponse === undefined && <RequestStatePanel state={stateInRequest} title="requestState echoed" />}
      </div>
    </details>
  );
}
