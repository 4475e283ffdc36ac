// How learners get in: the short join link and QR code on an address they can reach (the teacher picks one when the
// page was opened on a loopback address), copy buttons, the projector window, and closing the room to new joins.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchJoinAddresses, setJoinsOpen, type Board } from "../server-bridge/rooms";
import { CopyButton } from "../ui/CopyButton";
import { QrCode } from "./QrCode";
import { isLoopbackHost, joinLink, joinOrigin, pickJoinOrigin, projectorLink, teacherLink } from "./room-links";

export function JoinPanel({
  board,
  teacherKey,
  projectorKey,
  onError,
}: {
  board: Board;
  teacherKey: string;
  projectorKey?: string;
  onError(message: string): void;
}) {
  const addresses = useQuery({ queryKey: ["join-addresses"], queryFn: fetchJoinAddresses, staleTime: Infinity });
  const [origin, setOrigin] = useState(joinOrigin);
  const publicUrl = addresses.data?.publicUrl;
  const shown = publicUrl ?? origin;
  const loopback = !publicUrl && isLoopbackHost(new URL(shown).hostname);
  const choose = (next: string) => {
    pickJoinOrigin(next);
    setOrigin(next);
  };
  useEffect(() => {
    if (publicUrl) {
      pickJoinOrigin(publicUrl);
      setOrigin(publicUrl);
    }
  }, [publicUrl]);
  const link = joinLink(board.code, shown);
  const [busy, setBusy] = useState(false);
  const toggleJoins = () => {
    setBusy(true);
    setJoinsOpen(board.code, teacherKey, !board.joinsOpen)
      .catch((e: Error) => onError(e.message))
      .finally(() => setBusy(false));
  };
  const openProjector = () => projectorKey && window.open(projectorLink(board.code, projectorKey), `projector-${board.code}`, "popup,width=1280,height=800");

  return (
    <section className="panel p-3" aria-label="Join">
      <h2 className="mb-2 text-sm font-semibold">Learners join</h2>
      {loopback && (
        <div
          role="alert"
          className="mb-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="mb-1">
            This page is open on <b>{new URL(shown).host}</b>, which only this computer can reach. Pick an address learners' devices can use:
          </p>
          {addresses.data?.addresses.length ? (
            <ul className="space-y-0.5">
              {addresses.data.addresses.map((a) => (
                <li key={a}>
                  <button type="button" className="btn-secondary !px-2 !py-0.5 font-mono text-xs" onClick={() => choose(a)}>
                    {a}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>
              The server listens on this computer only. Start it with <code>HOST=0.0.0.0</code> (or set <code>PUBLIC_URL</code>) so learners can reach it.
            </p>
          )}
        </div>
      )}
      {!loopback && !publicUrl && (addresses.data?.addresses.length ?? 0) > 1 && (
        <label className="mb-2 block text-xs">
          Address learners use{" "}
          <select className="field-input !py-0.5 text-xs" value={shown} onChange={(e) => choose(e.target.value)}>
            {[...new Set([shown, ...(addresses.data?.addresses ?? [])])].map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
      )}
      <div className="flex items-start gap-3">
        <QrCode text={link} size={112} label="QR code of the join link" />
        <div className="min-w-0 space-y-1.5 text-sm">
          <p>
            Code <span className="font-mono text-lg font-bold tracking-widest">{board.code}</span>
          </p>
          <p className="break-all font-mono text-xs" data-testid="join-link">
            {link}
          </p>
          <div className="flex flex-wrap gap-1">
            <CopyButton text={link} label="Copy join link" />
            <CopyButton text={teacherLink(board.code, teacherKey)} label="Copy teacher link" />
            <button type="button" className="btn-secondary !px-2 !py-0.5 text-xs" onClick={openProjector} disabled={!projectorKey}>
              Open projector
            </button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            The teacher link carries your key: keep it to yourself. The projector window shows counts only.
          </p>
          {!board.ended && (
            <button type="button" className="btn-secondary !px-2 !py-0.5 text-xs" onClick={toggleJoins} disabled={busy} aria-pressed={!board.joinsOpen}>
              {board.joinsOpen ? "Close joins" : "Open joins again"}
            </button>
          )}
          {!board.joinsOpen && !board.ended && (
            <p className="text-xs text-amber-800 dark:text-amber-300" role="status">
              Joining is closed: new learners are turned away; rejoin links still work.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
