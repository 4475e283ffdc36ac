// A learner's page in a room: follows the teacher (everyone open lesson N, locks), and tells the room what the
// learner opened and tried, their code and their last Call for the teacher's read-only view. Renders only a
// notice or the lock screen (LockedDialog); drafts are kept because moving uses the same lesson switch as the menu.
import { useEffect, useRef, useState } from "react";
import { projectStore } from "../project/project-store";
import { roomMembership, useRoomMembership } from "../server-bridge/rooms";
import { wireLog } from "../server-bridge/wire-log";
import { LockedDialog } from "./LockedDialog";
import { callStore } from "../tabs/call/call-store";
import { resultsStore } from "../tabs/tests/results-store";
import type { SharedCall } from "../../contract/rooms";

const FOLLOWED_KEY = "elicitation-playground:room-followed";
const MAX_SHARED_TEXT = 4000;

function sharedCall(groupId: number | undefined): SharedCall | undefined {
  const group = wireLog.snapshot().groups.find((g) => g.id === groupId);
  if (!group) return undefined;
  const cut = (v: unknown) => (typeof v === "string" && v.length > MAX_SHARED_TEXT ? `${v.slice(0, MAX_SHARED_TEXT)}…` : v);
  return {
    label: group.label.slice(0, 200),
    persona: group.persona,
    exchanges: group.exchanges.slice(-12).map((x) => ({
      method: x.httpMethod,
      url: x.url,
      status: x.status,
      startedAt: x.startedAt,
      durationMs: x.durationMs,
      request: x.requestBody ?? cut(x.requestText),
      messages: x.messages.slice(0, 8),
    })),
  };
}

function callProblem(): { kind: "compile" | "tool"; text: string } | null {
  const { outcome, problem } = callStore.snapshot();
  if (problem) return { kind: /compile|Fix the problems/i.test(problem) ? "compile" : "tool", text: problem };
  if (!outcome) return null;
  if (outcome.kind === "result") {
    if (!outcome.result.isError) return null;
    const first = outcome.result.content?.find((c) => c.type === "text");
    return { kind: "tool", text: first && "text" in first ? String(first.text) : "The tool returned an error" };
  }
  return { kind: "tool", text: outcome.message };
}

export function RoomFollower({
  lessonId,
  lessons,
  onOpenLesson,
}: {
  lessonId?: string;
  lessons: { id: string; title: string }[];
  onOpenLesson(id: string): void;
}) {
  const { membership, room } = useRoomMembership();
  const [notice, setNotice] = useState<string>();
  const code = membership?.code;

  // Live room state.
  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    roomMembership.follow(() => undefined, controller.signal);
    return () => controller.abort();
  }, [code]);

  // Everyone open lesson N: each push (a new seq) moves the page once, even after a reload.
  const lead = room?.lead.lesson;
  useEffect(() => {
    if (!lead || !code) return;
    const key = `${code}:${lead.seq}`;
    if (localStorage.getItem(FOLLOWED_KEY) === key) return;
    localStorage.setItem(FOLLOWED_KEY, key);
    if (lead.id !== lessonId) {
      onOpenLesson(lead.id);
      setNotice(`Your teacher opened “${lessons.find((l) => l.id === lead.id)?.title ?? lead.id}” for everyone. Your work on other lessons is kept.`);
    }
  }, [lead?.seq, code]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 8000);
    return () => clearTimeout(t);
  }, [notice]);

  // Opened.
  useEffect(() => {
    if (code && lessonId) roomMembership.report({ item: lessonId, event: "opened" });
  }, [code, lessonId]);

  // Tried: a Call that finished (with its wire exchange and any error), or a test run.
  const running = useRef(false);
  useEffect(() => {
    const stop = callStore.subscribe(() => {
      const state = callStore.snapshot();
      const finished = running.current && !state.running;
      running.current = state.running;
      const item = projectStore.snapshot().lesson?.id;
      if (!finished || !item || !roomMembership.learnerKey()) return;
      roomMembership.report({ item, event: "tried", problem: callProblem(), files: projectStore.snapshot().files, call: sharedCall(state.groupId) });
    });
    return () => void stop();
  }, []);
  useEffect(() => {
    let last: unknown;
    const stop = resultsStore.subscribe(() => {
      const item = projectStore.snapshot().lesson?.id;
      const run = resultsStore.of(item).tests.data;
      if (!item || !run || run === last) return;
      last = run;
      roomMembership.report({ item, event: "tried", files: projectStore.snapshot().files });
    });
    return () => void stop();
  }, []);

  return (
    <>
      {notice && (
        <div
          role="status"
          className="fixed top-14 left-1/2 z-40 max-w-[92vw] -translate-x-1/2 rounded-md border border-indigo-300 bg-indigo-50 px-4 py-2 text-sm text-indigo-900 shadow-lg dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-100"
          data-testid="room-notice"
        >
          {notice}
          <button type="button" className="btn-ghost ml-2 !px-1.5 !py-0 text-xs" onClick={() => setNotice(undefined)}>
            OK
          </button>
        </div>
      )}
      <LockedDialog lessonId={lessonId} lead={room?.lead} lessons={lessons} onOpenLesson={onOpenLesson} />
    </>
  );
}
