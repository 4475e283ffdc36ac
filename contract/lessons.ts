// What GET /api/lessons and GET /api/lessons/:id answer: served by server/lessons/catalog.ts, read by the SPA's bridge
// (types only); server/routes/api-contract.spec.ts parses the real answers with these schemas.
import * as z from "zod";
import { PERSONA_NAMES } from "./personas";

export const LessonSummary = z.strictObject({
  id: z.string(),
  title: z.string(),
  kind: z.enum(["lesson", "challenge"]),
  summary: z.string(),
  /** What the lesson taught, in one line: the end of course lists these. */
  taught: z.string(),
  /** The client the lesson's text expects; the Call tab switches to it when the lesson opens. */
  persona: z.enum(PERSONA_NAMES),
});
export type LessonSummary = z.infer<typeof LessonSummary>;

export const Lesson = z.strictObject({
  ...LessonSummary.shape,
  /** lesson.md, markdown. */
  body: z.string(),
  /** The starter project: paths relative to files/ ("store.ts", "close-ticket.tool.ts") to their text. */
  files: z.record(z.string(), z.string()),
});
export type Lesson = z.infer<typeof Lesson>;
