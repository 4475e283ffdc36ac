// What the room tells a learner once: their personal rejoin link right after joining (kept in this browser too), a
// summary of their own results when the room ends, and that the teacher removed them.
import { useEffect, useRef } from "react";
import { ITEM_STATE_LABELS, roomMembership, useRoomMembership } from "../server-bridge/rooms";
import { CopyButton } from "../ui/CopyButton";
import { rejoinLink } from "./room-links";

export function RoomNotices() {
  const { membership, freshRejoin, ended, summary, removed } = useRoomMembership();
  const dialog = useRef<HTMLDialogElement>(null);
  const showRejoin = !!(membership?.rejoinToken && freshRejoin);
  const open = showRejoin || ended || removed;
  useEffect(() => {
    if (!open || dialog.current?.open) return;
    // The rejoin link waits beside the work (the learner may start at once); an ended or lost room asks for attention.
    if (showRejoin) dialog.current?.show();
    else dialog.current?.showModal();
  }, [open, showRejoin]);
  if (!open) return null;
  const close = () => {
    if (showRejoin) roomMembership.rejoinShown();
    else roomMembership.forget();
  };

  return (
    <dialog
      ref={dialog}
      onClose={close}
      aria-labelledby="room-notice-title"
      className={`panel w-[min(30rem,92vw)] p-5 text-slate-900 backdrop:bg-slate-900/50 dark:text-slate-100 ${showRejoin ? "fixed inset-auto right-4 bottom-4 z-50 m-0 shadow-xl" : "m-auto"}`}
      data-testid="room-message"
    >
      {showRejoin && membership?.rejoinToken ? (
        <>
          <h2 id="room-notice-title" className="mb-2 text-lg font-semibold">
            You are in, {membership.name}
          </h2>
          <p className="mb-2 text-sm">
            Your personal rejoin link brings you back as yourself, with your code and results, on any device. Keep it; this page shows it once.
          </p>
          <p className="mb-2 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800" data-testid="own-rejoin-link">
            {rejoinLink(membership.code, membership.rejoinToken, location.origin)}
          </p>
          <CopyButton text={rejoinLink(membership.code, membership.rejoinToken, location.origin)} label="Copy my rejoin link" />
        </>
      ) : removed ? (
        <>
          <h2 id="room-notice-title" className="mb-2 text-lg font-semibold">
            You are no longer in the room
          </h2>
          <p className="text-sm">The teacher removed you, or you left on another device. Your work stays in this browser.</p>
        </>
      ) : (
        <>
          <h2 id="room-notice-title" className="mb-2 text-lg font-semibold">
            The room has ended
          </h2>
          {summary ? (
            <div data-testid="own-summary">
              <p className="mb-2 text-sm">
                You pass <b>{summary.passed}</b> of the {summary.items.length} lessons and challenges you opened, and tried {summary.tried}.
              </p>
              <ul className="max-h-64 space-y-0.5 overflow-auto text-sm">
                {summary.items.map((i) => (
                  <li key={i.id} className="flex gap-2">
                    <span className="min-w-0 flex-1">{i.title}</span>
                    <span className="text-slate-600 dark:text-slate-300">{ITEM_STATE_LABELS[i.state]}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm">Your work stays in this browser.</p>
          )}
        </>
      )}
      <div className="mt-3 flex justify-end">
        <button type="button" className="btn-primary" onClick={() => dialog.current?.close()}>
          {showRejoin ? "I have kept it" : "Close"}
        </button>
      </div>
    </dialog>
  );
}
