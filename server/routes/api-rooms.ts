// /api/rooms: create and join rooms, the teacher's board (JSON and live events), leading, the read-only look at
// one learner, export and end; and the learner's own calls. Keys travel as `Authorization: Bearer <key>`.
import type { IncomingMessage } from "node:http";
import { checkProjectFiles } from "../compile/project-files";
import { eventStream } from "../http/event-stream";
import { HttpError } from "../http/respond";
import { isLessonId, listLessons } from "../lessons/catalog";
import { cleanNickname, normalizeRoomCode } from "../rooms/codes";
import { checksCsv, itemsCsv } from "../rooms/csv";
import type { Rooms } from "../rooms/rooms";
import { TITLE_MAX, type LearnerRow, type RoomRow } from "../rooms/store";
import { LeadChange, RoomActivity } from "../../contract/rooms";
import { parseBody, type Route, type RouteAnswer, type RouteContext } from "./route";

const CODE = "([^/]+)";

function bearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

function codeOf(raw: string): string {
  const code = normalizeRoomCode(raw);
  if (!code) throw new HttpError(404, `No room with code "${raw.slice(0, 20)}"`);
  return code;
}

async function roomOr404(rooms: Rooms, raw: string): Promise<RoomRow> {
  const room = await rooms.store.room(codeOf(raw));
  if (!room) throw new HttpError(404, `No room with code "${raw.slice(0, 20)}"`);
  return room;
}

/** The room, when the request carries its teacher key. */
async function teacherRoom(rooms: Rooms, ctx: RouteContext): Promise<RoomRow> {
  const room = await roomOr404(rooms, ctx.params[0]);
  const key = bearer(ctx.req);
  if (!key) throw new HttpError(401, "This needs the room's teacher key (Authorization: Bearer <teacher key>)");
  if (!rooms.store.isTeacher(room, key)) throw new HttpError(403, "This key is not this room's teacher key");
  return room;
}

/** The learner a learner key speaks for; `code`, when given, must be their room. */
export async function roomLearner(rooms: Rooms, key: unknown, code?: string): Promise<LearnerRow & { room: RoomRow }> {
  if (typeof key !== "string" || key === "") throw new HttpError(401, "This needs your learner key");
  const learner = await rooms.store.learnerByKey(key);
  if (!learner) throw new HttpError(403, "This learner key is not in any room (the room may have ended, or you left it)");
  if (code !== undefined && learner.room_code !== normalizeRoomCode(code)) throw new HttpError(403, "This learner key belongs to another room");
  return learner;
}

/** A check sent with a learner key: who to record it for, refused before anything runs when it cannot be recorded. */
export async function checkingLearner(rooms: Rooms, key: unknown, challenge: string): Promise<LearnerRow | undefined> {
  if (key === undefined) return undefined;
  const learner = await roomLearner(rooms, key);
  if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
  if (learner.room.lead.locked.includes(challenge)) throw new HttpError(423, "The teacher has locked this challenge for now");
  return learner;
}

function object(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Send a JSON object");
  return body as Record<string, unknown>;
}

async function courseItem(raw: unknown): Promise<string> {
  if (!isLessonId(raw) || !(await listLessons()).some((l) => l.id === raw)) throw new HttpError(400, '"item" must be the id of a lesson or challenge');
  return raw;
}

/** An activity as the contract reads it, about an item of the course, with files that make a valid project. */
async function readActivity(body: unknown): Promise<RoomActivity> {
  const activity = parseBody(RoomActivity, body);
  await courseItem(activity.item);
  const problems = activity.files === undefined ? [] : checkProjectFiles(activity.files);
  if (problems.length) throw new HttpError(400, problems[0].message);
  return activity;
}

export function roomRoutes(rooms: Rooms): Route[] {
  /** A live stream: `first` at once, then whatever the room publishes, until the client goes away. */
  const stream = (req: IncomingMessage, subscribe: (send: (payload: unknown) => void) => Promise<() => void>, first: unknown): RouteAnswer =>
    eventStream(req, (sink) => {
      sink.send(JSON.stringify(first));
      return subscribe((payload) => sink.send(JSON.stringify(payload)));
    });

  return [
    {
      method: "POST",
      path: /^\/api\/rooms$/,
      rateLimit: "rooms",
      async handle({ body }) {
        const { title } = object(body);
        if (title !== undefined && typeof title !== "string") throw new HttpError(400, '"title" must be a string');
        const clean = (title ?? "")
          .replace(/[\p{Cc}\p{Cf}]/gu, "")
          .replace(/\s+/g, " ")
          .trim();
        if ([...clean].length > TITLE_MAX) throw new HttpError(400, `A room title has at most ${TITLE_MAX} characters`);
        return { status: 201, body: await rooms.store.create(clean || "Elicitation workshop") };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/join$`),
      rateLimit: "joins",
      async handle({ params, body }) {
        const code = codeOf(params[0]);
        const nickname = cleanNickname(object(body).name);
        if ("error" in nickname) throw new HttpError(400, nickname.error);
        const joined = await rooms.join(code, nickname.name);
        if (joined === "full") throw new HttpError(409, "This room is full");
        if (joined === "ended") throw new HttpError(404, "This room has ended", { ended: true });
        if (joined === "no-room") throw new HttpError(404, `No room with code "${code}"`, { ended: false });
        return { status: 201, body: { learnerKey: joined.learnerKey, name: joined.name, code } };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}$`),
      async handle(ctx) {
        return { status: 200, body: await rooms.board(await teacherRoom(rooms, ctx)) };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/events$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        const first = { type: "board", board: await rooms.board(room) };
        return stream(ctx.req, (send) => rooms.events.subscribe(room.code, "board", send), first);
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/lead$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        if (room.ended_at) throw new HttpError(409, "This room has ended");
        const change = parseBody(LeadChange, ctx.body);
        await courseItem(change.item);
        const lead = await rooms.lead(room, change);
        if (!lead) throw new HttpError(400, "Hints and solutions are released for challenges only");
        return { status: 200, body: { lead } };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/learners/(\\d{1,15})$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        const view = await rooms.store.learnerView(room.code, Number(ctx.params[1]));
        if (!view) throw new HttpError(404, "No such learner in this room");
        return { status: 200, body: view };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/export(-checks)?\\.csv$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        const perCheck = ctx.params[1] === "-checks";
        const csv = perCheck ? await checksCsv(rooms, room.code) : await itemsCsv(rooms, room.code);
        const name = `room-${room.code}${perCheck ? "-checks" : ""}.csv`;
        return {
          status: 200,
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` },
          body: csv,
        };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/end$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        await rooms.end(room.code);
        return { status: 200, body: { code: room.code, ended: true } };
      },
    },
    // The learner's own calls.
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/me$`),
      async handle({ params, req }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        return { status: 200, body: await rooms.learnerRoom(learner.room, learner.name) };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/me/events$`),
      async handle({ params, req }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        const first = { type: "room", room: await rooms.learnerRoom(learner.room, learner.name) };
        const named = (send: (payload: unknown) => void) => (payload: unknown) => {
          const event = payload as { room: { name: string } };
          send({ ...event, room: { ...event.room, name: learner.name } });
        };
        return stream(req, (send) => rooms.events.subscribe(learner.room_code, "room", named(send)), first);
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/activity$`),
      async handle({ params, req, body }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
        await rooms.activity(learner, await readActivity(body));
        return { status: 200, body: { recorded: true } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/leave$`),
      async handle({ params, req }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        await rooms.leave(learner);
        return { status: 200, body: { left: true } };
      },
    },
  ];
}
