// /api/rooms, the teacher's roster and the room's other doors: the projector's counts (its own read-only key), the
// addresses learners can reach, remove / rename / merge learners, open and close joins, the help queue, and rejoin links.
import { HttpError } from "../http/respond";
import { cleanNickname } from "../rooms/codes";
import { projectorBoard } from "../rooms/board";
import type { Rooms } from "../rooms/rooms";
import { HandChange, HintReveal, JoinsChange, MergeLearner, Rejoin, RenameLearner, type JoinAddresses, type JoinedRoom } from "../../contract/rooms";
import { bearer, CODE, codeOf, learnerIdOf, liveTeacherRoom, projectorRoom, roomLearner, teacherRoom } from "./room-keys";
import { roomStream } from "./room-stream";
import { parseBody, type Route } from "./route";

const LEARNER = "(\\d{1,15})";

export function rosterRoutes(rooms: Rooms, addresses: () => JoinAddresses): Route[] {
  return [
    {
      method: "GET",
      path: /^\/api\/rooms\/join-addresses$/,
      async handle() {
        return { status: 200, body: addresses() };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/projector$`),
      async handle(ctx) {
        return { status: 200, body: await rooms.projector(await projectorRoom(rooms, ctx)) };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/projector/events$`),
      async handle(ctx) {
        const room = await projectorRoom(rooms, ctx);
        const first = { type: "projector", projector: await rooms.projector(room) };
        // The board's own rebuild, cut down to counts on the way out: no names or learner ids reach the projector.
        return roomStream(
          ctx.req,
          (send) => rooms.events.subscribe(room.code, "board", (e) => send({ type: "projector", projector: projectorBoard((e as { board: never }).board) })),
          first,
        );
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/learners/${LEARNER}/remove$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        if (!(await rooms.remove(room, learnerIdOf(ctx.params[1])))) throw new HttpError(404, "No such learner in this room");
        return { status: 200, body: { removed: true } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/learners/${LEARNER}/rename$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        const nickname = cleanNickname(parseBody(RenameLearner, ctx.body).name);
        if ("error" in nickname) throw new HttpError(400, nickname.error);
        const renamed = await rooms.rename(room, learnerIdOf(ctx.params[1]), nickname.name);
        if (renamed === "taken") throw new HttpError(409, `Another learner in this room is called "${nickname.name}"`);
        if (renamed === "unknown") throw new HttpError(404, "No such learner in this room");
        return { status: 200, body: { name: nickname.name } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/learners/${LEARNER}/merge$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        const { into } = parseBody(MergeLearner, ctx.body);
        const from = learnerIdOf(ctx.params[1]);
        if (from === into) throw new HttpError(400, "A learner cannot be merged into themself");
        if ((await rooms.merge(room, from, into)) === "unknown") throw new HttpError(404, "Both learners must be in this room");
        return { status: 200, body: { merged: true, into } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/joins$`),
      async handle(ctx) {
        const room = await liveTeacherRoom(rooms, ctx);
        const { open } = parseBody(JoinsChange, ctx.body);
        await rooms.setJoinsOpen(room, open);
        return { status: 200, body: { open } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/hand$`),
      async handle({ params, req, body }) {
        const change = parseBody(HandChange, body);
        const learner = await roomLearner(rooms, change.learnerKey ?? bearer(req), params[0]);
        if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
        const text = (change.text ?? "")
          .replace(/[\p{Cc}\p{Cf}]/gu, "")
          .replace(/\s+/g, " ")
          .trim();
        await rooms.raiseHand(learner, text);
        return { status: 200, body: { raised: true } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/hint-reveal$`),
      async handle({ params, req, body }) {
        const reveal = parseBody(HintReveal, body);
        const learner = await roomLearner(rooms, reveal.learnerKey ?? bearer(req), params[0]);
        if (learner.room.ended_at) throw new HttpError(404, "This room has ended");
        const counted = await rooms.revealHint(learner, reveal.item);
        if (counted === "held") throw new HttpError(409, "Your teacher has not released the hints of this challenge yet", { code: "HINTS_HELD" });
        if (counted === "not-checked") throw new HttpError(409, "Press Check on this challenge first: a hint follows a Check", { code: "NOT_CHECKED" });
        return { status: 200, body: { counted: true } };
      },
    },
    {
      method: "DELETE",
      path: new RegExp(`^/api/rooms/${CODE}/hand$`),
      async handle(ctx) {
        const change = parseBody(HandChange, ctx.body ?? {});
        // The teacher lowers a learner's hand by id; a learner lowers their own with their key.
        if (change.learner !== undefined) {
          const room = await liveTeacherRoom(rooms, ctx);
          await rooms.lowerHand(room.code, change.learner);
          return { status: 200, body: { lowered: true } };
        }
        const learner = await roomLearner(rooms, change.learnerKey ?? bearer(ctx.req), ctx.params[0]);
        await rooms.lowerHand(learner.room_code, learner.id);
        return { status: 200, body: { lowered: true } };
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/api/rooms/${CODE}/rejoin$`),
      rateLimit: "joins",
      async handle({ params, body }) {
        const code = codeOf(params[0]);
        const { token } = parseBody(Rejoin, body);
        const back = await rooms.rejoin(code, token);
        if (back === "unknown") throw new HttpError(404, "This rejoin link is not for this room, or its results were deleted");
        if (back === "removed") throw new HttpError(403, "The teacher removed you from this room");
        if (back === "full") throw new HttpError(409, "This room is full");
        const answer: JoinedRoom = { code, learnerKey: back.learnerKey, name: back.name, rejoinToken: token, item: back.item, files: back.files };
        return { status: 200, body: answer };
      },
    },
    {
      method: "GET",
      path: new RegExp(`^/api/rooms/${CODE}/learners/${LEARNER}/rejoin$`),
      async handle(ctx) {
        const room = await teacherRoom(rooms, ctx);
        const view = await rooms.store.learnerView(room.code, learnerIdOf(ctx.params[1]));
        if (!view?.rejoinToken) throw new HttpError(404, "No such learner in this room");
        return { status: 200, body: { token: view.rejoinToken, name: view.name } };
      },
    },
  ];
}
