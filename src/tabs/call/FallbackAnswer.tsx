// The no-forms 2025 client: the tool's text told the model to call sendElicitationResult.
// Here the person plays the model: pick the action, fill the content, send it.
import { lazy, Suspense, useMemo, useState } from "react";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { ElicitAction } from "../../server-bridge/mcp-client";
import { Spinner } from "../../ui/Spinner";
import { adaptSchema } from "./schema-adapter";
import { callStore } from "./call-store";

const SchemaForm = lazy(() => import("./SchemaForm"));

/** The fallback's elicitId and schema: from structured content or _meta when present, else read from the text. */
function readFallback(result: CallToolResult): { elicitId: string; schema?: Record<string, unknown> } {
  const holders = [result.structuredContent, result._meta].filter((h): h is Record<string, unknown> => !!h && typeof h === "object");
  let elicitId = "";
  let schema: Record<string, unknown> | undefined;
  for (const h of holders) {
    if (typeof h.elicitId === "string") elicitId ||= h.elicitId;
    const s = h.requestedSchema ?? h.schema;
    if (s && typeof s === "object") schema ??= s as Record<string, unknown>;
  }
  const text = (result.content ?? []).map((b) => ("text" in b ? String(b.text) : "")).join("\n");
  elicitId ||= text.match(/elicitId["'\s:=]+["']?([\w.:-]+)/)?.[1] ?? "";
  if (!schema) {
    const json = text.match(/\{[\s\S]*"properties"[\s\S]*\}/)?.[0];
    try {
      const parsed = json ? (JSON.parse(json) as Record<string, unknown>) : undefined;
      schema = parsed && "properties" in parsed ? parsed : undefined;
    } catch {
      /* the text held no parsable schema: fall back to a JSON box */
    }
  }
  return { elicitId, schema };
}

export function FallbackAnswer({ result }: { result: CallToolResult }) {
  const found = useMemo(() => readFallback(result), [result]);
  const form = useMemo(() => (found.schema ? adaptSchema(found.schema) : undefined), [found]);
  const [elicitId, setElicitId] = useState(found.elicitId);
  const [action, setAction] = useState<ElicitAction>("accept");
  const [value, setValue] = useState<Record<string, unknown>>(form?.initial ?? {});
  const [jsonText, setJsonText] = useState("{}");
  const [jsonError, setJsonError] = useState<string>();

  const send = (content?: Record<string, unknown>) => void callStore.sendFallback({ elicitId, action, ...(action === "accept" ? { content } : {}) });

  return (
    <div
      role="group"
      className="space-y-2 rounded-md border border-slate-300 bg-white p-3 dark:border-slate-600 dark:bg-slate-900"
      aria-label="Answer through sendElicitationResult"
    >
      <div className="grid grid-cols-[auto_1fr] items-center gap-2 text-sm">
        <label htmlFor="fallback-elicit-id">elicitId</label>
        <input id="fallback-elicit-id" className="field-input font-mono" value={elicitId} onChange={(e) => setElicitId(e.target.value)} />
        <label htmlFor="fallback-action">action</label>
        <select id="fallback-action" className="field-input" value={action} onChange={(e) => setAction(e.target.value as ElicitAction)}>
          <option value="accept">accept</option>
          <option value="decline">decline</option>
          <option value="cancel">cancel</option>
        </select>
      </div>
      {action === "accept" &&
        (form ? (
          <Suspense fallback={<Spinner label="Loading the form…" />}>
            <SchemaForm formId="fallback-form" form={form} value={value} onChange={setValue} onSubmit={(content) => send(content)} />
          </Suspense>
        ) : (
          <div>
            <label htmlFor="fallback-content" className="mb-1 block text-sm">
              content (JSON)
            </label>
            <textarea
              id="fallback-content"
              className="field-input h-24 font-mono"
              value={jsonText}
              onChange={(e) => setJsonText(e.target.value)}
              aria-invalid={jsonError ? true : undefined}
            />
            {jsonError && <p className="text-xs text-rose-700 dark:text-rose-300">{jsonError}</p>}
          </div>
        ))}
      <button
        type={action === "accept" && form ? "submit" : "button"}
        form={action === "accept" && form ? "fallback-form" : undefined}
        className="btn-primary"
        onClick={
          action === "accept" && form
            ? undefined
            : () => {
                if (action !== "accept") return send();
                try {
                  const parsed = JSON.parse(jsonText) as unknown;
                  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("content must be a JSON object");
                  setJsonError(undefined);
                  send(parsed as Record<string, unknown>);
                } catch (err) {
                  setJsonError((err as Error).message);
                }
              }
        }
      >
        Call sendElicitationResult
      </button>
    </div>
  );
}
