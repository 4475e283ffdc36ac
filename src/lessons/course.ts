// The course's order as the learner sees it: lessons numbered 1, 2, … (the texts say "lesson 9"),
// challenges numbered on their own, and the previous and next step of each.
import type { LessonSummary } from "../server-bridge/lessons";

/** The lessons menu's last entry: not a lesson, the end of course (CourseEnd). */
export const END_OF_COURSE = "end-of-course";

export interface CourseStep {
  lesson: LessonSummary;
  /** "Lesson 4", "Challenge 2". */
  label: string;
  number: number;
}

/** The steps in order: every lesson, then every challenge (the catalog already sorts each kind). */
export function courseSteps(lessons: LessonSummary[]): CourseStep[] {
  const count = { lesson: 0, challenge: 0 };
  const ordered = [...lessons.filter((l) => l.kind === "lesson"), ...lessons.filter((l) => l.kind === "challenge")];
  return ordered.map((lesson) => {
    const number = ++count[lesson.kind];
    return { lesson, number, label: `${lesson.kind === "lesson" ? "Lesson" : "Challenge"} ${number}` };
  });
}

export function neighbours(steps: CourseStep[], id: string | undefined): { previous?: CourseStep; current?: CourseStep; next?: CourseStep } {
  const i = steps.findIndex((s) => s.lesson.id === id);
  if (i < 0) return {};
  return { previous: steps[i - 1], current: steps[i], next: steps[i + 1] };
}

/** "9 of 25": the steps, lessons and challenges together, whose latest verdict passes. */
export function passingCount(steps: CourseStep[], passesNow: (id: string) => boolean): { passing: number; total: number } {
  return { passing: steps.filter((s) => passesNow(s.lesson.id)).length, total: steps.length };
}
