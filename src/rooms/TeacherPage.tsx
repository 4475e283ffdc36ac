// The teacher's page for one room (/?room=CODE#teacher=KEY): the live board (items, help queue, failure clusters),
// the grid of learners with the roster's actions, leading controls, the projector window, export, and the end of the
// hour (results first, the grid frozen).
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useToast } from "../app/Toast";
import { createRoom, downloadCsv, endRoom, leadRoom, type BoardLearner, type LeadChange } from "../server-bridge/rooms";
import { Spinner } from "../ui/Spinner";
import { BoardItems } from "./BoardItems";
import { Clusters, HelpQueue, Learners } from "./BoardSide";
import { JoinPanel } from "./JoinPanel";
import { LearnerGrid, type RosterAction } from "./LearnerGrid";
import { LearnerViewer } from "./LearnerViewer";
import { Results } from "./Results";
import { RosterDialog } from "./RosterDialog";
import { openTeacherPage, teacherFromUrl } from "./room-links";
import { useBoard } from "./useBoard";
import { PageBrand } from "../ui/PageBrand";
import { ThemeButton } from "./ThemeButton";

type View = "board" | "grid" | "results";

export function TeacherPage() {
  const [{ code, key, projectorKey }] = useState(() => teacherFromUrl()!);
  const live = useBoard(code, key);
  const toast = useToast();
  const [view, setView] = useState<View>(() => (new URLSearchParams(location.search).get("view") as View) || "board");
  const [viewing, setViewing] = useState<number>();
  const [acting, setActing] = useState<{ action: RosterAction; learner: BoardLearner }>();
  const lead = useMutation({
    mutationFn: (change: LeadChange) => leadRoom(code, key!, change),
    onError: (e) => toast.show(e.message),
  });

  useEffect(() => {
    const url = new URL(location.href);
    if (view !== "board") url.searchParams.set("view", view);
    else url.searchParams.delete("view");
    history.replaceState(history.state, "", url);
  }, [view]);

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
    const room = await createRoom(board.title, board.hintsAlways);
    openTeacherPage(room.code, room.teacherKey, room.projectorKey);
  };
  const end = async () => {
    if (!confirm(`End room ${board.code}? Learners can no longer join or check; you keep the results and the CSV for a while.`)) return;
    await endRoom(board.code, key!);
    setView("results");
  };
  const tab = (v: View, label: string) => (
    <button type="button" role="tab" aria-selected={view === v} className={view === v ? "btn-primary" : "btn-ghost"} onClick={() => setView(v)}>
      {label}
    </button>
  );

  const header = (
    <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
      <PageBrand />
      <h1 className="min-w-0 truncate font-semibold">{board.title}</h1>
      <span className="badge bg-indigo-100 text-base text-indigo-800 dark:bg-indigo-900 dark:text-indigo-100" data-testid="room-code">
        {board.code}
      </span>
      {board.ended && <span className="badge bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200">ended</span>}
      <span className={`text-xs ${live.stream === "live" ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"}`} role="status">
        {live.stream === "live" ? "● live" : "reconnecting…"}
      </span>
      <div className="ml-auto flex flex-wrap items-center gap-1.5">
        <span role="tablist" aria-label="View" className="flex gap-0.5">
          {tab("board", "Board")}
          {tab("grid", "Grid")}
          {tab("results", "Results")}
        </span>
        {!board.ended && (
          <a className="btn-secondary" href={`/?author&room=${board.code}`}>
            New challenge
          </a>
        )}
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
        <ThemeButton word />
      </div>
    </header>
  );

  const fail = (message: string) => toast.show(message);
  return (
    <div className="flex h-full flex-col">
      {header}
      <div className="min-h-0 flex-1 overflow-auto">
        {view === "results" ? (
          <main className="grid gap-4 p-4 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
            {board.ended ? (
              <p role="status" className="panel border-rose-300 p-3 text-sm xl:col-span-2 dark:border-rose-800">
                This room has ended: its code no longer works. Learners see a summary of their own results. Start a <b>New room</b> for the next group.
              </p>
            ) : null}
            <Results board={board} />
            <LearnerGrid board={board} onView={setViewing} frozen />
          </main>
        ) : view === "grid" ? (
          <main className="p-4">
            <LearnerGrid board={board} onView={setViewing} onAction={(action, learner) => setActing({ action, learner })} frozen={board.ended} />
          </main>
        ) : (
          <main className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-4">
              {board.ended && (
                <p role="status" className="panel border-rose-300 p-3 text-sm dark:border-rose-800">
                  This room has ended. The <b>Results</b> tab has the final results.
                </p>
              )}
              <BoardItems title="Lessons" items={board.lessons} board={board} lead={lead.mutate} busy={lead.isPending} />
              <BoardItems title="Challenges" items={board.challenges} board={board} lead={lead.mutate} busy={lead.isPending} />
            </div>
            {/* On a phone the join details come first: that is what the teacher needs at the start. */}
            <aside className="order-first min-w-0 space-y-4 lg:order-none">
              <JoinPanel board={board} teacherKey={key!} projectorKey={projectorKey} onError={fail} />
              <HelpQueue board={board} teacherKey={key!} onView={setViewing} onError={fail} />
              <Clusters board={board} onView={setViewing} />
              <Learners board={board} onView={setViewing} />
            </aside>
          </main>
        )}
      </div>
      {viewing !== undefined && <LearnerViewer code={board.code} teacherKey={key!} learnerId={viewing} onClose={() => setViewing(undefined)} />}
      {acting && <RosterDialog board={board} teacherKey={key!} action={acting.action} learner={acting.learner} onClose={() => setActing(undefined)} />}
      {toast.node}
    </div>
  );
}
