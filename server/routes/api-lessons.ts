// GET /api/lessons and GET /api/lessons/{id}: the course, and a teacher's published challenge's text and starter;
// never the hidden checks, hints or solution.
import { HttpError } from "../http/respond";
import { listLessons } from "../lessons/catalog";
import type { Course } from "../lessons/course";
import type { Route } from "./route";

export function lessonRoutes(course: Course): Route[] {
  return [
    { method: "GET", path: /^\/api\/lessons$/, handle: async () => ({ status: 200, body: await listLessons() }) },
    {
      method: "GET",
      path: /^\/api\/lessons\/([^/]+)$/,
      async handle({ params }) {
        const lesson = await course.lesson(params[0]);
        if (!lesson) throw new HttpError(404, `No lesson or challenge named "${params[0]}"`);
        return { status: 200, body: lesson };
      },
    },
  ];
}
