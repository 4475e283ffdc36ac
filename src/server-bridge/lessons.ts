// Lessons and challenges, read through react-query so switching back is instant.
import { useQuery } from "@tanstack/react-query";
import { requestJson } from "./http";

import type { Lesson, LessonSummary } from "../../contract/lessons";
export type { Lesson, LessonSummary } from "../../contract/lessons";

export function useLessons() {
  return useQuery({
    queryKey: ["lessons"],
    queryFn: () => requestJson<LessonSummary[]>("GET", "/api/lessons"),
    staleTime: Infinity,
    retry: (count) => count < 30,
    retryDelay: 1000,
  });
}

export function useLesson(id: string | undefined) {
  return useQuery({
    queryKey: ["lesson", id],
    queryFn: () => requestJson<Lesson>("GET", `/api/lessons/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}
