// /api/challenges: teachers' own challenges. Create, read, change and delete one with its author key (an author key
// speaks only for its own challenges), export it as a zip of the course's lessons/ and checks/ folders and import
// such a zip. Every save runs the fairness proof (server/authoring/fairness.ts); one that does not pass stays a draft.
import type { IncomingMessage } from "node:http";
import {
  CopyShipped,
  TITLE_MAX_CHARS,
  type AuthoredChallenge,
  type ChallengeCreated,
  type ChallengeDraft,
  type ChallengeSaved,
} from "../../contract/challenges";
import type { RouteDeps } from "../app";
import { type ChallengeStore, type StoredChallenge } from "../authoring/challenge-store";
import { readDraft } from "../authoring/draft";
import { proveFair } from "../authoring/fairness";
import { folderName, fromFolders, toFolders } from "../authoring/folder";
import { readZip, writeZip, ZipError } from "../authoring/zip";
import { HttpError } from "../http/respond";
import { getChallengeMaterial, getLesson, isLessonId, type ChallengeMaterial } from "../lessons/catalog";
import { bearer, teacherRoom } from "./room-keys";
import { parseBody, type Route, type RouteContext } from "./route";

const ID = "([^/]+)";

const pick = ({ checks, hints, solution, broken }: ChallengeMaterial) => ({ checks, hints, solution, broken });

export function challengeRoutes({ config, runs, runSlots, rooms }: RouteDeps, store: ChallengeStore): Route[] {
  const limits = config.challengeLimits;
  const prove = (req: IncomingMessage, draft: ChallengeDraft) => runSlots.run(req, undefined, () => proveFair(runs, draft));

  async function owned(ctx: RouteContext): Promise<StoredChallenge> {
    const key = bearer(ctx.req);
    if (!key) throw new HttpError(401, "This needs the challenge's author key (Authorization: Bearer <author key>)");
    const found = await store.owned(ctx.params[0], key);
    if (found === "not-found") throw new HttpError(404, `No challenge named "${ctx.params[0].slice(0, 40)}"`);
    if (found === "not-yours") throw new HttpError(403, "This key is not this challenge's author key");
    return found;
  }

  async function create(req: IncomingMessage, draft: ChallengeDraft) {
    const proof = await prove(req, draft);
    const { id, authorKey } = await store.create(draft, proof);
    return { status: 201, body: { id, authorKey, status: proof.fair ? "published" : "draft", proof } satisfies ChallengeCreated };
  }

  return [
    {
      // A shipped challenge, checks and solution included, for a room's teacher to start from: never for a learner key.
      method: "POST",
      path: /^\/api\/challenges\/copy$/,
      async handle(ctx) {
        const { from, room } = parseBody(CopyShipped, ctx.body);
        await teacherRoom(rooms, { ...ctx, params: [room] });
        const lesson = isLessonId(from) ? await getLesson(from) : undefined;
        const material = lesson?.kind === "challenge" ? await getChallengeMaterial(from) : undefined;
        if (!lesson || material?.mode !== "checks") throw new HttpError(404, `No shipped challenge with hidden checks named "${from.slice(0, 60)}"`);
        const { title, body: text, persona, files: starter } = lesson;
        const copy = { title: `${title} (copy)`.slice(0, TITLE_MAX_CHARS), text, persona, starter, ...pick(material) };
        return { status: 200, body: copy satisfies ChallengeDraft };
      },
    },
    {
      method: "POST",
      path: /^\/api\/challenges$/,
      rateLimit: "runs",
      handle: ({ body, req }) => create(req, readDraft(body, limits)),
    },
    {
      method: "POST",
      path: /^\/api\/challenges\/import$/,
      rateLimit: "runs",
      body: "zip",
      async handle({ body, req }) {
        let folders: Record<string, string>;
        try {
          folders = readZip(body as Buffer, { maxEntries: limits.files + 8, maxFileBytes: Math.max(limits.fileBytes, limits.textBytes) });
        } catch (error) {
          if (error instanceof ZipError) throw new HttpError(400, error.message);
          throw error;
        }
        return create(req, readDraft(fromFolders(folders), limits));
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/challenges/${ID}$`),
      async handle(ctx) {
        const { id, content, status, proof, updatedAt } = await owned(ctx);
        return { status: 200, body: { ...content, id, status, proof, updatedAt: updatedAt.toISOString() } satisfies AuthoredChallenge };
      },
    },
    {
      method: "PUT",
      path: new RegExp(`^/api/challenges/${ID}$`),
      rateLimit: "runs",
      async handle(ctx) {
        const { id } = await owned(ctx);
        const draft = readDraft(ctx.body, limits);
        const proof = await prove(ctx.req, draft);
        await store.update(id, draft, proof);
        return { status: 200, body: { id, status: proof.fair ? "published" : "draft", proof } satisfies ChallengeSaved };
      },
    },
    {
      method: "DELETE",
      path: new RegExp(`^/api/challenges/${ID}$`),
      async handle(ctx) {
        const { id } = await owned(ctx);
        await store.delete(id);
        return { status: 200, body: { id, deleted: true } };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/challenges/${ID}/export$`),
      async handle(ctx) {
        const { id, content } = await owned(ctx);
        return {
          status: 200,
          headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${folderName(id, content.title)}.zip"` },
          body: writeZip(toFolders(id, content)),
        };
      },
    },
  ];
}
