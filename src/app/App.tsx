// The playground's frame: header with the lessons menu and actions, the lesson text, the
// editor, and the Call / Wire / Tests tabs. Also owns the flows that span them: picking a
// lesson, syncing files to the backend, shortcuts, share links.
import { useEffect, useRef, useState } from "react";
import { useLessons, useLesson } from "../server-bridge/lessons";
import { sessionKeeper, useSession } from "../server-bridge/session";
import { useCheckChallenge, useRunTests } from "../server-bridge/tests";
import { lastLessonId, projectStore, useProject } from "../project/project-store";
import { decodeShareHash, writeShareHash, type SharedProject } from "../project/share-link";
import { LessonMenu } from "../lessons/LessonMenu";
import { LessonText } from "../lessons/LessonText";
import { EditorPanel } from "../editor/EditorPanel";
import { CallTab } from "../tabs/call/CallTab";
import { callStore, useCall } from "../tabs/call/call-store";
import { WireTab } from "../tabs/wire/WireTab";
import { TestsTab } from "../tabs/tests/TestsTab";
import { ConnectPanel } from "../connect/ConnectPanel";
import { useWireLog } from "../server-bridge/wire-log";
import { Spinner } from "../ui/Spinner";
import { useFontSize, useTheme } from "./theme";
import { useShortcuts } from "./useShortcuts";
import { useToast } from "./Toast";
import { RoomBanner } from "../rooms/RoomBanner";
import { RoomFollower } from "../rooms/RoomFollower";

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

export function App() {
  const lessons = useLessons();
  const project = useProject();
  const session = useSession();
  const call = useCall();
  const wire = useWireLog();
  const tests = useRunTests();
  const check = useCheckChallenge();
  const theme = useTheme();
  const font = useFontSize();
  const toast = useToast();
  const [tab, setTab] = useState<TabId>("call");
  const [connectOpen, setConnectOpen] = useState(false);
  const [lessonId, setLessonId] = useState<string>();
  const [shared, setShared] = useState<SharedProject | null>();
  const sharedUsed = useRef(false);
  const sharedRevision = useRef(-1);
  const lesson = useLesson(lessonId);

  useEffect(() => {
    void decodeShareHash(location.hash).then((s) => setShared(s ?? null));
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
    sharedRevision.current = fromLink ? projectStore.snapshot().revision : -1;
  }, [lesson.data, shared]);

  // Each lesson's text is written for one client: opening the lesson switches the Call tab to it.
  const lessonPersona = lesson.data?.persona;
  useEffect(() => {
    if (lessonPersona) callStore.setPersona(lessonPersona);
  }, [lessonId, lessonPersona]);

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
      void callStore.call();
    },
    tests: () => {
      setTab("tests");
      if (!tests.isPending) tests.mutate(projectStore.snapshot().files);
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
    callStore.selectTool("");
    setLessonId(id);
  };

  const reset = () => {
    if (!project.lesson) return;
    if (!confirm(`Reset "${project.lesson.title}" to its starter files? Your changes to this lesson will be gone.`)) return;
    projectStore.reset();
    setLessonInUrl(project.lesson.id);
    void sessionKeeper.sync(projectStore.snapshot().files).then(() => fetch(`/api/sessions/${sessionKeeper.snapshot().id}/reset`, { method: "POST" })).catch(() => undefined);
    toast.show("Back to the starter files.");
  };

  const commands = { onCall: actions.call, onTests: actions.tests, onShare: () => void actions.share(), onBlur: () => sharedRevision.current !== projectStore.snapshot().revision && location.hash && void writeShare() };

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

  const tabsPanel = (
    <section className="flex min-h-0 flex-col" aria-label="Call, Wire and Tests">
      <div role="tablist" aria-label="Panels" className="flex gap-1 border-b border-slate-200 px-3 pt-1.5 dark:border-slate-700">
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
            {t.id === "call" && call.question && <span className="ml-1.5 inline-block size-2 rounded-full bg-amber-500" aria-label="waiting for your answer" />}
            {t.id === "wire" && wire.groups.length > 0 && <span className="ml-1.5 text-xs font-normal text-slate-500">{wire.groups.length}</span>}
            {t.id === "tests" && tests.data && (
              <span className={`ml-1.5 text-xs font-normal ${tests.data.failed ? "text-rose-600" : "text-emerald-600"}`}>
                {tests.data.passed}/{tests.data.passed + tests.data.failed}
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
          {t.id === "tests" && <TestsTab tests={tests} check={check} onRun={actions.tests} />}
        </div>
      ))}
    </section>
  );

  if (embed) {
    return (
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-1.5 text-sm dark:border-slate-700">
          <span className="font-semibold">{project.lesson?.title}</span>
          <a className="ml-auto text-indigo-700 underline dark:text-indigo-300" href={`${location.pathname}?lesson=${encodeURIComponent(project.lesson?.id ?? "")}`} target="_blank" rel="noreferrer">
            Open in the playground
          </a>
        </header>
        <main className="grid min-h-0 flex-1 grid-cols-2 divide-x divide-slate-200 dark:divide-slate-700">
          <EditorPanel commands={commands} />
          {tabsPanel}
        </main>
        {toast.node}
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
        <a href="/" className="mr-1 flex items-center gap-2 font-bold whitespace-nowrap">
          <img src="/favicon.svg" alt="" className="size-6" />
          Elicitation Playground
        </a>
        <LessonMenu lessons={lessons.data ?? []} current={lessonId} edited={project.edited} onPick={pickLesson} />
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          <RoomBanner />
          {session.status === "syncing" && <Spinner label="Updating your server…" />}
          <button type="button" className="btn-secondary" onClick={() => void actions.share()} title="Ctrl/⌘+S">
            Share link
          </button>
          <button type="button" className="btn-secondary" onClick={reset} disabled={!project.lesson}>
            Reset
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConnectOpen(true)}>
            Connect a client
          </button>
          <span className="mx-1 h-6 w-px bg-slate-200 dark:bg-slate-700" aria-hidden />
          <button type="button" className="btn-ghost" onClick={font.smaller} aria-label="Smaller text">
            A−
          </button>
          <button type="button" className="btn-ghost" onClick={font.bigger} aria-label="Larger text">
            A+
          </button>
          <button type="button" className="btn-ghost" onClick={theme.toggle} aria-label={theme.dark ? "Light theme" : "Dark theme"} aria-pressed={theme.dark}>
            {theme.dark ? "☀ Light" : "☾ Dark"}
          </button>
        </div>
      </header>
      <main className="grid min-h-0 flex-1 grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)_minmax(0,1fr)] divide-x divide-slate-200 dark:divide-slate-700">
        <aside className="min-h-0 overflow-auto bg-white dark:bg-slate-900">
          {project.lesson ? <LessonText lesson={project.lesson} origin={project.origin} /> : lesson.isError ? <p className="p-4 text-sm">This lesson could not be loaded: {lesson.error.message}</p> : <div className="p-4"><Spinner label="Loading the lesson…" /></div>}
        </aside>
        <EditorPanel commands={commands} />
        {tabsPanel}
      </main>
      <ConnectPanel open={connectOpen} onClose={() => setConnectOpen(false)} />
      <RoomFollower lessonId={lessonId} lessons={lessons.data ?? []} onOpenLesson={pickLesson} />
      {toast.node}
    </div>
  );
}
