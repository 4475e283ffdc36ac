// Notices about the open lesson's files: a version kept aside (share link vs draft), newer text
// saved by another tab, the same lesson open elsewhere; and the question a share link raises
// when it meets a draft. Nothing here discards work: every choice keeps the other version.
import { useEffect, useRef } from "react";
import { projectStore, useProject } from "../project/project-store";
import { tabSync, useTabSync } from "../project/tab-sync";

const notice = "mb-3 rounded-md border p-2 text-sm";

export function LessonNotices() {
  const project = useProject();
  const tabs = useTabSync();
  return (
    <>
      {tabs.newerElsewhere && (
        <div role="alert" className={`${notice} border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/40`} data-testid="newer-elsewhere">
          <p className="mb-1.5">Another tab saved newer code for this lesson. If you type here, this tab's version is saved over it.</p>
          <div className="flex flex-wrap gap-1.5">
            <button type="button" className="btn-primary !py-1 text-xs" onClick={() => tabSync.loadNewer()}>
              Load the newer code
            </button>
            <button type="button" className="btn-secondary !py-1 text-xs" onClick={() => tabSync.dismiss()}>
              Keep this tab's
            </button>
          </div>
        </div>
      )}
      {!tabs.newerElsewhere && tabs.otherTabs > 0 && (
        <p className={`${notice} border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300`} data-testid="other-tabs">
          This lesson is open in another tab too. Edits in one tab are offered to the other.
        </p>
      )}
      {project.aside && (
        <div className={`${notice} border-violet-300 bg-violet-50 dark:border-violet-700 dark:bg-violet-950/40`} data-testid="aside-notice">
          <p className="mb-1.5">
            Kept aside: <strong>{project.aside.label}</strong> ({new Date(project.aside.savedAt).toLocaleString()}).
          </p>
          <div className="flex flex-wrap gap-1.5">
            <button type="button" className="btn-secondary !py-1 text-xs" onClick={() => projectStore.swapAside()}>
              Swap it in
            </button>
            <button
              type="button"
              className="btn-ghost !py-1 text-xs"
              onClick={() => confirm(`Throw away ${project.aside?.label}?`) && projectStore.dropAside()}
            >
              Discard it
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** The link or the last visit asked for a lesson that neither the course nor the learner's room has: said, not hidden. */
export function MissingLessonNotice({ id, inRoom, onDismiss }: { id: string; inRoom: boolean; onDismiss(): void }) {
  return (
    <div role="status" className={`${notice} border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/40`} data-testid="missing-lesson">
      <p className="mb-1.5">
        There is no lesson “{id}” in the course{inRoom ? " or in your room" : ""}
        {inRoom ? "" : " (a teacher's challenge opens only for the learners of a room that includes it)"}, so this one opened instead.
      </p>
      <button type="button" className="btn-secondary !py-1 text-xs" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** A share link for a lesson that has a different draft: which one goes in the editor. */
export function ShareConflictDialog() {
  const project = useProject();
  const ref = useRef<HTMLDialogElement>(null);
  const open = !!project.conflict;
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="share-conflict-title"
      onCancel={(e) => {
        // Escape keeps the draft, which is what is on screen: still a choice, still nothing lost.
        e.preventDefault();
        projectStore.resolveConflict("mine");
      }}
      className="m-auto w-[min(34rem,92vw)] rounded-xl border border-slate-300 bg-white p-5 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="share-conflict-title" className="mb-2 text-lg font-bold">
        This link carries other code for "{project.lesson?.title}"
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        You already have a draft of this lesson. Which one should open? The other is kept aside, one click away above the lesson text.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => projectStore.resolveConflict("mine")}>
          Keep mine
        </button>
        <button type="button" className="btn-primary" onClick={() => projectStore.resolveConflict("shared")}>
          Open the shared one
        </button>
      </div>
    </dialog>
  );
}
