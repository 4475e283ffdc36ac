// The header's room corner: in a room, its name and code, your nickname, Raise hand and Leave (and the notices of
// RoomNotices); otherwise Start a room and Join a room.
import { useRef, useState } from "react";
import { createRoom, roomMembership, useRoomMembership } from "../server-bridge/rooms";
import { RaiseHand } from "./RaiseHand";
import { RoomNotices } from "./RoomNotices";
import { openTeacherPage } from "./room-links";
import { FormError } from "./FormError";

export function RoomBanner() {
  const { membership, room } = useRoomMembership();
  const dialog = useRef<HTMLDialogElement>(null);
  const [title, setTitle] = useState("");
  const [hintsAlways, setHintsAlways] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (membership) {
    return (
      <span
        className="flex items-center gap-1.5 rounded-md border border-indigo-200 bg-indigo-50 px-2 py-1 text-sm dark:border-indigo-800 dark:bg-indigo-950"
        data-testid="room-badge"
      >
        <span className="max-w-[12rem] truncate font-medium">{room?.title ?? "Room"}</span>
        <span className="badge bg-indigo-600 text-white">{membership.code}</span>
        <span className="max-w-[8rem] truncate text-slate-600 dark:text-slate-300" title="Your nickname">
          {room?.name || membership.name}
        </span>
        {room && !room.ended && <RaiseHand raised={room.handRaised} />}
        <button
          type="button"
          className="btn-ghost !px-1.5 !py-0 text-xs"
          onClick={() => confirm(`Leave room ${membership.code}? Your work stays in this browser.`) && void roomMembership.leave()}
        >
          Leave
        </button>
        <RoomNotices />
      </span>
    );
  }

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await createRoom(title, hintsAlways);
      openTeacherPage(created.code, created.teacherKey, created.projectorKey);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <>
      <RoomNotices />
      <button type="button" className="btn-ghost" onClick={() => dialog.current?.showModal()}>
        Start a room
      </button>
      <a className="btn-ghost" href="/?join=">
        Join a room
      </a>
      <dialog
        ref={dialog}
        aria-labelledby="start-room-title"
        className="panel m-auto w-[min(28rem,92vw)] p-5 text-slate-900 backdrop:bg-slate-900/50 dark:text-slate-100"
      >
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <h2 id="start-room-title" className="mb-1 text-lg font-semibold">
            Start a room
          </h2>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
            You get a code, a join link and a QR code for the projector, and a live board of who passed what.
          </p>
          <label className="mb-1 block text-sm font-medium" htmlFor="room-title">
            Room name (optional)
          </label>
          <input
            id="room-title"
            className="field-input mb-3"
            maxLength={80}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Elicitation workshop"
          />
          <label className="mb-3 flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={hintsAlways} onChange={(e) => setHintsAlways(e.target.checked)} />
            <span>
              Hints always on
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                Otherwise a failing check shows no hint until you release hints for that challenge.
              </span>
            </span>
          </label>
          <FormError error={error} className="mb-2 text-sm" />
          <div className="flex items-center justify-end gap-2">
            <a className="mr-auto text-sm text-indigo-700 underline dark:text-indigo-300" href="/?join=">
              Join a room instead
            </a>
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Starting…" : "Start the room"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
