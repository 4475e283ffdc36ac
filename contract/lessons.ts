// What GET /api/lessons and GET /api/lessons/:id answer: served by server/lessons/catalog.ts, read by the SPA's bridge.

type LessonKind = "lesson" | "challenge";

/** The clients of the Call tab's persona picker: protocol revision, and whether it can show forms. */
export const PERSONA_IDS = ["2026-forms", "2026-none", "2025-forms", "2025-none"] as const;
export type PersonaId = (typeof PERSONA_IDS)[number];

export interface LessonSummary {
  id: string;
  title: string;
  kind: LessonKind;
  summary: string;
  /** The client the lesson's text expects; the Call tab switches to it when the lesson opens. */
  persona: PersonaId;
}

export interface Lesson extends LessonSummary {
  /** lesson.md, markdown. */
  body: string;
  /** The starter project: paths relative to files/ ("store.ts", "close-ticket.tool.ts") to their text. */
  files: Record<string, string>;
}
