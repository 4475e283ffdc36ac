// The editor column: file tabs, the editor (Monaco, loaded once the first screen is up, the code read-only until
// then; or the plain text editor, the learner's choice) and the problems list with its count.
import { lazy, Suspense, useEffect, useState } from "react";
import { EditorFallback } from "./EditorFallback";
import { PlainEditor } from "./PlainEditor";
import { plainEditorMode, usePlainEditorMode } from "./plain-editor-mode";
import { projectStore, useProject } from "../project/project-store";
import { useSession } from "../server-bridge/session";
import { editorJumps } from "./editor-jumps";
import { useProblems } from "./problems";
import type { EditorCommands } from "./MonacoEditor";
import { StarterDiff } from "./StarterDiff";
import { EDITOR_KEYS_HINT_ID, LEAVE_KEYS, SCREEN_READER_KEY } from "./editor-keys";
import { screenReaderMode, useScreenReaderMode } from "./screen-reader-mode";
import { ScrollablePre } from "../ui/Scrollable";

// React remembers a failed lazy import, so "Try again" needs a new lazy component.
const loadMonaco = () => lazy(() => import("./MonacoEditor"));

/**
 * Monaco is a large chunk to compile: it loads once the first screen is up, after the session has answered (so the
 * Call tab is usable first) and when the page is idle. Until then the code shows read-only.
 */
function useAfterFirstScreen(sessionSettled: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || !sessionSettled) return;
    const go = () => setReady(true);
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(go, { timeout: 1200 });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(go, 300);
    return () => clearTimeout(t);
  }, [ready, sessionSettled]);
  return ready;
}

function CodePreview({ text }: { text: string }) {
  return (
    <ScrollablePre className="h-full overflow-auto p-3 font-mono text-[0.85rem] leading-5 text-slate-700 dark:text-slate-300" aria-busy="true">
      {text}
    </ScrollablePre>
  );
}

const STATUS_TOGGLE =
  "py-1 text-slate-600 underline-offset-2 hover:underline aria-pressed:font-semibold aria-pressed:text-indigo-700 dark:text-slate-400 dark:aria-pressed:text-indigo-300";

export function EditorPanel({ commands }: { commands: EditorCommands }) {
  const project = useProject();
  const session = useSession();
  const ready = useAfterFirstScreen(session.status !== "syncing");
  const [MonacoEditor, setMonacoEditor] = useState(loadMonaco);
  const [showProblems, setShowProblems] = useState(false);
  const [diffOpen, setDiffOpen] = useState(false);
  const screenReader = useScreenReaderMode();
  const plain = usePlainEditorMode();
  const edited = !!project.lesson && project.files !== project.lesson.files && JSON.stringify(project.files) !== JSON.stringify(project.lesson.files);
  const files = Object.keys(project.files);
  const problems = useProblems();

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-end border-b border-slate-200 dark:border-slate-700">
        <div role="tablist" aria-label="Project files" className="flex min-w-0 flex-1 items-end gap-0.5 overflow-x-auto px-2 pt-1">
          {files.map((f) => (
            <button
              key={f}
              role="tab"
              aria-selected={f === project.activeFile}
              className={`rounded-t-md border border-b-0 px-2.5 py-1 font-mono text-xs whitespace-nowrap ${f === project.activeFile ? "border-slate-200 bg-white font-semibold dark:border-slate-700 dark:bg-slate-900" : "border-transparent text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"}`}
              onClick={() => projectStore.setActiveFile(f)}
            >
              {f}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn-ghost mr-1 mb-0.5 shrink-0 !px-2 !py-0.5 text-xs"
          onClick={() => setDiffOpen(true)}
          disabled={!edited}
          title="Your files against the lesson's starter files"
        >
          <span>
            Changes<span className="hidden 2xl:inline"> vs starter</span>
          </span>
        </button>
      </div>
      <StarterDiff open={diffOpen} onClose={() => setDiffOpen(false)} />
      <div className="min-h-0 flex-1 bg-white dark:bg-[#1e1e1e]">
        {plain ? (
          <PlainEditor />
        ) : ready ? (
          <EditorFallback onRetry={() => setMonacoEditor(loadMonaco)}>
            <Suspense fallback={<CodePreview text={project.files[project.activeFile ?? ""] ?? ""} />}>
              <MonacoEditor commands={commands} diagnostics={session.diagnostics} />
            </Suspense>
          </EditorFallback>
        ) : (
          <CodePreview text={project.files[project.activeFile ?? ""] ?? ""} />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-2 border-t border-slate-200 pr-2 text-xs whitespace-nowrap dark:border-slate-700">
        <button
          type="button"
          className="px-3 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
          aria-expanded={showProblems}
          onClick={() => setShowProblems((s) => !s)}
          data-testid="problems-toggle"
          data-problems={problems.length}
        >
          <span className={problems.length ? "font-semibold text-rose-700 dark:text-rose-300" : "text-slate-600 dark:text-slate-400"}>
            Problems ({problems.length})
          </span>
        </button>
        {plain ? (
          <span className="ml-auto" />
        ) : (
          <>
            <span id={EDITOR_KEYS_HINT_ID} className="ml-auto text-slate-600 dark:text-slate-400" data-testid="editor-keys-hint">
              Editor: Enter goes in, {LEAVE_KEYS} leaves
            </span>
            <button
              type="button"
              className={STATUS_TOGGLE}
              aria-pressed={screenReader}
              onClick={screenReaderMode.toggle}
              title={`Monaco's screen reader optimised mode; ${SCREEN_READER_KEY} in the editor turns it on and off`}
            >
              {SCREEN_READER_KEY}: screen reader
            </button>
          </>
        )}
        <button
          type="button"
          className={STATUS_TOGGLE}
          aria-pressed={plain}
          onClick={plainEditorMode.toggle}
          data-testid="plain-editor-toggle"
          title="A plain text field in place of the code editor: lighter on a slow computer, a native field for a screen reader; it has no completions or type checks"
        >
          Plain editor
        </button>
        <span className="text-slate-600 dark:text-slate-400">
          {session.status === "syncing"
            ? "compiling…"
            : session.status === "ready"
              ? "server ready"
              : session.status === "compile-error"
                ? "does not compile"
                : session.status === "unreachable"
                  ? "server unreachable, retrying on your next action"
                  : ""}
        </span>
        {showProblems && problems.length > 0 && (
          <ul className="max-h-32 w-full overflow-auto px-3 pb-2 whitespace-normal">
            {problems.map((p, i) => (
              <li key={i}>
                <button
                  type="button"
                  className="w-full rounded px-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
                  onClick={() => editorJumps.jump(p.file, p.line, p.column)}
                >
                  <span className="font-mono text-slate-600 dark:text-slate-400">
                    {p.file}:{p.line}:{p.column}
                  </span>{" "}
                  <span className={p.source === "compile" ? "text-rose-700 dark:text-rose-300" : ""}>{p.message}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
