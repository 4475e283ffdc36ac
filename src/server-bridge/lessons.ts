// Lessons and challenges, read through react-query so switching back is instant.
import { useQuery } from "@tanstack/react-query";
import { requestJson, type ProjectFiles } from "./http";

export type LessonKind = "lesson" | "challenge";

export interface LessonSummary {
  id: string;
  title: string;
  kind: LessonKind;
  summary: string;
}

export interface Lesson extends LessonSummary {
  body: string;
  files: ProjectFiles;
}

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
