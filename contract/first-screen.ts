// What the playground's page carries inlined, as `<script type="application/json" id="first-screen">`: the answers
// of GET /api/lessons and of the opened lesson's GET /api/lessons/{id} (the lesson of `?lesson=`, else the first), so
// the first screen asks for neither. Written by server/http/first-screen-page.ts, read by src/server-bridge/lessons.ts.
// No schema here: the page imports this file's value, and zod must not come with it.
import type { Lesson, LessonSummary } from "./lessons";

export const FIRST_SCREEN_ELEMENT = "first-screen";
export type FirstScreen = { lessons: LessonSummary[]; lesson?: Lesson };
