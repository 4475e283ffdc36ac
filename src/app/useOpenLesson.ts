// Which lesson is open, and opening it: the share link's lesson, else ?lesson=, else the last one opened here, else
// the first. Opening puts its files (the link's, a draft, or the starter) in the project and its calls in the Call tab.
// A teacher's challenge is known only once the learner's room has answered: until then the choice waits for it, and
// an id that neither the course nor the room has opens the first lesson with a notice saying so.
import { useEffect, useRef, useState } from "react";
import { roomMembership, useRoomMembership } from "../server-bridge/rooms";
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

/** What a load opens; `id` is undefined while the room that may include the asked challenge has not answered. */
type Choice = { id?: string; missing?: string };

type Membership = ReturnType<typeof roomMembership.snapshot>;

/** Whether the learner is in a room whose description (and so its teachers' challenges) has not arrived yet. */
function roomPending({ membership, room }: Membership): boolean {
  return Boolean(membership && !room);
}

/** The lesson a load opens: the share link's, else ?lesson=, else the last one opened here, else the first. */
function chosen(lessons: LessonSummary[], pending: boolean, sharedLesson?: string): Choice {
  const ids = lessons.map((l) => l.id);
  const asked = new URLSearchParams(location.search).get("lesson") ?? undefined;
  let missing: string | undefined;
  for (const id of [sharedLesson, asked, lastLessonId()]) {
    if (!id) continue;
    if (ids.includes(id)) return { id, missing };
    if (pending) return {};
    missing ??= id;
  }
  return { id: ids[0], missing };
}

/**
 * Without a share link to decode, the lesson is known as the page first draws: its session is asked for then (the
 * draft's files, else the starter by the lesson's id), not after the project has opened.
 */
function chosenAtLoad(lessons: LessonSummary[] | undefined): Choice {
  if (location.hash.includes("project=") || !lessons?.length) return {};
  const choice = chosen(lessons, roomPending(roomMembership.snapshot()));
  const id = choice.id;
  if (!id) return choice;
  const draft = loadDraft(id);
  const lesson = inlinedLesson(id);
  if (draft) void sessionKeeper.sync(draft).catch(() => undefined);
  else if (lesson) void sessionKeeper.sync(lesson.files, id).catch(() => undefined);
  return choice;
}

export function useOpenLesson(lessons: LessonSummary[] | undefined, link: ShareLink) {
  const [choice, setChoice] = useState(() => chosenAtLoad(lessons));
  const lessonId = choice.id;
  const linkUsed = useRef(false);
  const lesson = useLesson(lessonId);
  const { shared } = link;
  // Asked again when the room answers, and while the asked id is missing: the room's challenges may join the list
  // after the room itself has answered. The choice reads the room state of this render, not the store's newest: an
  // effect of a render whose list lacks the room's challenges must not see the room as answered and open lesson 1.
  const membershipNow = useRoomMembership();
  const { room, membership } = membershipNow;
  const missing = choice.missing;

  useEffect(() => {
    if ((lessonId && !missing) || shared === undefined || !lessons?.length) return;
    const next = chosen(lessons, roomPending(membershipNow), shared?.lessonId);
    if (next.id !== lessonId || next.missing !== missing) setChoice(next);
  }, [lessons, shared, lessonId, missing, room, membership]);

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
    setChoice({ id });
    return true;
  };
  /** The asked lesson neither the course nor the learner's room has, when one was asked; the notice's subject. */
  return { lessonId, lesson, pick, missing: choice.missing, dismissMissing: () => setChoice({ id: lessonId }) };
}
