// The playground's frame: header with the lessons menu and actions, the lesson text, the
// editor, and the Call / Wire / Tests tabs. Also owns the flows that span them: picking a
// lesson, syncing files to the backend, shortcuts, share links, resets.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLessons, useLesson } from "../server-bridge/lessons";
import { sessionKeeper, useSession } from "../server-bridge/session";
import { lastLessonId, projectStore, useProject } from "../project/project-store";
import { decodeShareHash, writeShareHash, type SharedProject } from "../project/share-link";
import { tabSync } from "../project/tab-sync";
import { LessonMenu } from "../lessons/LessonMenu";
import { LessonText } from "../lessons/LessonText";
import { courseSteps, neighbours } from "../lessons/course";
import { progressStore, useProgress } from "../lessons/progress";
import { EditorPanel } from "../editor/EditorPanel";
import { CallTab } from "../tabs/call/CallTab";
import { callStore, useCall } from "../tabs/call/call-store";
import { WireTab } from "../tabs/wire/WireTab";
import { TestsTab } from "../tabs/tests/TestsTab";
import { resultsStore, useLessonResults } from "../tabs/tests/results-store";
import { ConnectPanel } from "../connect/ConnectPanel";
import { useOutsideTraffic } from "../server-bridge/outside-traffic";
import { wireLog, useWireLog } from "../server-bridge/wire-log";
import { Spinner } from "../ui/Spinner";
import { useFontSize, usePresenter, useTheme } from "./theme";
import { useShortcuts } from "./useShortcuts";
import { useToast } from "./Toast";
import { Workspace } from "./Workspace";
import type { PaneId } from "./layout-prefs";
import { LessonNotices, ShareConflictDialog } from "./LessonNotices";
import { ResetMenu } from "./ResetMenu";
import { ServerPanel } from "./ServerPanel";
import { RecordingMenu } from "../replay/RecordingMenu";

type TabId = "call" | "wire" | "tests";
const TABS: { id: TabId; label: string }[] = [
  { id: "call", label: "Call" },
  { id: "wire", label: "Wire" },
  { id: "tests", label: "Tests" },
];
const SYNC_DELAY_MS = 400;
const query = new URLSearchParams(location.search);
const embed = query.get("embed") === "1";

function setLessonInUrl(id: string) {
  const url = new URL(location.href);
  url.searchParams.set("lesson", id);
  url.hash = "";
  history.replaceState(history.state, "", url);
}

export interface AppProps {
  /** Mounted in the header by the rooms feature (room name, join state); a function also gets the lesson and a way to open one. */
  headerSlot?: ReactNode | ((lesson: { id?: string; open(id: string): void }) => ReactNode);
  /** Mounted under the challenge checks by the rooms feature (hints the teacher released). */
  checkSlot?: ReactNode;
}

export function App({ headerSlot, checkSlot }: AppProps = {}) {
  const lessons = useLessons();
  const project = useProject();
  const session = useSession();
  const call = useCall();
  const wire = useWireLog();
  const outside = useOutsideTraffic();
  const passed = useProgress();
  const theme = useTheme();
  const font = useFontSize();
  const presenter = usePresenter();
  const toast = useToast();
  const [tab, setTab] = useState<TabId>("call");
  const [phonePane, setPhonePane] = useState<PaneId>("lesson");
  const [dialog, setDialog] = useState<"connect" | "server" | undefined>();
  const [lessonId, setLessonId] = useState<string>();
  const [shared, setShared] = useState<SharedProject | null>();
  const sharedUsed = useRef(false);
  const sharedRevision = useRef(-1);
  const lesson = useLesson(lessonId);
  const results = useLessonResults(project.lesson?.id);
  const steps = useMemo(() => courseSteps(lessons.data ?? []), [lessons.data]);
  const around = neighbours(steps, project.lesson?.id);

  useEffect(() => {
    void decodeShareHash(location.hash).then((s) => setShared(s ?? null));
    tabSync.start();
    // A share link pasted over this page's address changes only the hash: open it as a fresh load
    // would (the draft is flushed on the way out, and a differing draft is asked about).
    const onHash = () => {
      if (!location.hash.includes("project=")) return;
      sharedRevision.current = projectStore.snapshot().revision; // keep this hash through the reload
      location.reload();
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);

  useEffect(() => {
    if (lessonId || shared === undefined || !lessons.data?.length) return;
    const ids = lessons.data.map((l) => l.id);
    const pick = [shared?.lessonId, query.get("lesson") ?? undefined, lastLessonId()].find((id) => id && ids.includes(id)) ?? ids[0];
    setLessonId(pick);
  }, [lessons.data, shared, lessonId]);

  useEffect(() => {
    const data = lesson.data;
    if (!data || projectStore.snapshot().lesson?.id === data.id) return;
    const fromLink = shared && shared.lessonId === data.id && !sharedUsed.current ? shared.files : undefined;
    if (fromLink) sharedUsed.current = true;
    projectStore.openLesson(data, fromLink);
    // Each lesson shows its own calls, and its text is written for one client: switch the Call tab to it.
    callStore.openLesson(data.id, data.persona);
    wireLog.setLesson(data.id, data.title);
    sharedRevision.current = fromLink && projectStore.snapshot().origin === "share" ? projectStore.snapshot().revision : -1;
  }, [lesson.data, shared]);

  // Keep the backend's copy of the files current, a moment after typing stops.
  useEffect(() => {
    if (!project.lesson) return;
    const files = project.files;
    const t = setTimeout(() => void sessionKeeper.sync(files).catch(() => undefined), project.replacedAt === project.revision ? 0 : SYNC_DELAY_MS);
    return () => clearTimeout(t);
  }, [project.revision, project.lesson, project.files, project.replacedAt]);

  // A share link in the address bar must never be older than the work: drop it when leaving.
  useEffect(() => {
    const onHide = () => {
      if (location.hash && sharedRevision.current !== projectStore.snapshot().revision) {
        const url = new URL(location.href);
        url.hash = "";
        history.replaceState(history.state, "", url);
      }
    };
    addEventListener("pagehide", onHide);
    return () => removeEventListener("pagehide", onHide);
  }, []);

  const writeShare = async () => {
    const p = projectStore.snapshot();
    if (!p.lesson) return undefined;
    const link = await writeShareHash({ lessonId: p.lesson.id, files: p.files });
    sharedRevision.current = p.revision;
    return link;
  };

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
      const link = await writeShare();
      if (!link) return;
      try {
        await navigator.clipboard.writeText(link);
        toast.show("Share link copied: it carries your files, nothing is stored on a server.");
      } catch {
        toast.show("Share link is in the address bar.");
      }
    },
  };
  useShortcuts(actions);

  const pickLesson = (id: string) => {
    if (!id || id === lessonId) return;
    projectStore.flushDraft();
    setLessonInUrl(id);
    setLessonId(id);
    setPhonePane("lesson");
  };

  const resets = {
    code: () => {
      const p = projectStore.snapshot();
      if (!p.lesson || !confirm(`Reset the code of "${p.lesson.title}" to its starter files? Your changes to this lesson will be gone.`)) return;
      projectStore.reset();
      setLessonInUrl(p.lesson.id);
      toast.show("Back to the starter files.");
    },
    data: async () => {
      try {
        await sessionKeeper.resetData(projectStore.snapshot().files);
        toast.show("Your server's data is back to its start (tickets, outbox); the code is unchanged.");
      } catch (err) {
        toast.show(`The data could not be reset: ${(err as Error).message}`);
      }
    },
    all: () => {
      if (!confirm("Reset ALL lessons and challenges? Every draft and every tick goes; each lesson starts again from its starter files.")) return;
      projectStore.resetAll();
      progressStore.clear();
      callStore.forget();
      resultsStore.forget();
      toast.show("Every lesson is back to its starter files.");
    },
  };

  const commands = {
    onCall: actions.call,
    onTests: actions.tests,
    onShare: () => void actions.share(),
    onBlur: () => sharedRevision.current !== projectStore.snapshot().revision && location.hash && void writeShare(),
  };

  if (lessons.isPending || (lessons.isError && !lessons.data)) {
    return (
      <div className="grid h-full place-items-center">
        {lessons.isError ? (
          <p role="alert" className="max-w-md text-center">
            The playground server does not answer ({lessons.error.message}). Is <code className="code-inline">npm start</code> running? Retrying…
          </p>
        ) : (
          <Spinner label="Loading lessons…" />
        )}
      </div>
    );
  }

  const testsBadge = results.tests.data;
  const tabsPanel = (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Call, Wire and Tests">
      <div role="tablist" aria-label="Panels" className="flex gap-1 border-b border-slate-200 px-3 pt-1.5 pr-9 dark:border-slate-700">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-semibold ${tab === t.id ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"}`}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              const i = TABS.findIndex((x) => x.id === tab);
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
                setTab(next.id);
                document.getElementById(`tab-${next.id}`)?.focus();
              }
            }}
          >
            {t.label}
            {t.id === "call" && call.question && (
              <span role="img" className="ml-1.5 inline-block size-2 rounded-full bg-amber-500" aria-label="waiting for your answer" />
            )}
            {t.id === "wire" && outside.clients.some((c) => c.connected) && (
              <span
                role="img"
                className="ml-1.5 inline-block size-2 rounded-full bg-teal-500"
                aria-label="an outside client is connected"
                data-testid="wire-outside-dot"
              />
            )}
            {t.id === "wire" && wire.groups.some((g) => g.lessonId === project.lesson?.id) && (
              <span className="ml-1.5 text-xs font-normal text-slate-500">{wire.groups.filter((g) => g.lessonId === project.lesson?.id).length}</span>
            )}
            {t.id === "tests" && testsBadge && (
              <span className={`ml-1.5 text-xs font-normal ${testsBadge.failed ? "text-rose-600" : "text-emerald-600"}`} data-testid="tests-badge">
                {testsBadge.passed}/{testsBadge.passed + testsBadge.failed}
              </span>
            )}
          </button>
        ))}
      </div>
      {/* All panels stay mounted: switching tabs must not lose a half-filled form or a scroll position. */}
      {TABS.map((t) => (
        <div key={t.id} id={`panel-${t.id}`} role="tabpanel" aria-labelledby={`tab-${t.id}`} hidden={tab !== t.id} className="min-h-0 flex-1 overflow-auto p-3">
          {t.id === "call" && <CallTab />}
          {t.id === "wire" && <WireTab />}
          {t.id === "tests" && <TestsTab onRun={actions.tests} checkSlot={checkSlot} />}
        </div>
      ))}
    </section>
  );

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

  const lessonPane = project.lesson ? (
    <LessonText
      lesson={project.lesson}
      origin={project.origin}
      step={around.current}
      previous={around.previous}
      next={around.next}
      passed={passed.has(project.lesson.id)}
      onPick={pickLesson}
      notices={<LessonNotices />}
    />
  ) : lesson.isError ? (
    <p className="p-4 text-sm">This lesson could not be loaded: {lesson.error.message}</p>
  ) : (
    <div className="p-4">
      <Spinner label="Loading the lesson…" />
    </div>
  );

  return (
    <div className="flex h-full flex-col">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-slate-200 bg-white px-2 py-2 sm:px-3 dark:border-slate-700 dark:bg-slate-900">
        <a href="/" className="mr-1 flex shrink-0 items-center gap-2 font-bold whitespace-nowrap" aria-label="Elicitation Playground">
          <img src="/favicon.svg" alt="" className="size-6" />
          <span className="hidden 2xl:inline">Elicitation Playground</span>
        </a>
        <LessonMenu steps={steps} current={lessonId} edited={project.edited} passed={passed} onPick={pickLesson} />
        {/* On a phone the room's controls get a row of their own, under the actions. */}
        <div className="order-last flex w-full min-w-0 justify-end sm:order-none sm:w-auto">
          {typeof headerSlot === "function" ? headerSlot({ id: lessonId, open: pickLesson }) : headerSlot}
        </div>
        <div className="header-actions ml-auto flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:gap-1.5">
          {session.status === "syncing" && <Spinner label="Updating your server…" />}
          <button type="button" className="btn-secondary" onClick={() => void actions.share()} title="Ctrl/⌘+S" aria-label="Share link">
            <span>
              Share<span className="hidden sm:inline"> link</span>
            </span>
          </button>
          <RecordingMenu />
          <ResetMenu disabled={!project.lesson} onCode={resets.code} onData={() => void resets.data()} onAll={resets.all} />
          <button type="button" className="btn-secondary" onClick={() => setDialog("server")}>
            Server
          </button>
          <button type="button" className="btn-secondary" onClick={() => setDialog("connect")} aria-label="Connect a client">
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
          <button type="button" className="btn-ghost" onClick={font.smaller} aria-label="Smaller text">
            A−
          </button>
          <button type="button" className="btn-ghost" onClick={font.bigger} aria-label="Larger text">
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
      <Workspace lesson={lessonPane} editor={editor} tabs={tabsPanel} presenter={presenter.on} phonePane={phonePane} onPhonePane={setPhonePane} />
      <ConnectPanel open={dialog === "connect"} onClose={() => setDialog(undefined)} />
      <ServerPanel open={dialog === "server"} onClose={() => setDialog(undefined)} />
      <ShareConflictDialog />
      {toast.node}
    </div>
  );
}
