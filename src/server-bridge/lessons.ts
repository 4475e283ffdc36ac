// Lessons and challenges, read through react-query so switching back is instant. The page arrives with the lesson
// list and its opened lesson inlined (contract/first-screen.ts): those start the cache, so the first screen asks
// the server for neither.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { FIRST_SCREEN_ELEMENT, type FirstScreen } from "../../contract/first-screen";
import { requestJson } from "./http";
import { useRoomMembership } from "./rooms";

import type { Lesson, LessonSummary } from "../../contract/lessons";
export type { Lesson, LessonSummary } from "../../contract/lessons";

function readInlined(): FirstScreen | undefined {
  const text = typeof document === "undefined" ? undefined : document.getElementById(FIRST_SCREEN_ELEMENT)?.textContent;
  try {
    return text ? (JSON.parse(text) as FirstScreen) : undefined;
  } catch {
    return undefined;
  }
}

const inlined = readInlined();

/** The lesson the page carries, when it is this one. */
export function inlinedLesson(id: string): Lesson | undefined {
  return inlined?.lesson?.id === id ? inlined.lesson : undefined;
}

export function useLessons() {
  return useQuery({
    queryKey: ["lessons"],
    queryFn: () => requestJson<LessonSummary[]>("GET", "/api/lessons"),
    initialData: inlined?.lessons,
    staleTime: Infinity,
    retry: (count) => count < 30,
    retryDelay: 1000,
  });
}

/** The course's lessons and challenges and, for a learner in a room, the teachers' challenges it includes after them. */
export function useCourse() {
  const query = useLessons();
  const extra = useRoomMembership().room?.challenges;
  const data = useMemo(() => (query.data && extra?.length ? [...query.data, ...extra] : query.data), [query.data, extra]);
  return { ...query, data };
}

export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: ["lesson", id],
    queryFn: () => requestJson<Lesson>("GET", `/api/lessons/${encodeURIComponent(id!)}`),
    initialData: id === undefined ? undefined : inlinedLesson(id),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}
