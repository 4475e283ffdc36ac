// The playground's header: the name, the lessons menu, the room's controls, and the page's actions (share, reset,
// server, connect a client, presenter mode, text size, theme).
import type { ReactNode } from "react";
import { LessonMenu } from "../lessons/LessonMenu";
import type { CourseStep } from "../lessons/course";
import { useProgress } from "../lessons/progress";
import { useProject } from "../project/project-store";
import { useSession } from "../server-bridge/session";
import { Spinner } from "../ui/Spinner";
import { ResetMenu } from "./ResetMenu";
import { RecordingMenu } from "../replay/RecordingMenu";
import { useFontSize, usePresenter, useTheme } from "./theme";
import type { Resets } from "./resets";

interface Props {
  steps: CourseStep[];
  lessonId?: string;
  onPick(id: string): void;
  roomSlot: ReactNode;
  resets: Resets;
  onShare(): void;
  onDialog(which: "server" | "connect"): void;
}

export function AppHeader({ steps, lessonId, onPick, roomSlot, resets, onShare, onDialog }: Props) {
  const project = useProject();
  const session = useSession();
  const progress = useProgress();
  const theme = useTheme();
  const font = useFontSize();
  const presenter = usePresenter();
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-slate-200 bg-white px-2 py-2 sm:px-3 dark:border-slate-700 dark:bg-slate-900">
      <a href="/" className="mr-1 flex shrink-0 items-center gap-2 font-bold whitespace-nowrap" aria-label="Elicitation Playground">
        <img src="/favicon.svg" alt="" className="size-6" />
        <span className="hidden 2xl:inline">Elicitation Playground</span>
      </a>
      <LessonMenu steps={steps} current={lessonId} edited={project.edited} progress={progress} onPick={onPick} />
      {/* On a phone the room's controls get a row of their own, under the actions. */}
      <div className="order-last flex w-full min-w-0 justify-end sm:order-none sm:w-auto">{roomSlot}</div>
      <div className="header-actions ml-auto flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:gap-1.5">
        {session.status === "syncing" && <Spinner label="Updating your server…" />}
        <button type="button" className="btn-secondary" onClick={onShare} title="Ctrl/⌘+S" aria-label="Share link">
          <span>
            Share<span className="hidden sm:inline"> link</span>
          </span>
        </button>
        <RecordingMenu />
        <ResetMenu disabled={!project.lesson} onCode={resets.code} onData={() => void resets.data()} onAll={resets.all} />
        <button type="button" className="btn-secondary" onClick={() => onDialog("server")}>
          Server
        </button>
        <button type="button" className="btn-secondary" onClick={() => onDialog("connect")} aria-label="Connect a client">
          <span>
            Connect<span className="hidden sm:inline"> a client</span>
          </span>
        </button>
        <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-700" aria-hidden />
        <button
          type="button"
          className="btn-ghost hidden aria-pressed:bg-indigo-100 aria-pressed:text-indigo-800 sm:inline-flex dark:aria-pressed:bg-indigo-900 dark:aria-pressed:text-indigo-100"
          onClick={presenter.toggle}
          aria-pressed={presenter.on}
          title="Large type, lesson pane hidden: for a projector"
        >
          Present
        </button>
        <button type="button" className="btn-ghost" onClick={font.smaller} aria-label="A− Smaller text">
          A−
        </button>
        <button type="button" className="btn-ghost" onClick={font.bigger} aria-label="A+ Larger text">
          A+
        </button>
        <button type="button" className="btn-ghost" onClick={theme.toggle} aria-label={theme.dark ? "Light theme" : "Dark theme"} aria-pressed={theme.dark}>
          <span>
            {theme.dark ? "☀" : "☾"}
            <span className="hidden sm:inline"> {theme.dark ? "Light" : "Dark"}</span>
          </span>
        </button>
      </div>
    </header>
  );
}
