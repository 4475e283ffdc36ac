// Who a /api/rooms request speaks for: the room's teacher, its projector, or one of its learners. Keys travel as
// `Authorization: Bearer <key>` (a check and a raised hand may carry the learner key in the body instead).
import type { IncomingMessage } from "node:http";
import { HttpError } from "../http/respond";
import { normalizeRoomCode } from "../rooms/codes";
import type { Rooms } from "../rooms/rooms";
import type { LearnerRow, RoomRow } from "../rooms/store";
import type { RouteContext } from "./route";

/** A room code in a route's path. */
export const CODE = "([^/]+)";

export function bearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return m?.[1];
}

export function codeOf(raw: string): string {
  const code = normalizeRoomCode(raw);
  if (!code) throw new HttpError(404, `No room with code "${raw.slice(0, 20)}"`);
  return code;
}

export async function roomOr404(rooms: Rooms, raw: string): Promise<RoomRow> {
  const room = await rooms.store.room(codeOf(raw));
  if (!room) throw new HttpError(404, `No room with code "${raw.slice(0, 20)}"`);
  return room;
}

/** The room, when the request carries its teacher key (the projector key is refused); 410 once its results are deleted. */
export async function teacherRoom(rooms: Rooms, ctx: RouteContext): Promise<RoomRow> {
  const room = await roomOr404(rooms, ctx.params[0]);
  const key = bearer(ctx.req);
  if (!key) throw new HttpError(401, "This needs the room's teacher key (Authorization: Bearer <teacher key>)");
  if (!rooms.store.isTeacher(room, key)) {
    if (rooms.store.isProjector(room, key)) throw new HttpError(403, "The projector key only reads the projector view; this needs the teacher key");
    throw new HttpError(403, "This key is not this room's teacher key");
  }
  if (rooms.resultsGone(room)) throw new HttpError(410, "This room ended and its results have been deleted");
  return room;
}

/** A live room the teacher may still change. */
export async function liveTeacherRoom(rooms: Rooms, ctx: RouteContext): Promise<RoomRow> {
  const room = await teacherRoom(rooms, ctx);
  if (room.ended_at) throw new HttpError(409, "This room has ended");
  return room;
}

/** The room, when the request carries its projector key or its teacher key. */
export async function projectorRoom(rooms: Rooms, ctx: RouteContext): Promise<RoomRow> {
  const room = await roomOr404(rooms, ctx.params[0]);
  const key = bearer(ctx.req);
  if (!key) throw new HttpError(401, "This needs the room's projector key (Authorization: Bearer <projector key>)");
  if (!rooms.store.isProjector(room, key) && !rooms.store.isTeacher(room, key)) throw new HttpError(403, "This key is not this room's projector key");
  return room;
}

/** The learner a learner key speaks for; `code`, when given, must be their room. */
export async function roomLearner(rooms: Rooms, key: unknown, code?: string): Promise<LearnerRow & { room: RoomRow }> {
  if (typeof key !== "string" || key === "") throw new HttpError(401, "This needs your learner key");
  const learner = await rooms.store.learnerByKey(key);
  if (!learner || rooms.resultsGone(learner.room))
    throw new HttpError(403, "This learner key is not in any room (you left it, the teacher removed you, or its results were deleted)");
  if (code !== undefined && learner.room_code !== normalizeRoomCode(code)) throw new HttpError(403, "This learner key belongs to another room");
  return learner;
}

/** A check sent with a learner key: who to record it for, refused before anything runs when it cannot be recorded. */
export async function checkingLearner(rooms: Rooms, key: unknown, challenge: string): Promise<(LearnerRow & { room: RoomRow }) | undefined> {
  if (key === undefined) return undefined;
  const learner = await roomLearner(rooms, key);
  if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
  if (learner.room.lead.locked.includes(challenge)) throw new HttpError(423, "The teacher has locked this challenge for now");
  return learner;
}

/** A learner id from the path, for a teacher route. */
export function learnerIdOf(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, "No such learner in this room");
  return id;
}
