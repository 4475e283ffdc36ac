import type { Lesson } from "../server-bridge/lessons";
import { Markdown } from "../markdown/Markdown";

/** The lesson's text beside the editor. */
export function LessonText({ lesson, origin }: { lesson: Lesson; origin: "starter" | "draft" | "share" }) {
  return (
    <article className="p-4" aria-label="Lesson">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className={`badge ${lesson.kind === "challenge" ? "bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-50" : "bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100"}`}>{lesson.kind}</span>
        {origin === "draft" && <span className="badge bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100">your draft</span>}
        {origin === "share" && <span className="badge bg-violet-200 text-violet-900 dark:bg-violet-800 dark:text-violet-50">from a share link</span>}
      </div>
      <h1 className="mb-3 text-xl font-bold">{lesson.title}</h1>
      {/* Lesson files start with their own "# Title"; the heading above already says it. */}
      <Markdown source={lesson.body.replace(/^\s*#\s+[^\n]*\n/, "")} />
      {lesson.kind === "challenge" && (
        <p className="mt-4 rounded-md bg-amber-50 p-2 text-sm dark:bg-amber-950/40">
          Press <strong>Check</strong> in the Tests tab: hidden checks run on the server and tell you which pass, with a hint for each that does not.
        </p>
      )}
    </article>
  );
}
