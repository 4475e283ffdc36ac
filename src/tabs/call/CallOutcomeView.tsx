// The end of a call: the tool's result (text, structured content, isError with its code), the
// JSON-RPC error if there was one (with -32021 explained), and every answer the person sent.
import type { ProtocolErrorCode } from "@modelcontextprotocol/client";
import { useEffect, useRef, type ReactNode } from "react";
import type { FinishedCall } from "./call-store";
import { JsonTree } from "../../ui/JsonTree";
import { LongText } from "../../ui/LongText";
import { FallbackAnswer } from "./FallbackAnswer";

/** The SDK's code, checked against its enum by the compiler without loading the SDK on the first screen. */
const MISSING_CAPABILITY: ProtocolErrorCode.MissingRequiredClientCapability = -32021;

type Outcome = FinishedCall;
const TEXT_PREVIEW = 4000;

/** A text block of any length: the first few thousand characters, the rest behind "show all". */
function ResultText({ text }: { text: string }) {
  return (
    <div className="mb-2">
      <pre className="font-mono text-sm break-words whitespace-pre-wrap" data-testid="result-text">
        {text.length > TEXT_PREVIEW ? `${text.slice(0, TEXT_PREVIEW)}…` : text}
      </pre>
      {text.length > TEXT_PREVIEW && <LongText text={text} label={`Show all ${text.length.toLocaleString()} characters`} />}
    </div>
  );
}

interface ContentBlock {
  type: string;
  text?: string;
  [k: string]: unknown;
}

/** `focus`: take keyboard focus on mount (a call that just ended), unless the person is typing in the editor. */
export function CallOutcomeView({ outcome, actions, focus = false }: { outcome: Outcome; actions?: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus && !document.activeElement?.closest(".monaco-editor")) ref.current?.focus();
  }, [focus]);
  return (
    <section ref={ref} tabIndex={-1} aria-label="Call result" className="space-y-3" data-testid="call-outcome">
      {actions}
      {outcome.kind === "result" && <ToolResult outcome={outcome} />}
      {outcome.kind === "rpc-error" && <RpcError code={outcome.code} message={outcome.message} data={outcome.data} />}
      {outcome.kind === "failure" && (
        <div
          role="alert"
          className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {outcome.message}
        </div>
      )}
      {outcome.answers.length > 0 && (
        <div>
          <h2 className="mb-1 text-sm font-semibold">What you answered</h2>
          <ul className="space-y-1">
            {outcome.answers.map(({ question, answer }, i) => (
              <li
                key={i}
                className="rounded-md border border-slate-200 p-2 dark:border-slate-700"
                data-testid="sent-answer"
                data-answer={JSON.stringify(answer)}
              >
                <div className="mb-1 text-xs text-slate-600 dark:text-slate-400">
                  <span className="font-mono">{question.key}</span> · {question.message}
                </div>
                <JsonTree value={answer} label={`answer to ${question.key}`} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function ToolResult({ outcome }: { outcome: Extract<Outcome, { kind: "result" }> }) {
  const { result } = outcome;
  const blocks = (result.content ?? []) as ContentBlock[];
  const code = (result._meta as { code?: string } | undefined)?.code;
  const fallback = outcome.persona === "legacy-no-forms" && outcome.via === undefined && blocks.some((b) => b.text?.includes("sendElicitationResult"));
  return (
    <div
      className={`rounded-lg border p-3 ${result.isError ? "border-rose-300 bg-rose-50/60 dark:border-rose-800 dark:bg-rose-950/30" : "border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-950/30"}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        {result.isError ? (
          <span className="badge bg-rose-200 text-rose-900 dark:bg-rose-800 dark:text-rose-50">isError</span>
        ) : (
          <span className="badge bg-emerald-200 text-emerald-900 dark:bg-emerald-800 dark:text-emerald-50">result</span>
        )}
        {code && (
          <span className="badge bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" data-testid="error-code">
            {code}
          </span>
        )}
        <span className="text-slate-600 dark:text-slate-400">
          {outcome.tool}
          {outcome.via && " · answered through sendElicitationResult"} · {outcome.rounds} round{outcome.rounds === 1 ? "" : "s"}
        </span>
      </div>
      {blocks.map((b, i) => (b.type === "text" ? <ResultText key={i} text={b.text ?? ""} /> : <JsonTree key={i} value={b} label={`${b.type} content`} />))}
      {result.structuredContent !== undefined && (
        <div className="mt-2">
          <h3 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">structuredContent</h3>
          <JsonTree value={result.structuredContent} label="structuredContent" />
        </div>
      )}
      {fallback && (
        <div className="mt-3">
          <p className="mb-2 text-sm">
            This client cannot show forms, so the tool answered with text for the model. A model would now ask you and call{" "}
            <code className="code-inline">sendElicitationResult</code>. Answer as the model would:
          </p>
          <FallbackAnswer result={result} />
        </div>
      )}
    </div>
  );
}

function RpcError({ code, message, data }: { code: number; message: string; data?: unknown }) {
  return (
    <div role="alert" className="rounded-lg border border-rose-300 bg-rose-50/60 p-3 dark:border-rose-800 dark:bg-rose-950/30">
      <div className="mb-2 flex items-center gap-2 text-xs">
        <span className="badge bg-rose-200 text-rose-900 dark:bg-rose-800 dark:text-rose-50">JSON-RPC error</span>
        <span className="font-mono font-semibold" data-testid="rpc-error-code">
          {code}
        </span>
      </div>
      <p className="mb-2 text-sm break-words">{message}</p>
      {code === MISSING_CAPABILITY && (
        <p className="mb-2 text-sm">
          <strong>-32021 Missing required client capability.</strong> This client did not declare <code className="code-inline">elicitation</code> in its{" "}
          <code className="code-inline">clientCapabilities</code>, so the server may not ask it anything. The call stops with an error instead of a question;{" "}
          <code className="code-inline">data.requiredCapabilities</code> names what was missing. A tool can check{" "}
          <code className="code-inline">this.canElicit()</code> first and fall back politely.
        </p>
      )}
      {(data as { reason?: string } | undefined)?.reason === "invalid_request_state" && (
        <p className="mb-2 text-sm" data-testid="answer-not-used">
          <strong>Your answer could not be used.</strong> The <code className="code-inline">requestState</code> the client sent back was refused: it expired
          while the question waited, or the code or the server changed since the question was asked (a state is only good for the build and question it was made
          for). Nothing was done; call again to be asked afresh.
        </p>
      )}
      {data !== undefined && <JsonTree value={data} label="error data" />}
    </div>
  );
}
