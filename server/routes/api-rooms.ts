// /api/rooms: create and join rooms, the teacher's board (JSON and live events), leading, the read-only look at
// one learner, export and end; and the learner's own calls. The roster, the help queue and the projector are in
// api-room-roster.ts; who a key speaks for in room-keys.ts.
import { checkProjectFiles } from "../compile/project-files";
import { HttpError } from "../http/respond";
import { isLessonId } from "../lessons/catalog";
import { cleanNickname } from "../rooms/codes";
import { checksCsv, itemsCsv } from "../rooms/csv";
import type { Rooms } from "../rooms/rooms";
import { TITLE_MAX } from "../rooms/store";
import { AddRoomItem, CreateRoom, LeadChange, RoomActivity, type JoinAddresses, type JoinedRoom } from "../../contract/rooms";
import { rosterRoutes } from "./api-room-roster";
import { bearer, CODE, codeOf, liveTeacherRoom, roomLearner, teacherRoom } from "./room-keys";
import { roomStream } from "./room-stream";
import { parseBody, type Route } from "./route";

export { checkingLearner } from "./room-keys";

function object(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, "Send a JSON object");
  return body as Record<string, unknown>;
}

/** An item of the room's course: a lesson or challenge of the course, or a teacher's challenge the room includes. */
async function courseItem(rooms: Rooms, code: string, raw: unknown): Promise<string> {
  if (!isLessonId(raw) || !(await rooms.course.items(code)).some((l) => l.id === raw))
    throw new HttpError(400, '"item" must be the id of a lesson or challenge');
  return raw;
}

/** An activity as the contract reads it, about an item of the room's course, with files that make a valid project. */
async function readActivity(rooms: Rooms, code: string, body: unknown): Promise<RoomActivity> {
  const activity = parseBody(RoomActivity, body);
  await courseItem(rooms, code, activity.item);
  const problems = activity.files === undefined ? [] : checkProjectFiles(activity.files);
  if (problems.length) throw new HttpError(400, problems[0].message);
  return activity;
}

/** A teacher's challenge a room cannot include: unknown (404) or still a draft (409). */
function refuseUnusable(id: string, found: { status: string } | undefined): void {
  if (!found) throw new HttpError(404, `No challenge named "${id.slice(0, 40)}"`);
  if (found.status !== "published") throw new HttpError(409, `Challenge "${id}" is still a draft: it joins a room once it passes the fairness proof`);
}

export function roomRoutes(rooms: Rooms, addresses: () => JoinAddresses): Route[] {
  return [
    ...rosterRoutes(rooms, addresses),
    {
      method: "POST",
      path: /^\/api\/rooms$/,
      rateLimit: "rooms",
      async handle({ body }) {
        const { title, hintsAlways, challenges = [] } = parseBody(CreateRoom, body ?? {});
        const clean = (title ?? "")
          .replace(/[\p{Cc}\p{Cf}]/gu, "")
          .replace(/\s+/g, " ")
          .trim();
        if ([...clean].length > TITLE_MAX) throw new HttpError(400, `A room title has at most ${TITLE_MAX} characters`);
        // Every challenge is looked at before the room exists: a room is not left half made by a wrong id.
        for (const id of challenges) refuseUnusable(id, await rooms.course.authored.get(id));
        const created = await rooms.store.create(clean || "Elicitation workshop", hintsAlways ?? false);
        for (const id of challenges) await rooms.addChallenge(created.code, id);
        return { status: 201, body: created };
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
        if (joined === "closed") throw new HttpError(409, "The teacher has closed this room to new joins", { closed: true });
        if (joined === "ended") throw new HttpError(404, "This room has ended", { ended: true });
        if (joined === "no-room") throw new HttpError(404, `No room with code "${code}"`, { ended: false });
        return { status: 201, body: { learnerKey: joined.learnerKey, name: joined.name, code, rejoinToken: joined.rejoinToken } satisfies JoinedRoom };
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
        return roomStream(ctx.req, (send) => rooms.events.subscribe(room.code, "board", send), first);
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/lead$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        const change = parseBody(LeadChange, ctx.body);
        await courseItem(rooms, room.code, change.item);
        const lead = await rooms.lead(room, change);
        if (!lead) throw new HttpError(400, "Hints and solutions are released for challenges only");
        if (lead === "locked") throw new HttpError(409, "That item is locked: unlock it before sending everyone to it");
        return { status: 200, body: { lead } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/items$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        const { challengeId } = parseBody(AddRoomItem, ctx.body);
        const added = await rooms.addChallenge(room.code, challengeId);
        if (added !== "added") refuseUnusable(challengeId, added === "draft" ? { status: "draft" } : undefined);
        return { status: 200, body: { added: challengeId, items: await rooms.course.items(room.code) } };
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
        return { status: 200, body: await rooms.learnerRoom(learner.room, learner.name, learner) };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/me/events$`),
      async handle({ params, req }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        const first = { type: "room", room: await rooms.learnerRoom(learner.room, learner.name, learner) };
        // The room's event is one for all its learners: each stream puts in its own name and whether its hand is up.
        const own = (send: (payload: unknown) => void) => (payload: unknown) => {
          const { hands, ...event } = payload as { room: object; hands: number[] };
          send({ ...event, room: { ...event.room, name: learner.name, handRaised: hands.includes(learner.id) } });
        };
        return roomStream(
          req,
          (send, sink) => rooms.events.subscribe(learner.room_code, "room", own(send), { learner: learner.id, end: () => sink.end() }),
          first,
        );
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/activity$`),
      async handle({ params, req, body }) {
        const learner = await roomLearner(rooms, bearer(req), params[0]);
        if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
        await rooms.activity(learner, await readActivity(rooms, learner.room_code, body));
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
