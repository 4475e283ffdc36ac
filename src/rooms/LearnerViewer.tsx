// One learner, read-only: their current code, their last Check and their last Call with its wire exchange.
// Everything is learner text and is shown as text (React escapes it); nothing here can edit or run it.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchLearnerView } from "../server-bridge/rooms";
import { Spinner } from "../ui/Spinner";
import { ExportLearnerButton } from "../replay/ExportLearnerButton";
import { ScrollablePre } from "../ui/Scrollable";

const pretty = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

export function LearnerViewer({ code, teacherKey, learnerId, onClose }: { code: string; teacherKey: string; learnerId: number; onClose(): void }) {
  const view = useQuery({ queryKey: ["room-learner", code, learnerId], queryFn: () => fetchLearnerView(code, teacherKey, learnerId) });
  const dialog = useRef<HTMLDialogElement>(null);
  const [file, setFile] = useState<string>();
  useEffect(() => dialog.current?.showModal(), []);
  const files = view.data?.files ?? {};
  // The tool file first, as the learner's editor opens it.
  const shown = file && file in files ? file : (Object.keys(files).find((f) => f.endsWith(".tool.ts")) ?? Object.keys(files)[0]);
  const call = view.data?.lastCall;
  const check = view.data?.lastCheck;

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="learner-view-title"
      className="panel m-auto w-[min(72rem,96vw)] max-h-[92vh] p-0 text-slate-900 backdrop:bg-slate-900/50 dark:text-slate-100"
      data-testid="learner-view"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id="learner-view-title" className="font-semibold">
          {view.data ? view.data.name : "Learner"}{" "}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400">read-only{view.data?.item ? ` · ${view.data.item}` : ""}</span>
        </h2>
        {view.data && <ExportLearnerButton view={view.data} />}
        <button type="button" className={view.data ? "btn-secondary" : "btn-secondary ml-auto"} onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
      <div className="grid max-h-[80vh] gap-3 overflow-auto p-4 lg:grid-cols-2">
        {view.isPending && <Spinner label="Loading…" />}
        {view.error && <p role="alert">{view.error.message}</p>}
        {view.data && (
          <>
            <section aria-label="Code" className="min-w-0">
              <h3 className="mb-1 text-sm font-semibold">Code</h3>
              {Object.keys(files).length === 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">No code shared yet: it arrives when they call a tool or press Check.</p>
              ) : (
                <>
                  <div role="tablist" aria-label="Files" className="mb-1 flex flex-wrap gap-1">
                    {Object.keys(files).map((name) => (
                      <button
                        key={name}
                        type="button"
                        role="tab"
                        aria-selected={name === shown}
                        className={name === shown ? "btn-primary !py-0.5 text-xs" : "btn-ghost !py-0.5 text-xs"}
                        onClick={() => setFile(name)}
                      >
                        {name}
                      </button>
                    ))}
                  </div>
                  <ScrollablePre data-testid="learner-code" className="max-h-[60vh] overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
                    {shown ? files[shown] : ""}
                  </ScrollablePre>
                </>
              )}
            </section>
            <div className="min-w-0 space-y-3">
              <section aria-label="Last Check">
                <h3 className="mb-1 text-sm font-semibold">
                  Last Check{" "}
                  {check && (
                    <span className="font-normal text-slate-500 dark:text-slate-400">
                      · {check.item} · {new Date(check.at).toLocaleTimeString()}
                    </span>
                  )}
                </h3>
                {!check ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">No Check yet.</p>
                ) : (
                  <ul className="space-y-0.5 text-sm" data-testid="learner-check">
                    {check.report.checks.map((c) => (
                      <li key={c.name}>
                        <span className={c.passed ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}>{c.passed ? "✓" : "✗"}</span>{" "}
                        {c.name}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section aria-label="Last Call">
                <h3 className="mb-1 text-sm font-semibold">
                  Last Call {call && <span className="font-normal text-slate-500 dark:text-slate-400">· {call.label}</span>}
                </h3>
                {!call ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">No Call yet.</p>
                ) : (
                  <ol className="space-y-2" data-testid="learner-call">
                    {call.exchanges.map((x, i) => (
                      <li key={i} className="rounded border border-slate-200 p-2 text-xs dark:border-slate-700">
                        <p className="font-mono font-semibold">
                          {x.method} {new URL(x.url, location.origin).pathname.replace(/\/mcp\/[^/]+/, "/mcp/…")} → {x.status ?? "…"}
                        </p>
                        {x.request !== undefined && (
                          <ScrollablePre className="mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-1.5 font-mono dark:bg-slate-800">
                            {pretty(x.request)}
                          </ScrollablePre>
                        )}
                        {x.messages.map((m, j) => (
                          <ScrollablePre key={j} className="mt-1 max-h-48 overflow-auto rounded bg-indigo-50 p-1.5 font-mono dark:bg-indigo-950">
                            {pretty(m)}
                          </ScrollablePre>
                        ))}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
