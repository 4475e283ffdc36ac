// The Call tab: pick a tool and a client persona, fill the arguments, call. When the tool
// asks, its question appears here as the client would show it.
import { useEffect, useMemo, useRef, useState } from "react";
import { personaNamed, personas } from "../../server-bridge/personas";
import { useSession, type ListedTool } from "../../server-bridge/session";
import { Spinner } from "../../ui/Spinner";
import { adaptSchema } from "./schema-adapter";
import { callStore, useCall } from "./call-store";
import { OutsideWait } from "./OutsideWait";
import { ElicitationPanel } from "./ElicitationPanel";
import { CallOutcomeView } from "./CallOutcomeView";
import { ServedByNote } from "./ServedByNote";
import { CallHistory } from "./CallHistory";
import { RawJsonInput } from "./RawJsonInput";
import { MakeTestButton } from "./MakeTestButton";
import { SimpleForm } from "./SimpleForm";
import { simpleFields } from "./simple-form";
import { useFullForm } from "./full-form";
import { BreakPicker } from "../../misbehaving/BreakPicker";
import { RuleKept } from "../../misbehaving/RuleKept";
import { HeldAnswer, PersonTiming } from "./PersonTiming";

const ARGS_FORM_ID = "tool-arguments";

function AnnotationBadges({ tool }: { tool: ListedTool }) {
  const a = tool.annotations ?? {};
  const hints: [string, string][] = [];
  if (a.destructiveHint === true) hints.push(["destructive", "bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100"]);
  if (a.readOnlyHint === true) hints.push(["read-only", "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100"]);
  if (a.idempotentHint === true) hints.push(["idempotent", "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100"]);
  if (a.openWorldHint === true) hints.push(["open world", "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100"]);
  return (
    <>
      {hints.map(([label, cls]) => (
        <span key={label} className={`badge ${cls}`}>
          {label}
        </span>
      ))}
    </>
  );
}

export function CallTab() {
  const session = useSession();
  const call = useCall();
  const tools = session.tools;
  const selected = tools.find((t) => t.name === call.tool) ?? tools[0];
  const form = useMemo(() => adaptSchema(selected?.inputSchema), [selected]);
  const args = (selected && call.args[selected.name]) ?? form.initial;
  const persona = personaNamed(call.persona);
  const blocked = session.status === "compile-error";
  const [argsMode, setArgsMode] = useState<"form" | "json">("form");
  // A call that ends takes focus to its result once; an older one shown again (another lesson's) does not.
  const focusedSeq = useRef(call.outcome?.seq ?? 0);
  useEffect(() => {
    if (call.outcome && !call.question) focusedSeq.current = Math.max(focusedSeq.current, call.outcome.seq);
  }, [call.outcome, call.question]);
  const noArguments = Object.keys(form.schema.properties ?? {}).length === 0;
  const simple = useMemo(() => simpleFields(form), [form]);
  const FullForm = useFullForm(argsMode === "form" && !noArguments && !simple);
  // Call is enabled only when pressing it sends: the arguments' form must be drawn (the full one may still be loading).
  const formReady = argsMode === "json" || noArguments || !!simple || !!FullForm;
  // What the light and the full argument forms share: a submitted form keeps its value and calls the tool.
  const toolName = selected?.name ?? "";
  const argsForm = {
    formId: ARGS_FORM_ID,
    value: args,
    disabled: call.running,
    onChange: (v: Record<string, unknown>) => callStore.setArgs(toolName, v),
    onSubmit: (v: Record<string, unknown>) => {
      callStore.setArgs(toolName, v);
      void callStore.call(toolName);
    },
  };

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">You are the client</legend>
        {/* A column per protocol revision: the table lists the four 2026-07-28 clients, then the two 2025-11-25 ones. */}
        <div role="radiogroup" aria-label="Client persona" className="grid grid-flow-col grid-cols-2 grid-rows-4 gap-1.5">
          {personas.map((p) => (
            <label
              key={p.name}
              className={`flex cursor-pointer items-start gap-2 rounded-md border px-2 py-1.5 text-sm ${p.name === persona.name ? "border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50" : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"}`}
            >
              <input
                type="radio"
                name="persona"
                value={p.name}
                className="mt-1 accent-indigo-600"
                checked={p.name === persona.name}
                onChange={() => callStore.setPersona(p.name)}
                disabled={call.running}
              />
              <span>
                {p.label}
                {p.name === call.lessonPersona && <span className="ml-1.5 text-xs text-slate-600 dark:text-slate-400">(this lesson's)</span>}
                {/* The name a test uses for this client (`mcp.as("legacy")`) and a lesson's text calls it by. */}
                <code className="block text-xs text-slate-600 dark:text-slate-400">{p.name}</code>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{persona.blurb}</p>
        {persona.name === "misbehaving" && <BreakPicker value={call.breaks} disabled={call.running} onChange={(b) => callStore.setBreaks(b)} />}
        {call.lessonPersona && call.lessonPersona !== persona.name && (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            This lesson is written for “{personaNamed(call.lessonPersona).label}” ({call.lessonPersona}).{" "}
            <button
              type="button"
              className="text-indigo-700 underline dark:text-indigo-300"
              onClick={() => callStore.setPersona(call.lessonPersona!)}
              disabled={call.running}
            >
              Switch back
            </button>
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Tool</legend>
        {tools.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {session.status === "syncing" || session.status === "none"
              ? "Starting your server…"
              : blocked
                ? "Fix the problems in the editor to see the tools."
                : "This project has no tools."}
          </p>
        ) : (
          <div role="radiogroup" aria-label="Tool" className="space-y-1.5">
            {tools.map((t) => (
              <label
                key={t.name}
                className={`block cursor-pointer rounded-md border px-2.5 py-1.5 ${t.name === selected?.name ? "border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/50" : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"}`}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <input
                    type="radio"
                    name="tool"
                    className="accent-indigo-600"
                    checked={t.name === selected?.name}
                    onChange={() => callStore.selectTool(t.name)}
                    disabled={call.running}
                  />
                  <span className="font-mono text-sm font-semibold">{t.name}</span>
                  <AnnotationBadges tool={t} />
                </span>
                {t.description && <span className="mt-0.5 block pl-6 text-xs text-slate-600 dark:text-slate-400">{t.description}</span>}
              </label>
            ))}
          </div>
        )}
      </fieldset>

      {selected && (
        <div>
          <div className="mb-1 flex items-center gap-2">
            <h2 className="text-sm font-semibold">Arguments</h2>
            <div role="group" aria-label="Arguments as" className="ml-auto flex rounded-md border border-slate-300 text-xs dark:border-slate-600">
              {(["form", "json"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={argsMode === m}
                  className={`px-2 py-0.5 ${argsMode === m ? "bg-slate-200 font-semibold dark:bg-slate-700" : ""}`}
                  onClick={() => setArgsMode(m)}
                >
                  {m === "form" ? "Form" : "Raw JSON"}
                </button>
              ))}
            </div>
          </div>
          {argsMode === "json" ? (
            <RawJsonInput
              key={selected.name}
              formId={ARGS_FORM_ID}
              label="Arguments (JSON)"
              value={args}
              hint="Sent as the call's arguments exactly as written, even if they break the schema: see how the server answers a wrong type."
              onSubmit={(v) => {
                callStore.setArgs(selected.name, v);
                void callStore.call(selected.name);
              }}
            />
          ) : noArguments ? (
            <form
              id={ARGS_FORM_ID}
              onSubmit={(e) => {
                e.preventDefault();
                void callStore.call(selected.name);
              }}
            >
              <p className="text-xs text-slate-600 dark:text-slate-400">This tool takes no arguments.</p>
            </form>
          ) : simple ? (
            <SimpleForm key={selected.name} fields={simple} {...argsForm} />
          ) : FullForm ? (
            <FullForm key={selected.name} form={form} {...argsForm} />
          ) : (
            <Spinner label="Loading the form…" />
          )}
          <div className="mt-2 flex items-center gap-3">
            <button type="submit" form={ARGS_FORM_ID} className="btn-primary" disabled={call.running || blocked || !formReady || !selected}>
              Call <kbd className="text-xs">Ctrl/⌘+Enter</kbd>
            </button>
            {call.running && !call.question && !call.held && (call.awaitingPage ? <OutsideWait url={call.awaitingPage} /> : <Spinner label="Calling…" />)}
          </div>
          <PersonTiming delay={call.personDelay} fastForward={call.fastForward} running={call.running} />
        </div>
      )}

      {call.problem && (
        <div
          role="alert"
          className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {call.problem}
        </div>
      )}
      {call.question && <ElicitationPanel question={call.question} />}
      {call.held && <HeldAnswer until={call.held.until} pushed={persona.protocolVersion === "2025-11-25"} />}
      {call.outcome && !call.question && (
        <CallOutcomeView
          key={call.outcome.seq}
          outcome={call.outcome}
          focus={call.outcome.seq > focusedSeq.current}
          actions={<MakeTestButton call={call.outcome} />}
        />
      )}
      {call.outcome?.broke && !call.question && <RuleKept call={call.outcome} broke={call.outcome.broke} />}
      {(call.outcome || call.question) && <ServedByNote groupId={call.groupId} />}
      <CallHistory history={call.history} current={call.outcome} />
    </div>
  );
}
