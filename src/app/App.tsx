// The playground's frame: the header, the lesson text, the editor and the Call / Wire / Tests tabs. The flows that
// span them live in hooks of their own: which lesson is open (useOpenLesson), the share link (useShareLink), the
// backend's copy of the files (useProjectSync), the resets (resets.ts).
import { useMemo, useState, type ReactNode } from "react";
import { useCourse } from "../server-bridge/lessons";
import { projectStore, useProject } from "../project/project-store";
import { LessonText } from "../lessons/LessonText";
import { courseSteps, END_OF_COURSE, neighbours } from "../lessons/course";
import { CourseEnd } from "../lessons/CourseEnd";
import { stateIn, useProgress } from "../lessons/progress";
import { EditorPanel } from "../editor/EditorPanel";
import { callStore } from "../tabs/call/call-store";
import { resultsStore } from "../tabs/tests/results-store";
import { ConnectPanel } from "../connect/ConnectPanel";
import { Spinner } from "../ui/Spinner";
import { usePresenter } from "./theme";
import { useShortcuts } from "./useShortcuts";
import { useToast } from "./Toast";
import { Workspace } from "./Workspace";
import type { PaneId } from "./layout-prefs";
import { LessonNotices, ShareConflictDialog } from "./LessonNotices";
import { ServerPanel } from "./ServerPanel";
import { AppHeader } from "./AppHeader";
import { TabsPanel, type TabId } from "./TabsPanel";
import { resetsWith } from "./resets";
import { useOpenLesson } from "./useOpenLesson";
import { useProjectSync } from "./useProjectSync";
import { useShareLink } from "./useShareLink";

const embed = new URLSearchParams(location.search).get("embed") === "1";

export interface AppProps {
  /** Mounted in the header by the rooms feature (room name, join state); a function also gets the lesson and a way to open one. */
  headerSlot?: ReactNode | ((lesson: { id?: string; open(id: string): void }) => ReactNode);
  /** Mounted under the challenge checks by the rooms feature (hints the teacher released). */
  checkSlot?: ReactNode;
}

function ServerNotAnswering({ error }: { error?: Error | null }) {
  return (
    <div className="grid h-full place-items-center">
      {error ? (
        <p role="alert" className="max-w-md text-center">
          The playground server does not answer ({error.message}). Is <code className="code-inline">npm start</code> running? Retrying…
        </p>
      ) : (
        <Spinner label="Loading lessons…" />
      )}
    </div>
  );
}

export function App({ headerSlot, checkSlot }: AppProps = {}) {
  const lessons = useCourse();
  const project = useProject();
  const progress = useProgress();
  const presenter = usePresenter();
  const toast = useToast();
  const link = useShareLink();
  const opened = useOpenLesson(lessons.data, link);
  useProjectSync();
  const [tab, setTab] = useState<TabId>("call");
  const [phonePane, setPhonePane] = useState<PaneId>("lesson");
  const [dialog, setDialog] = useState<"connect" | "server" | undefined>();
  const [atEnd, setAtEnd] = useState(false);
  const steps = useMemo(() => courseSteps(lessons.data ?? []), [lessons.data]);
  const around = neighbours(steps, project.lesson?.id);

  const actions = {
    call: () => {
      setTab("call");
      setPhonePane("tabs");
      void callStore.call();
    },
    tests: () => {
      setTab("tests");
      setPhonePane("tabs");
      const p = projectStore.snapshot();
      if (p.lesson) void resultsStore.runTests(p.lesson.id, p.files);
    },
    share: async () => {
      const written = await link.write();
      if (!written) return;
      try {
        await navigator.clipboard.writeText(written);
        toast.show("Share link copied: it carries your files, nothing is stored on a server.");
      } catch {
        toast.show("Share link is in the address bar.");
      }
    },
  };
  useShortcuts(actions);

  const pickLesson = (id: string) => {
    if (id === END_OF_COURSE) {
      setAtEnd(true);
      setPhonePane("lesson");
    } else if (opened.pick(id) || id === opened.lessonId) {
      setAtEnd(false);
      setPhonePane("lesson");
    }
  };
  const commands = {
    onCall: actions.call,
    onTests: actions.tests,
    onShare: () => void actions.share(),
    onBlur: () => !link.current() && location.hash && void link.write(),
  };

  if (lessons.isPending || (lessons.isError && !lessons.data)) return <ServerNotAnswering error={lessons.error} />;

  const tabsPanel = <TabsPanel tab={tab} onTab={setTab} onRunTests={actions.tests} checkSlot={checkSlot} />;
  const editor = <EditorPanel commands={commands} />;

  if (embed) {
    return (
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-1.5 text-sm dark:border-slate-700">
          <span className="font-semibold">{project.lesson?.title}</span>
          <a
            className="ml-auto text-indigo-700 underline dark:text-indigo-300"
            href={`${location.pathname}?lesson=${encodeURIComponent(project.lesson?.id ?? "")}`}
            target="_blank"
            rel="noreferrer"
          >
            Open in the playground
          </a>
        </header>
        <main className="grid min-h-0 flex-1 grid-cols-2 divide-x divide-slate-200 dark:divide-slate-700">
          <div className="flex min-h-0 flex-col">{editor}</div>
          {tabsPanel}
        </main>
        {toast.node}
      </div>
    );
  }

  const lessonPane = atEnd ? (
    <CourseEnd steps={steps} progress={progress} onPick={pickLesson} onConnect={() => setDialog("connect")} />
  ) : project.lesson ? (
    <LessonText
      lesson={project.lesson}
      origin={project.origin}
      step={around.current}
      previous={around.previous}
      next={around.next}
      state={stateIn(progress, project.lesson.id)}
      onPick={pickLesson}
      notices={<LessonNotices />}
    />
  ) : opened.lesson.isError ? (
    <p className="p-4 text-sm">This lesson could not be loaded: {opened.lesson.error.message}</p>
  ) : (
    <div className="p-4">
      <Spinner label="Loading the lesson…" />
    </div>
  );

  return (
    <div className="flex h-full flex-col">
      <AppHeader
        steps={steps}
        lessonId={atEnd ? END_OF_COURSE : opened.lessonId}
        onPick={pickLesson}
        roomSlot={typeof headerSlot === "function" ? headerSlot({ id: opened.lessonId, open: pickLesson }) : headerSlot}
        resets={resetsWith(toast.show)}
        onShare={() => void actions.share()}
        onDialog={setDialog}
      />
      <Workspace lesson={lessonPane} editor={editor} tabs={tabsPanel} presenter={presenter.on} phonePane={phonePane} onPhonePane={setPhonePane} />
      <ConnectPanel open={dialog === "connect"} onClose={() => setDialog(undefined)} />
      <ServerPanel open={dialog === "server"} onClose={() => setDialog(undefined)} />
      <ShareConflictDialog />
      {toast.node}
    </div>
  );
}
