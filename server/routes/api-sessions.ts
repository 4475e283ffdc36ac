// POST /api/sessions (from files or a lesson's id), PUT /api/sessions/{id}/files, POST /api/sessions/{id}/reset, GET /api/sessions/{id}/console,
// GET /api/sessions/{id}/traffic.
import { FilesBody, LessonSessionBody, type ConsoleTail, type FilesUpdated, type ProjectFiles, type SessionCreated } from "../../contract/api";
import type { Course } from "../lessons/course";
import { discoverIn } from "../mcp/discover-in-process";
import { eventStream } from "../http/event-stream";
import { clientOf } from "../http/request-client";
import { HttpError } from "../http/respond";
import type { SessionRegistry } from "../session/registry";
import type { Session } from "../session/session";
import { parseBody, type Route } from "./route";

/** The session, rebuilt from the database when another instance held it; 404 when no instance can have it. */
export async function sessionOr404(registry: SessionRegistry, id: string): Promise<Session> {
  const session = (await registry.resolve(id))?.session;
  if (!session) throw new HttpError(404, "Unknown or expired session: create a new one with POST /api/sessions", { code: "SESSION_NOT_FOUND" });
  return session;
}

/** The files a new session starts from: those sent, or the named lesson's starter. */
async function startingFiles(course: Course, body: unknown): Promise<ProjectFiles> {
  if (!(body && typeof body === "object" && "lessonId" in body)) return parseBody(FilesBody, body).files;
  const { lessonId } = parseBody(LessonSessionBody, body);
  const lesson = await course.lesson(lessonId);
  if (!lesson) throw new HttpError(404, `No lesson or challenge named "${lessonId}"`);
  return lesson.files;
}

export function sessionRoutes(registry: SessionRegistry, course: Course): Route[] {
  const mcpUrl = (url: URL, id: string) => `${url.origin}/mcp/${id}`;
  return [
    {
      method: "POST",
      path: /^\/api\/sessions$/,
      rateLimit: "sessions",
      async handle({ body, url, req }) {
        const files = await startingFiles(course, body);
        const session = registry.create(clientOf(req)?.key);
        const built = await session.setFiles(files);
        const created = { id: session.id, mcpUrl: mcpUrl(url, session.id) };
        if (!built.ok) return { status: 422, body: { ...created, tools: [], diagnostics: built.diagnostics } satisfies SessionCreated };
        const discover = session.mcpEndpoint && (await discoverIn(session.mcpEndpoint));
        return { status: 201, body: { ...created, tools: built.tools, diagnostics: [], ...(discover && { discover }) } satisfies SessionCreated };
      },
    },
    {
      method: "PUT",
      path: /^\/api\/sessions\/([^/]+)\/files$/,
      async handle({ params, body }) {
        const { files } = parseBody(FilesBody, body);
        const built = await (await sessionOr404(registry, params[0])).setFiles(files);
        if (!built.ok) return { status: 422, body: { diagnostics: built.diagnostics } satisfies FilesUpdated };
        return { status: 200, body: { tools: built.tools, diagnostics: [] } satisfies FilesUpdated };
      },
    },
    {
      method: "POST",
      path: /^\/api\/sessions\/([^/]+)\/reset$/,
      async handle({ params }) {
        await (await sessionOr404(registry, params[0])).reset();
        return { status: 200, body: { reset: true } };
      },
    },
    {
      method: "GET",
      path: /^\/api\/sessions\/([^/]+)\/console$/,
      async handle({ params }) {
        return { status: 200, body: (await sessionOr404(registry, params[0])).console.tail() satisfies ConsoleTail };
      },
    },
    {
      // Outside clients' exchanges on /mcp/{id}, live: whoever knows the session id may already use its API and its
      // /mcp URL, so the same id is what reads its traffic. The stream ends when the session does.
      method: "GET",
      path: /^\/api\/sessions\/([^/]+)\/traffic$/,
      async handle({ params, req }) {
        const traffic = (await sessionOr404(registry, params[0])).traffic;
        if (!traffic) throw new HttpError(404, "This session keeps no traffic feed");
        return eventStream(req, (sink) => traffic.subscribe(sink));
      },
    },
  ];
}
