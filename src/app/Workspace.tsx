// The three panes (lesson, editor, Call/Wire/Tests) on any screen: side by side with draggable,
// collapsible dividers from 900 px, stacked below that, and one pane at a time with a switcher on
// a phone. Sizes and folds are remembered per browser; presenter mode hides the lesson.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { clampWidths, loadLayout, saveLayout, type LayoutPrefs, type PaneId } from "./layout-prefs";

export type Viewport = "wide" | "stacked" | "phone";

const WIDE = "(min-width: 900px)";
const NOT_PHONE = "(min-width: 640px)";

export function useViewport(): Viewport {
  const read = (): Viewport => (matchMedia(WIDE).matches ? "wide" : matchMedia(NOT_PHONE).matches ? "stacked" : "phone");
  const [v, setV] = useState(read);
  useEffect(() => {
    const queries = [matchMedia(WIDE), matchMedia(NOT_PHONE)];
    const on = () => setV(read());
    queries.forEach((q) => q.addEventListener("change", on));
    return () => queries.forEach((q) => q.removeEventListener("change", on));
  }, []);
  return v;
}

const PANE_LABEL: Record<PaneId, string> = { lesson: "Lesson", editor: "Code", tabs: "Call · Wire · Tests" };

interface Props {
  lesson: ReactNode;
  editor: ReactNode;
  tabs: ReactNode;
  presenter: boolean;
  /** On a phone: which pane is in front (lifted so a call can bring the Call tab forward). */
  phonePane: PaneId;
  onPhonePane: (p: PaneId) => void;
}

function Splitter({ label, onDrag, onToggle, value }: { label: string; onDrag: (dx: number) => void; onToggle: () => void; value: number }) {
  const last = useRef<number | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      tabIndex={0}
      title="Drag to resize; Enter folds the pane; arrow keys resize"
      className="group relative z-10 w-1.5 shrink-0 cursor-col-resize touch-none bg-slate-200 hover:bg-indigo-400 focus-visible:bg-indigo-500 dark:bg-slate-700 dark:hover:bg-indigo-500"
      onPointerDown={(e) => {
        last.current = e.clientX;
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (last.current === null) return;
        onDrag(e.clientX - last.current);
        last.current = e.clientX;
      }}
      onPointerUp={() => (last.current = null)}
      onPointerCancel={() => (last.current = null)}
      onDoubleClick={onToggle}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
          e.preventDefault();
          onDrag((e.key === "ArrowRight" ? 1 : -1) * (e.shiftKey ? 64 : 16));
        } else if (e.key === "Enter") {
          e.preventDefault();
          onToggle();
        }
      }}
    />
  );
}

function Rail({ pane, onOpen }: { pane: PaneId; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="flex w-8 shrink-0 items-start justify-center border-slate-200 bg-slate-100 pt-3 text-xs font-semibold text-slate-600 hover:bg-slate-200 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
      onClick={onOpen}
      aria-label={`Show the ${PANE_LABEL[pane]} pane`}
      data-testid={`rail-${pane}`}
    >
      <span className="[writing-mode:vertical-rl]">{PANE_LABEL[pane]} ▸</span>
    </button>
  );
}

function FoldButton({ pane, onFold }: { pane: PaneId; onFold: () => void }) {
  return (
    <button
      type="button"
      className="btn-ghost absolute top-1 right-1 z-10 !px-1.5 !py-0.5 text-xs"
      onClick={onFold}
      aria-label={`Fold the ${PANE_LABEL[pane]} pane`}
      title={`Fold the ${PANE_LABEL[pane]} pane`}
    >
      ⇤
    </button>
  );
}

export function Workspace({ lesson, editor, tabs, presenter, phonePane, onPhonePane }: Props) {
  const viewport = useViewport();
  const [prefs, setPrefs] = useState<LayoutPrefs>(loadLayout);
  const main = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(() => innerWidth);
  useEffect(() => saveLayout(prefs), [prefs]);
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [viewport]);

  const folded = (p: PaneId) => prefs.folded.includes(p) || (p === "lesson" && presenter);
  const fold = (p: PaneId, on: boolean) => setPrefs((s) => ({ ...s, folded: on ? [...new Set([...s.folded, p])] : s.folded.filter((x) => x !== p) }));
  const panes: Record<PaneId, ReactNode> = { lesson, editor, tabs };

  if (viewport === "phone") {
    const order: PaneId[] = ["lesson", "editor", "tabs"];
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <nav aria-label="Panes">
          <div role="tablist" aria-label="Pane" className="grid grid-cols-3 border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
            {order.map((p) => (
              <button
                key={p}
                role="tab"
                type="button"
                aria-selected={phonePane === p}
                className={`border-b-2 px-1 py-2 text-sm font-semibold ${phonePane === p ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300" : "border-transparent text-slate-600 dark:text-slate-400"}`}
                onClick={() => onPhonePane(p)}
              >
                {p === "tabs" ? "Try it" : PANE_LABEL[p]}
              </button>
            ))}
          </div>
        </nav>
        <main ref={main} className="min-h-0 flex-1">
          {order.map((p) => (
            <div
              key={p}
              hidden={phonePane !== p}
              className={`h-full min-h-0 ${p === "lesson" ? "overflow-auto bg-white dark:bg-slate-900" : "flex flex-col"}`}
              data-pane={p}
            >
              {panes[p]}
            </div>
          ))}
        </main>
      </div>
    );
  }

  if (viewport === "stacked") {
    return (
      <main ref={main} className="min-h-0 flex-1 overflow-y-auto">
        {!presenter && (
          <section className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900" data-pane="lesson">
            <button
              type="button"
              className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm font-semibold"
              aria-expanded={!folded("lesson")}
              onClick={() => fold("lesson", !folded("lesson"))}
            >
              <span aria-hidden>{folded("lesson") ? "▸" : "▾"}</span> Lesson
            </button>
            {!folded("lesson") && <div className="max-h-[45vh] overflow-auto">{lesson}</div>}
          </section>
        )}
        <section className="flex h-[55vh] min-h-72 flex-col border-b border-slate-200 dark:border-slate-700" data-pane="editor">
          {editor}
        </section>
        <section className="flex min-h-[60vh] flex-col" data-pane="tabs">
          {tabs}
        </section>
      </main>
    );
  }

  const widths = clampWidths(prefs, width, { lesson: folded("lesson"), editor: folded("editor"), tabs: folded("tabs") });
  const drag = (which: "lesson" | "tabs", dx: number) =>
    setPrefs((s) => ({ ...s, [which]: Math.round((which === "lesson" ? widths.lesson : widths.tabs) + (which === "lesson" ? dx : -dx)) }));
  return (
    <main ref={main} className="flex min-h-0 flex-1">
      {folded("lesson") ? (
        !presenter && <Rail pane="lesson" onOpen={() => fold("lesson", false)} />
      ) : (
        <>
          <aside className="relative min-h-0 shrink-0 overflow-auto bg-white dark:bg-slate-900" style={{ width: widths.lesson }} data-pane="lesson">
            <FoldButton pane="lesson" onFold={() => fold("lesson", true)} />
            {lesson}
          </aside>
          <Splitter label="Resize the lesson pane" value={widths.lesson} onDrag={(dx) => drag("lesson", dx)} onToggle={() => fold("lesson", true)} />
        </>
      )}
      {folded("editor") ? (
        <Rail pane="editor" onOpen={() => fold("editor", false)} />
      ) : (
        <section className="relative flex min-h-0 min-w-0 flex-1 flex-col" data-pane="editor" aria-label="Editor">
          {editor}
        </section>
      )}
      {folded("tabs") ? (
        <Rail pane="tabs" onOpen={() => fold("tabs", false)} />
      ) : (
        <>
          <Splitter label="Resize the Call, Wire and Tests pane" value={widths.tabs} onDrag={(dx) => drag("tabs", dx)} onToggle={() => fold("tabs", true)} />
          <div
            className={`relative flex min-h-0 flex-col ${folded("editor") ? "flex-1" : "shrink-0"}`}
            style={folded("editor") ? undefined : { width: widths.tabs }}
            data-pane="tabs"
          >
            <FoldButton pane="tabs" onFold={() => fold("tabs", true)} />
            {tabs}
          </div>
        </>
      )}
    </main>
  );
}
