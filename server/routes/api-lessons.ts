// GET /api/lessons and GET /api/lessons/{id}: the course, never the hidden checks.
import { HttpError } from "../http/respond";
import { getLesson, listLessons } from "../lessons/catalog";
import type { Route } from "./route";

export function lessonRoutes(): Route[] {
  return [
    { method: "GET", path: /^\/api\/lessons$/, handle: async () => ({ status: 200, body: await listLessons() }) },
    {
      method: "GET",
      path: /^\/api\/lessons\/([^/]+)$/,
      async handle({ params }) {
        const lesson = await getLesson(params[0]);
        if (!lesson) throw new HttpError(404, `No lesson or challenge named "${params[0]}"`);
        return { status: 200, body: lesson };
      },
    },
  ];
}
