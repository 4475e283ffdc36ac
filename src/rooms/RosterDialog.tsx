// One roster action on one learner, confirmed in a dialog: rename, merge into another entry, remove, or show their
// personal rejoin link again (with its QR code, for a learner on a new device).
import { useEffect, useRef, useState } from "react";
import { fetchRejoinToken, mergeLearner, removeLearner, renameLearner, type Board, type BoardLearner } from "../server-bridge/rooms";
import { CopyButton } from "../ui/CopyButton";
import type { RosterAction } from "./LearnerGrid";
import { QrCode } from "./QrCode";
import { rejoinLink } from "./room-links";
import { FormError } from "./FormError";

const TITLES: Record<RosterAction, string> = { rename: "Rename", merge: "Merge", remove: "Remove", rejoin: "Rejoin link for" };

export function RosterDialog({
  board,
  teacherKey,
  action,
  learner,
  onClose,
}: {
  board: Board;
  teacherKey: string;
  action: RosterAction;
  learner: BoardLearner;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const others = board.learners.filter((l) => l.id !== learner.id);
  const [name, setName] = useState(learner.name);
  const [into, setInto] = useState(() => String(others.find((o) => learner.name.startsWith(o.name))?.id ?? others[0]?.id ?? ""));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string>();
  useEffect(() => dialog.current?.showModal(), []);
  useEffect(() => {
    if (action === "rejoin")
      fetchRejoinToken(board.code, teacherKey, learner.id).then(
        (r) => setToken(r.token),
        (e: Error) => setError(e.message),
      );
  }, [action, board.code, teacherKey, learner.id]);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (action === "rename") await renameLearner(board.code, teacherKey, learner.id, name);
      if (action === "merge") await mergeLearner(board.code, teacherKey, learner.id, Number(into));
      if (action === "remove") await removeLearner(board.code, teacherKey, learner.id);
      dialog.current?.close();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="roster-title"
      className="panel m-auto w-[min(28rem,92vw)] p-5 text-slate-900 backdrop:bg-slate-900/50 dark:text-slate-100"
      data-testid="roster-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-3"
      >
        <h2 id="roster-title" className="text-lg font-semibold">
          {TITLES[action]} {learner.name}
        </h2>
        {action === "rename" && (
          <label className="block text-sm">
            New nickname
            <input className="field-input mt-1" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoFocus />
          </label>
        )}
        {action === "merge" && (
          <label className="block text-sm">
            The same person as
            <select className="field-input mt-1" value={into} onChange={(e) => setInto(e.target.value)}>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
              {learner.name}'s progress moves into that entry, which keeps its name; {learner.name} leaves the list. The device used last keeps working.
            </span>
          </label>
        )}
        {action === "remove" && <p className="text-sm">{learner.name}'s key stops working at once and their place is freed. Their results leave the board.</p>}
        {action === "rejoin" && token && (
          <div className="flex items-start gap-3 text-sm">
            <QrCode text={rejoinLink(board.code, token)} size={120} label={`QR code of ${learner.name}'s rejoin link`} />
            <div className="min-w-0 space-y-1">
              <p>Opened on any device, this link brings {learner.name} back with their code and results. Show it to them only.</p>
              <p className="break-all font-mono text-xs" data-testid="rejoin-link">
                {rejoinLink(board.code, token)}
              </p>
              <CopyButton text={rejoinLink(board.code, token)} label="Copy rejoin link" />
            </div>
          </div>
        )}
        <FormError error={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
            {action === "rejoin" ? "Close" : "Cancel"}
          </button>
          {action !== "rejoin" && (
            <button type="submit" className={action === "remove" ? "btn-danger" : "btn-primary"} disabled={busy || (action === "merge" && !into)}>
              {busy ? "Working…" : TITLES[action].split(" ")[0]}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
