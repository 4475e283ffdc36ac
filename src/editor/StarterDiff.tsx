// "Changes vs starter": the learner's files against the lesson's starter, line by line, in a dialog.
import { useEffect, useMemo, useRef } from "react";
import { useProject } from "../project/project-store";
import { diffProject, withContext } from "../project/line-diff";
import { ScrollablePre } from "../ui/Scrollable";

export function StarterDiff({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const project = useProject();
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  const files = useMemo(() => (open && project.lesson ? diffProject(project.lesson.files, project.files) : []), [open, project.lesson, project.files]);
  const changed = files.filter((f) => f.status !== "same");
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="starter-diff-title"
      className="m-auto max-h-[90vh] w-[min(60rem,96vw)] overflow-auto rounded-xl border border-slate-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="space-y-3 p-5">
        <div className="flex items-start gap-3">
          <h2 id="starter-diff-title" className="flex-1 text-lg font-bold">
            Your changes to the starter files
          </h2>
          <button type="button" className="btn-ghost" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {!changed.length && <p className="text-sm text-slate-600 dark:text-slate-400">No changes: these are the lesson's starter files.</p>}
        {changed.map((f) => (
          <section key={f.path} data-testid="starter-diff-file">
            <h3 className="mb-1 font-mono text-sm font-semibold">
              {f.path}{" "}
              <span className="font-sans text-xs font-normal text-slate-600 dark:text-slate-400">
                ({f.status === "changed" ? "changed" : f.status === "added" ? "new file" : "deleted"})
              </span>
            </h3>
            <ScrollablePre className="overflow-x-auto rounded-md bg-slate-50 py-1 font-mono text-xs leading-5 dark:bg-slate-950">
              {withContext(f.lines).map((l, i) =>
                l.kind === "fold" ? (
                  <div key={i} className="px-2 text-slate-600 dark:text-slate-400">
                    ⋯ {l.count} unchanged line{l.count === 1 ? "" : "s"}
                  </div>
                ) : (
                  <div
                    key={i}
                    className={`px-2 ${l.kind === "added" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : l.kind === "removed" ? "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200" : ""}`}
                    data-kind={l.kind}
                  >
                    <span className="mr-2 inline-block w-8 text-right text-slate-600 dark:text-slate-400 select-none">{l.newLine ?? l.oldLine}</span>
                    <span className="select-none">{l.kind === "added" ? "+ " : l.kind === "removed" ? "− " : "  "}</span>
                    {l.text}
                  </div>
                ),
              )}
            </ScrollablePre>
          </section>
        ))}
      </div>
    </dialog>
  );
}
