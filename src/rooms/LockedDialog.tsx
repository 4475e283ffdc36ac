// The lock screen: a learner who opens a lesson the teacher has locked is told so and offered one way out. A modal
// dialog, so the lesson behind it is inert and focus stays on the way out; Escape does not dismiss it.
import { useEffect, useRef } from "react";
import type { RoomLead } from "../../contract/rooms";

export function LockedDialog({
  lessonId,
  lead,
  lessons,
  onOpenLesson,
}: {
  lessonId?: string;
  lead?: RoomLead;
  lessons: { id: string; title: string }[];
  onOpenLesson(id: string): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const locked = !!(lead && lessonId && lead.locked.includes(lessonId));
  useEffect(() => {
    const d = ref.current;
    if (locked && d && !d.open) d.showModal();
    if (!locked && d?.open) d.close();
  }, [locked]);
  const title = (id: string) => lessons.find((l) => l.id === id)?.title ?? id;
  const next = lead?.lesson && lead.lesson.id !== lessonId && !lead.locked.includes(lead.lesson.id) ? lead.lesson.id : undefined;
  return (
    <dialog
      ref={ref}
      aria-labelledby="locked-title"
      onCancel={(e) => e.preventDefault()}
      className="panel m-auto max-w-md p-5 text-center text-slate-900 backdrop:bg-slate-900/60 dark:text-slate-100"
      data-testid="room-locked"
    >
      {locked && (
        <>
          <h2 id="locked-title" className="mb-2 text-lg font-semibold">
            Locked for now
          </h2>
          <p className="mb-4 text-sm">Your teacher has locked “{title(lessonId!)}”. It opens when they unlock it.</p>
          {next ? (
            <button type="button" className="btn-primary" autoFocus onClick={() => onOpenLesson(next)}>
              Go to “{title(next)}”
            </button>
          ) : (
            <button
              type="button"
              className="btn-primary"
              autoFocus
              onClick={() => {
                const open = lessons.find((l) => !lead!.locked.includes(l.id));
                if (open) onOpenLesson(open.id);
              }}
            >
              Go to an open lesson
            </button>
          )}
        </>
      )}
    </dialog>
  );
}
