// What GET /api/lessons and GET /api/lessons/:id answer: served by server/lessons/catalog.ts, read by the SPA's bridge.

type LessonKind = "lesson" | "challenge";

export interface LessonSummary {
  id: string;
  title: string;
  kind: LessonKind;
  summary: string;
}

export interface Lesson extends LessonSummary {
  /** lesson.md, markdown. */
  body: string;
  /** The starter project: paths relative to files/ ("store.ts", "close-ticket.tool.ts") to their text. */
  files: Record<string, string>;
}
