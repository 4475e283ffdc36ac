// The teacher's page for one room (/?room=CODE#teacher=KEY): the live board, failure clusters, learners (each
// viewable read-only), leading controls, the projector view, export, end room and a new room.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTheme } from "../app/theme";
import { useToast } from "../app/Toast";
import { createRoom, downloadCsv, endRoom, leadRoom, type Board, type BoardItem, type LeadChange } from "../server-bridge/rooms";
import { CopyButton } from "../ui/CopyButton";
import { Spinner } from "../ui/Spinner";
import { LearnerViewer } from "./LearnerViewer";
import { Bar, ProjectorView } from "./ProjectorView";
import { QrCode } from "./QrCode";
import { joinLink, openTeacherPage, teacherFromUrl, teacherLink } from "./room-links";
import { useBoard } from "./useBoard";

export function TeacherPage() {
  const [{ code, key }] = useState(() => teacherFromUrl()!);
  const live = useBoard(code, key);
  const theme = useTheme();
  const toast = useToast();
  const [projector, setProjector] = useState(() => new URLSearchParams(location.search).get("view") === "projector");
  const [viewing, setViewing] = useState<number>();
  const lead = useMutation({
    mutationFn: (change: LeadChange) => leadRoom(code, key!, change),
    onError: (e) => toast.show(e.message),
  });

  useEffect(() => {
    const url = new URL(location.href);
    if (projector) url.searchParams.set("view", "projector");
    else url.searchParams.delete("view");
    history.replaceState(history.state, "", url);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setProjector(false);
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [projector]);

  const board = live.board;
  if (!board) {
    return (
      <div className="grid h-full place-items-center p-6 text-center">
        {live.stream === "refused" ? (
          <p role="alert" className="max-w-md">
            {live.status === 404 ? `There is no room ${code}.` : "This page needs the room's teacher link (the one with #teacher= at the end)."}{" "}
            <a className="text-indigo-700 underline dark:text-indigo-300" href="/">
              Back to the playground
            </a>
          </p>
        ) : (
          <Spinner label="Opening the room…" />
        )}
      </div>
    );
  }

  const newRoom = async () => {
    const room = await createRoom(board.title);
    openTeacherPage(room.code, room.teacherKey);
  };
  const end = async () => {
    if (!confirm(`End room ${board.code}? The code stops working and every learner's room data is deleted. Download the CSV first if you want it.`)) return;
    await endRoom(board.code, key!);
    toast.show("The room has ended.");
  };

  const header = (
    <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
      <a href="/" className="mr-1 flex items-center gap-2 font-bold whitespace-nowrap">
        <img src="/favicon.svg" alt="" className="size-6" />
        Elicitation Playground
      </a>
      <span className="text-slate-500 dark:text-slate-400" aria-hidden>
        /
      </span>
      <h1 className="min-w-0 truncate font-semibold">{board.title}</h1>
      <span className="badge bg-indigo-100 text-base text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100" data-testid="room-code">
        {board.code}
      </span>
      {board.ended && <span className="badge bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200">ended</span>}
      <span className={`text-xs ${live.stream === "live" ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"}`} role="status">
        {live.stream === "live" ? "● live" : "reconnecting…"}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-1.5">
        <button type="button" className="btn-secondary" onClick={() => setProjector((p) => !p)} aria-pressed={projector}>
          {projector ? "Board" : "Projector view"}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void downloadCsv(board.code, key!).catch((e) => toast.show(e.message))}>
          Export CSV
        </button>
        <button type="button" className="btn-secondary" onClick={() => void downloadCsv(board.code, key!, true).catch((e) => toast.show(e.message))}>
          Export checks CSV
        </button>
        {board.ended ? (
          <button type="button" className="btn-primary" onClick={() => void newRoom()}>
            New room
          </button>
        ) : (
          <button type="button" className="btn-danger" onClick={() => void end().catch((e) => toast.show(e.message))}>
            End room
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={theme.toggle} aria-label={theme.dark ? "Light theme" : "Dark theme"} aria-pressed={theme.dark}>
          {theme.dark ? "☀ Light" : "☾ Dark"}
        </button>
      </div>
    </header>
  );

  return (
    <div className="flex h-full flex-col">
      {header}
      <div className="min-h-0 flex-1 overflow-auto">
        {projector ? (
          <ProjectorView board={board} onClose={() => setProjector(false)} />
        ) : (
          <main className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-4">
              {board.ended && (
                <p role="status" className="panel border-rose-300 p-3 text-sm dark:border-rose-800">
                  This room has ended: its code no longer works and the learners' data is deleted. Start a <b>New room</b> for the next group.
                </p>
              )}
              <Items title="Challenges" items={board.challenges} board={board} lead={lead.mutate} busy={lead.isPending} />
              <Items title="Lessons" items={board.lessons} board={board} lead={lead.mutate} busy={lead.isPending} />
            </div>
            {/* On a phone the join details come first: that is what the teacher needs at the start. */}
            <aside className="order-first min-w-0 space-y-4 lg:order-none">
              <JoinPanel board={board} teacherKey={key!} />
              <Clusters board={board} onView={setViewing} />
              <Learners board={board} onView={setViewing} />
            </aside>
          </main>
        )}
      </div>
      {viewing !== undefined && <LearnerViewer code={board.code} teacherKey={key!} learnerId={viewing} onClose={() => setViewing(undefined)} />}
      {toast.node}
    </div>
  );
}

function JoinPanel({ board, teacherKey }: { board: Board; teacherKey: string }) {
  return (
    <section className="panel p-3" aria-label="Join">
      <h2 className="mb-2 text-sm font-semibold">Learners join</h2>
      <div className="flex items-start gap-3">
        <QrCode text={joinLink(board.code)} size={112} label="QR code of the join link" />
        <div className="min-w-0 space-y-1.5 text-sm">
          <p>
            Code <span className="font-mono text-lg font-bold tracking-widest">{board.code}</span>
          </p>
          <p className="break-all font-mono text-xs" data-testid="join-link">
            {joinLink(board.code)}
          </p>
          <div className="flex flex-wrap gap-1">
            <CopyButton text={joinLink(board.code)} label="Copy join link" />
            <CopyButton text={teacherLink(board.code, teacherKey)} label="Copy teacher link" />
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">The teacher link carries your key: keep it to yourself.</p>
        </div>
      </div>
    </section>
  );
}

function Items({ title, items, board, lead, busy }: { title: string; items: BoardItem[]; board: Board; lead(change: LeadChange): void; busy: boolean }) {
  const total = board.learners.length;
  return (
    <section className="panel" aria-label={title}>
      <h2 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">
        {title} <span className="font-normal text-slate-500 dark:text-slate-400">· {total} in the room</span>
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {items.map((item) => {
          const released = board.lead.released[item.id];
          const current = board.lead.lesson?.id === item.id;
          return (
            <li key={item.id} className="px-3 py-2" data-testid={`item-${item.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-medium">
                  {item.title}
                  {current && <span className="badge ml-1.5 bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100">everyone here</span>}
                  {item.locked && <span className="badge ml-1.5 bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">locked</span>}
                  {released && (
                    <span className="badge ml-1.5 bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">{released} released</span>
                  )}
                </span>
                <span className="flex flex-wrap gap-1" role="group" aria-label={`Lead: ${item.title}`}>
                  <button
                    type="button"
                    className="btn-secondary !px-2 !py-0.5 text-xs"
                    disabled={busy || board.ended}
                    onClick={() => lead({ action: "open", item: item.id })}
                  >
                    Everyone open
                  </button>
                  <button
                    type="button"
                    className="btn-secondary !px-2 !py-0.5 text-xs"
                    disabled={busy || board.ended}
                    onClick={() => lead({ action: item.locked ? "unlock" : "lock", item: item.id })}
                  >
                    {item.locked ? "Unlock" : "Lock"}
                  </button>
                  {item.kind === "challenge" && (
                    <>
                      <button
                        type="button"
                        className="btn-secondary !px-2 !py-0.5 text-xs"
                        disabled={busy || board.ended || released === "hint" || released === "solution"}
                        onClick={() => lead({ action: "release", item: item.id, what: "hint" })}
                      >
                        Release hints
                      </button>
                      <button
                        type="button"
                        className="btn-secondary !px-2 !py-0.5 text-xs"
                        disabled={busy || board.ended || released === "solution"}
                        onClick={() =>
                          confirm(`Show the reference solution of "${item.title}" to every learner?`) &&
                          lead({ action: "release", item: item.id, what: "solution" })
                        }
                      >
                        Release solution
                      </button>
                      {released && (
                        <button
                          type="button"
                          className="btn-ghost !px-2 !py-0.5 text-xs"
                          disabled={busy || board.ended}
                          onClick={() => lead({ action: "withdraw", item: item.id })}
                        >
                          Withdraw
                        </button>
                      )}
                    </>
                  )}
                </span>
              </div>
              <div className="grid gap-x-6 sm:grid-cols-2 xl:grid-cols-4">
                <Bar label="opened" value={item.opened} total={total} tone="bg-slate-400" />
                <Bar label="tried" value={item.tried} total={total} tone="bg-indigo-500" />
                <Bar label="passes now" value={item.passesNow} total={total} tone="bg-emerald-500" />
                <Bar label="broken now" value={item.passedBefore} total={total} tone="bg-amber-500" />
              </div>
              {item.checks.length > 0 && item.tried > 0 && (
                <ul className="mt-1.5 grid gap-x-4 text-xs sm:grid-cols-2" aria-label="Failing now, per hidden check">
                  {item.checks.map((c) => (
                    <li key={c.name} className="flex gap-1.5" data-testid="check-count">
                      <span
                        className={`w-6 text-right font-mono font-semibold ${c.failing ? "text-rose-700 dark:text-rose-300" : "text-slate-400"}`}
                        data-testid="failing"
                      >
                        {c.failing}
                      </span>
                      <span className="min-w-0">{c.name}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const CLUSTER_LABEL = { check: "fail the check", compile: "compile error", tool: "tool error" } as const;

function Clusters({ board, onView }: { board: Board; onView(id: number): void }) {
  const names = new Map(board.learners.map((l) => [l.id, l.name]));
  const titles = new Map([...board.lessons, ...board.challenges].map((i) => [i.id, i.title]));
  return (
    <section className="panel p-3" aria-label="Failure clusters">
      <h2 className="mb-1 text-sm font-semibold">Failure clusters</h2>
      {board.clusters.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Learners with the same failing check or the same error show up here, biggest group first.</p>
      ) : (
        <ul className="space-y-2" data-testid="clusters">
          {board.clusters.slice(0, 30).map((c) => (
            <li key={`${c.kind}\n${c.item}\n${c.text}`} className="text-sm">
              <p>
                <span className="font-mono font-bold">{c.count}</span> {CLUSTER_LABEL[c.kind]}{" "}
                <span className="text-slate-500 dark:text-slate-400">in {titles.get(c.item) ?? c.item}</span>
              </p>
              <p className="line-clamp-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">{c.text}</p>
              <p className="flex flex-wrap gap-1">
                {c.learners.slice(0, 12).map((id) => (
                  <button key={id} type="button" className="btn-ghost !px-1 !py-0 text-xs underline" onClick={() => onView(id)}>
                    {names.get(id) ?? "?"}
                  </button>
                ))}
                {c.learners.length > 12 && <span className="text-xs text-slate-500 dark:text-slate-400">and {c.learners.length - 12} more</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Learners({ board, onView }: { board: Board; onView(id: number): void }) {
  const titles = new Map([...board.lessons, ...board.challenges].map((i) => [i.id, i.title]));
  return (
    <section className="panel p-3" aria-label="Learners">
      <h2 className="mb-1 text-sm font-semibold">Learners ({board.learners.length})</h2>
      {board.learners.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nobody has joined yet.</p>
      ) : (
        <ul className="max-h-[50vh] divide-y divide-slate-100 overflow-auto dark:divide-slate-800" data-testid="learners">
          {board.learners.map((l) => (
            <li key={l.id} className="flex items-center gap-2 py-1 text-sm">
              <span className="min-w-[5rem] flex-1 truncate" data-testid="learner-name" title={l.name}>
                {l.name}
              </span>
              <span className="max-w-[45%] truncate text-xs text-slate-500 dark:text-slate-400">{l.item ? (titles.get(l.item) ?? l.item) : ""}</span>
              <span className="font-mono text-xs" title={`passes now: ${l.passesNow}; passed before, broken now: ${l.passedBefore}`}>
                ✓{l.passesNow}
                {l.passedBefore > 0 && <span className="text-amber-700 dark:text-amber-400"> ⚠{l.passedBefore}</span>}
              </span>
              <button type="button" className="btn-ghost !px-1.5 !py-0 text-xs" onClick={() => onView(l.id)} aria-label={`View ${l.name}'s work`}>
                View
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
