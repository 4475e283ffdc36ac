// The projector (/?projector=CODE#key=PROJECTOR_KEY), in its own window: the short join link, the code and the QR code
// large, and counts only. Its key reads counts and nothing else, so a visible address bar hands nobody the room.
// After the end it shows the room's final counts instead of inviting people to a dead code.
import { useEffect, useState } from "react";
import { followEvents, projectorEventsUrl, type Projector } from "../server-bridge/rooms";
import { Spinner } from "../ui/Spinner";
import { Bar } from "./Bar";
import { QrCode } from "./QrCode";
import { joinLink, projectorFromUrl, shortJoinLink } from "./room-links";
import { ThemeButton } from "./ThemeButton";

export function ProjectorPage() {
  const [{ code, key }] = useState(() => projectorFromUrl()!);
  const [board, setBoard] = useState<Projector>();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    // The address bar keeps no key once it is remembered: a screen share of this window shows none.
    if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
    if (!key) return setRefused(true);
    const controller = new AbortController();
    followEvents(
      projectorEventsUrl(code),
      key,
      (e) => e.type === "projector" && setBoard(e.projector),
      (state) => setRefused(state === "refused"),
      controller.signal,
    );
    return () => controller.abort();
  }, [code, key]);

  if (!board)
    return (
      <div className="grid h-full place-items-center p-6 text-center">
        {refused ? (
          <p role="alert">This projector link does not open room {code} (it needs the link from the teacher's page).</p>
        ) : (
          <Spinner label="Opening…" />
        )}
      </div>
    );

  const fullScreen = () => void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  const items = board.items.filter((i) => i.kind === "challenge" || i.opened > 0);
  return (
    <main className="flex min-h-full flex-col gap-6 p-6" data-testid="projector">
      <div className="flex flex-wrap items-center gap-8">
        {!board.ended && board.joinsOpen && <QrCode text={joinLink(board.code)} size={220} label={`QR code for ${joinLink(board.code)}`} />}
        <div className="min-w-0">
          <h1 className="text-xl text-slate-600 dark:text-slate-300">{board.title}</h1>
          {board.ended ? (
            <p className="text-4xl font-bold" data-testid="projector-ended">
              The room has ended: final results
            </p>
          ) : board.joinsOpen ? (
            <>
              <p className="text-lg">Join at</p>
              <p className="font-mono text-3xl font-semibold break-all sm:text-5xl" data-testid="projector-link">
                {shortJoinLink(board.code)}
              </p>
              <p className="mt-2 text-lg">
                or type the code{" "}
                <span className="font-mono text-4xl font-bold tracking-[0.2em]" data-testid="projector-code">
                  {board.code}
                </span>
              </p>
            </>
          ) : (
            <p className="text-2xl" data-testid="projector-closed">
              Joining is closed
            </p>
          )}
          <p className="mt-2 text-2xl" data-testid="projector-learners">
            {board.learners} {board.learners === 1 ? "learner" : "learners"} in the room
          </p>
        </div>
        <div className="ml-auto flex gap-1.5 self-start">
          <button type="button" className="btn-secondary" onClick={fullScreen}>
            Full screen
          </button>
          <ThemeButton />
        </div>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((item) => {
          const result = board.results.find((r) => r.id === item.id);
          return (
            <li key={item.id} className="panel p-4" data-testid={`projector-item-${item.id}`}>
              <p className="text-lg font-semibold">{item.title}</p>
              <Bar label="passes now" value={item.passesNow} total={board.learners} tone="bg-emerald-500" />
              <Bar label="broken now" value={item.passedBefore} total={board.learners} tone="bg-amber-500" />
              <Bar label="tried" value={item.tried} total={board.learners} tone="bg-indigo-500" />
              {board.ended && result && (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {result.passedNow} pass now · median {result.medianAttempts ?? "–"} attempts
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
