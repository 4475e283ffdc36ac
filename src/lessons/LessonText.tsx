import { useEffect, useRef, type ReactNode } from "react";
import { ITEM_STATE_LABELS, type ItemState } from "../../contract/verdicts";
import type { Lesson } from "../server-bridge/lessons";
import { Markdown } from "../markdown/Markdown";
import { type CourseStep, END_OF_COURSE } from "./course";

/** The address lesson texts write, the server's default. */
const DEFAULT_ORIGIN = "http://127.0.0.1:5173";

/**
 * A lesson's Markdown as learners read it (the author page's preview shows the same). Lesson files start with their
 * own "# Title", which the page's heading already says. They write the default address (127.0.0.1:5173); the learner
 * sees the one this page is served from, so a pasted command works.
 */
export function LessonBody({ body }: { body: string }) {
  return <Markdown source={body.replace(/^\s*#\s+[^\n]*\n/, "").replaceAll(DEFAULT_ORIGIN, window.location.origin)} />;
}

interface Props {
  lesson: Lesson;
  origin: "starter" | "draft" | "share";
  step?: CourseStep;
  previous?: CourseStep;
  next?: CourseStep;
  /** Where the learner stands on it, from the server's latest verdict. */
  state: ItemState;
  onPick: (id: string) => void;
  /** Notices about this lesson's files (a kept draft, another tab) shown above the text. */
  notices?: ReactNode;
}

/** The lesson's text beside the editor, with the way to the previous and next step (after the last, the end of course) at its end. */
export function LessonText({ lesson, origin, step, previous, next, state, onPick, notices }: Props) {
  const ref = useRef<HTMLElement>(null);
  // A lesson opens at its top: the pane that scrolls it (whichever layout) goes back up when another lesson opens.
  useEffect(() => {
    for (let el = ref.current?.parentElement; el; el = el.parentElement) {
      el.scrollTop = 0;
      if (el.dataset.pane) break;
    }
  }, [lesson.id]);
  return (
    <article ref={ref} className="p-4" aria-label="Lesson">
      {notices}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span
          className={`badge ${lesson.kind === "challenge" ? "bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-50" : "bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"}`}
        >
          {step?.label ?? lesson.kind}
        </span>
        {state === "passes-now" && (
          <span className="badge bg-emerald-200 text-emerald-900 dark:bg-emerald-800 dark:text-emerald-50" data-testid="lesson-passed">
            ✓ {ITEM_STATE_LABELS[state]}
          </span>
        )}
        {state === "passed-before" && (
          <span className="badge bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-50" data-testid="lesson-broken">
            ⚠ {ITEM_STATE_LABELS[state]}
          </span>
        )}
        {origin === "draft" && <span className="badge bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100">your draft</span>}
        {origin === "share" && <span className="badge bg-violet-200 text-violet-900 dark:bg-violet-800 dark:text-violet-50">from a share link</span>}
      </div>
      <h1 className="mb-3 text-xl font-bold">{lesson.title}</h1>
      <LessonBody body={lesson.body} />
      {lesson.kind === "challenge" && (
        <p className="mt-4 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40">
          Press <strong>Check</strong> in the Tests tab: hidden checks run on the server and tell you which pass; each that does not has a hint you can show
          when you want it.
        </p>
      )}
      <nav aria-label="Course" className="mt-6 grid grid-cols-2 gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        {previous ? (
          <button type="button" className="btn-secondary !justify-start text-left" onClick={() => onPick(previous.lesson.id)}>
            <span aria-hidden>←</span>
            <span className="min-w-0">
              <span className="block text-xs text-slate-600 dark:text-slate-400">Previous · {previous.label}</span>
              <span className="block truncate">{previous.lesson.title}</span>
            </span>
          </button>
        ) : (
          <span />
        )}
        {step && !next && (
          <button type="button" className="btn-primary !justify-end text-right" onClick={() => onPick(END_OF_COURSE)} data-testid="to-course-end">
            <span className="min-w-0">
              <span className="block text-xs">{state === "passes-now" ? "You finished the last step" : "Last step"}</span>
              <span className="block truncate">End of course</span>
            </span>
            <span aria-hidden>→</span>
          </button>
        )}
        {next && (
          <button type="button" className="btn-primary !justify-end text-right" onClick={() => onPick(next.lesson.id)}>
            <span className="min-w-0">
              <span className="block text-xs">Next · {next.label}</span>
              <span className="block truncate">{next.lesson.title}</span>
            </span>
            <span aria-hidden>→</span>
          </button>
        )}
      </nav>
    </article>
  );
}
