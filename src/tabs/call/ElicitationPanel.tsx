// The question a tool is asking, as the client shows it: a form (or a URL to consent to) with
// Accept, Decline and Cancel. Escape cancels. The ElicitResult about to be sent is shown live.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { ElicitationQuestion } from "../../server-bridge/mcp-client";
import { JsonTree } from "../../ui/JsonTree";
import { Spinner } from "../../ui/Spinner";
import { adaptSchema } from "./schema-adapter";
import { callStore } from "./call-store";
import { RawJsonInput } from "./RawJsonInput";
import type { ElicitAnswer } from "../../server-bridge/mcp-client";

const SchemaForm = lazy(() => import("./SchemaForm"));

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/**
 * Focus goes to the question's first field, so a keyboard or screen reader user answers where they are. The form
 * loads lazily: until its first field is there the section itself holds focus. Returns the clean-up.
 */
function focusFirstField(root: HTMLElement): () => void {
  const first = () => root.querySelector<HTMLElement>("form :is(input, select, textarea), [data-consent] button:not(:disabled)");
  const now = first();
  if (now) {
    now.focus();
    return () => undefined;
  }
  root.focus();
  const watch = new MutationObserver(() => {
    const field = first();
    if (!field) return;
    watch.disconnect();
    if (root.contains(document.activeElement)) field.focus();
  });
  watch.observe(root, { childList: true, subtree: true });
  return () => watch.disconnect();
}

export function ElicitationPanel({ question }: { question: ElicitationQuestion }) {
  const ref = useRef<HTMLElement>(null);
  const form = useMemo(() => adaptSchema(question.requestedSchema), [question]);
  const [value, setValue] = useState<Record<string, unknown>>(form.initial);
  const [raw, setRaw] = useState(false);
  useEffect(() => setValue(form.initial), [form]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        callStore.answer({ action: "cancel" });
      }
    };
    addEventListener("keydown", onKey);
    const stopFocusing = focusFirstField(ref.current!);
    return () => {
      removeEventListener("keydown", onKey);
      stopFocusing();
    };
  }, [question]);

  const where =
    question.via === "pushed"
      ? "pushed as elicitation/create on the call's stream"
      : question.via === "url-required"
        ? "listed by error -32042: the call is made again once the server says the page is done"
        : `input_required, round ${question.round}`;
  const formId = `elicitation-${question.key}`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="The tool asks"
      className="rounded-lg border-2 border-amber-400 bg-amber-50/70 p-4 dark:border-amber-500/70 dark:bg-amber-950/30"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <span className="badge bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-100">the tool asks</span>
        <span className="font-mono text-slate-600 dark:text-slate-300">{question.key}</span>
        <span className="text-slate-600 dark:text-slate-400">{where}</span>
      </div>
      <p className="mb-3 text-base font-medium" data-testid="elicitation-message">
        {question.message}
      </p>
      <div className="mb-2 flex justify-end">
        <button type="button" className="btn-ghost !px-1.5 !py-0.5 text-xs" aria-pressed={raw} onClick={() => setRaw((r) => !r)}>
          {raw ? "Back to the form" : "Answer with raw JSON"}
        </button>
      </div>
      {raw ? (
        <>
          <RawJsonInput
            formId={formId}
            label="Answer (ElicitResult JSON)"
            value={question.mode === "url" ? { action: "accept" } : { action: "accept", content: value }}
            hint="Sent exactly as written: try a wrong type or an unknown action and see what the server does with it."
            onSubmit={(v) => callStore.answer(v as unknown as ElicitAnswer)}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="submit" form={formId} className="btn-primary">
              Send this answer
            </button>
          </div>
        </>
      ) : question.mode === "url" ? (
        <UrlConsent url={question.url ?? ""} elicitationId={question.elicitationId} />
      ) : (
        <>
          <Suspense fallback={<Spinner label="Loading the form…" />}>
            <SchemaForm formId={formId} form={form} value={value} onChange={setValue} onSubmit={(content) => callStore.answer({ action: "accept", content })} />
          </Suspense>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" form={formId} className="btn-primary">
              Accept
            </button>
            <button type="button" className="btn-danger" onClick={() => callStore.answer({ action: "decline" })}>
              Decline
            </button>
            <button type="button" className="btn-secondary" onClick={() => callStore.answer({ action: "cancel" })} title="Escape">
              Cancel <kbd className="text-xs">Esc</kbd>
            </button>
          </div>
          <details className="mt-3 text-xs">
            <summary className="cursor-pointer text-slate-600 dark:text-slate-300">What Accept sends (ElicitResult) and the requested schema</summary>
            <div className="mt-2 grid gap-2 md:grid-cols-2">
              <JsonTree value={{ action: "accept", content: value }} label="ElicitResult preview" />
              <JsonTree value={question.requestedSchema ?? {}} openDepth={2} label="requestedSchema" />
            </div>
          </details>
        </>
      )}
    </section>
  );
}

function UrlConsent({ url, elicitationId }: { url: string; elicitationId?: string }) {
  const openable = isWebUrl(url);
  const outside = openable && new URL(url).origin === location.origin && new URL(url).pathname.startsWith("/outside/");
  return (
    <div>
      <p className="mb-1 text-sm">The server wants you to open this page. It has not been opened; nothing was fetched.</p>
      <p
        className="mb-3 rounded-md border border-slate-300 bg-white p-2 font-mono text-sm break-all dark:border-slate-600 dark:bg-slate-900"
        data-testid="elicitation-url"
      >
        {url}
      </p>
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
        Accept means you consent to open it; the result arrives later through the server, not through this answer.
        {outside && " This is the playground's pretend sign-in page: it opens in a new tab, where you press Sign in or Cancel."}
        {elicitationId ? (
          <>
            {" "}
            2025-11-25: the server will name <code className="font-mono">{elicitationId}</code> in notifications/elicitation/complete when the page is done.
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2" data-consent>
        <button
          type="button"
          className="btn-primary"
          disabled={!openable}
          onClick={() => {
            window.open(url, "_blank", "noopener,noreferrer");
            callStore.answer({ action: "accept" });
          }}
        >
          Open and accept
        </button>
        <button type="button" className="btn-secondary" onClick={() => callStore.answer({ action: "accept" })}>
          Accept without opening
        </button>
        <button type="button" className="btn-danger" onClick={() => callStore.answer({ action: "decline" })}>
          Decline
        </button>
        <button type="button" className="btn-secondary" onClick={() => callStore.answer({ action: "cancel" })}>
          Cancel <kbd className="text-xs">Esc</kbd>
        </button>
      </div>
      {!openable && <p className="mt-2 text-xs text-rose-700 dark:text-rose-300">Only http and https links can be opened from here.</p>}
    </div>
  );
}
