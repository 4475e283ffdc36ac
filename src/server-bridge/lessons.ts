// Lessons and challenges, read through react-query so switching back is instant.
import { useQuery } from "@tanstack/react-query";
import { requestJson } from "./http";

// The server's own types are the contract: a type-only import, erased from the bundle.
import type { Lesson, LessonSummary } from "../../server/lessons/catalog";
export type { Lesson, LessonKind, LessonSummary } from "../../server/lessons/catalog";

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
