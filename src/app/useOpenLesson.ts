// Which lesson is open, and opening it: the share link's lesson, else ?lesson=, else the last one opened here, else
// the first. Opening puts its files (the link's, a draft, or the starter) in the project and its calls in the Call tab.
import { useEffect, useRef, useState } from "react";
import { inlinedLesson, useLesson, type LessonSummary } from "../server-bridge/lessons";
import { sessionKeeper } from "../server-bridge/session";
import { wireLog } from "../server-bridge/wire-log";
import { loadDraft } from "../project/drafts";
import { lastLessonId, projectStore } from "../project/project-store";
import { callStore } from "../tabs/call/call-store";
import type { ShareLink } from "./useShareLink";

export function setLessonInUrl(id: string) {
  const url = new URL(location.href);
  url.searchParams.set("lesson", id);
  url.hash = "";
  history.replaceState(history.state, "", url);
}

/** The lesson a load opens: the share link's, else ?lesson=, else the last one opened here, else the first. */
function chosen(lessons: LessonSummary[], sharedLesson?: string): string {
  const ids = lessons.map((l) => l.id);
  const asked = new URLSearchParams(location.search).get("lesson") ?? undefined;
  return [sharedLesson, asked, lastLessonId()].find((id) => id && ids.includes(id)) ?? ids[0];
}

/**
 * Without a share link to decode, the lesson is known as the page first draws: its session is asked for then (the
 * draft's files, else the starter by the lesson's id), not after the project has opened.
 */
function chosenAtLoad(lessons: LessonSummary[] | undefined): string | undefined {
  if (location.hash.includes("project=") || !lessons?.length) return undefined;
  const id = chosen(lessons);
  const draft = loadDraft(id);
  const lesson = inlinedLesson(id);
  if (draft) void sessionKeeper.sync(draft).catch(() => undefined);
  else if (lesson) void sessionKeeper.sync(lesson.files, id).catch(() => undefined);
  return id;
}

export function useOpenLesson(lessons: LessonSummary[] | undefined, link: ShareLink) {
  const [lessonId, setLessonId] = useState(() => chosenAtLoad(lessons));
  const linkUsed = useRef(false);
  const lesson = useLesson(lessonId);
  const { shared } = link;

  useEffect(() => {
    if (lessonId || shared === undefined || !lessons?.length) return;
    setLessonId(chosen(lessons, shared?.lessonId));
  }, [lessons, shared, lessonId]);

  useEffect(() => {
    const data = lesson.data;
    if (!data || projectStore.snapshot().lesson?.id === data.id) return;
    const fromLink = shared && shared.lessonId === data.id && !linkUsed.current ? shared.files : undefined;
    if (fromLink) linkUsed.current = true;
    projectStore.openLesson(data, fromLink);
    // Each lesson shows its own calls, and its text is written for one client: switch the Call tab to it.
    callStore.openLesson(data.id, data.persona);
    wireLog.setLesson(data.id, data.title);
    const opened = projectStore.snapshot();
    link.mark(fromLink && opened.origin === "share" ? opened.revision : -1);
  }, [lesson.data, shared, link]);

  /** Opens another lesson (the menu, the course's next step, a room's "everyone open"). */
  const pick = (id: string) => {
    if (!id || id === lessonId) return false;
    projectStore.flushDraft();
    setLessonInUrl(id);
    setLessonId(id);
    return true;
  };
  return { lessonId, lesson, pick };
}
