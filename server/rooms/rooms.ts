// Rooms: the one object routes use. Ties the store, the course catalog, the board and live events together.
import type { Database } from "../db/database";
import { getChallengeMaterial, isLessonId, listLessons } from "../lessons/catalog";
import { buildBoard } from "./board";
import { announcement, RoomEvents } from "./events";
import { RoomStore, type Joined, type LearnerRow, type RoomRow } from "./store";
import type { Board, CheckReportShape, LeadChange, LearnerRoom, ReleasedHelp, RoomActivity, RoomLead } from "../../contract/rooms";

export class Rooms {
  readonly store: RoomStore;
  readonly events: RoomEvents;

  constructor(db: Database) {
    this.store = new RoomStore(db);
    this.events = new RoomEvents(db, async (code, kind) => {
      const room = await this.store.room(code);
      if (!room) throw new Error("room is gone");
      return kind === "board" ? { type: "board", board: await this.board(room) } : { type: "room", room: await this.learnerRoom(room, "") };
    });
  }

  async board(room: RoomRow): Promise<Board> {
    const items = await listLessons();
    const checkNames = new Map<string, string[]>();
    for (const item of items) if (item.kind === "challenge") checkNames.set(item.id, (await getChallengeMaterial(item.id))?.checkNames ?? []);
    const [learners, progress, current] = await Promise.all([
      this.store.learners(room.code),
      this.store.progress(room.code),
      this.store.currentItems(room.code),
    ]);
    return buildBoard({ room, items, checkNames, learners, progress, current });
  }

  /** What a learner's page needs: the room, what the teacher leads, and the help released so far. */
  async learnerRoom(room: RoomRow, name: string): Promise<LearnerRoom> {
    const released: Record<string, ReleasedHelp> = {};
    for (const [id, what] of Object.entries(room.lead.released)) {
      const material = isLessonId(id) ? await getChallengeMaterial(id) : undefined;
      if (!material) continue;
      released[id] = what === "solution" ? { hints: material.hints, solution: material.solution } : { hints: material.hints };
    }
    return { code: room.code, title: room.title, name, ended: room.ended_at !== null, lead: room.lead, released };
  }

  /**
   * Applies a teacher's lead change, written and announced in one statement (see RoomStore.setLead); a "room" change,
   * so learners' pages hear it. Undefined when it names no lesson or challenge of the course.
   */
  async lead(room: RoomRow, change: LeadChange): Promise<RoomLead | undefined> {
    const item = (await listLessons()).find((i) => i.id === change.item);
    if (!item) return undefined;
    const lead: RoomLead = { ...room.lead, locked: [...room.lead.locked], released: { ...room.lead.released } };
    if (change.action === "open") lead.lesson = { id: item.id, seq: (room.lead.lesson?.seq ?? 0) + 1 };
    else if (change.action === "lock") lead.locked = [...new Set([...lead.locked, item.id])];
    else if (change.action === "unlock") lead.locked = lead.locked.filter((id) => id !== item.id);
    else if (change.action === "release") {
      if (item.kind !== "challenge") return undefined;
      lead.released[item.id] = change.what;
    } else delete lead.released[item.id];
    await this.store.setLead(room.code, lead, announcement(room.code, "room"));
    return lead;
  }

  /** Joins a live room (see RoomStore.join), the board told in the same statement. */
  join(code: string, name: string): Promise<Joined> {
    return this.store.join(code, name, announcement(code, "board"));
  }

  /** A learner leaves (see RoomStore.leave), the board told in the same statement. */
  leave(learner: LearnerRow): Promise<void> {
    return this.store.leave(learner.id, announcement(learner.room_code, "board"));
  }

  /** Ends a room (see RoomStore.end); a "room" change, so learners' pages hear it as well as the board. */
  end(code: string): Promise<void> {
    return this.store.end(code, announcement(code, "room"));
  }

  async activity(learner: LearnerRow, activity: RoomActivity): Promise<void> {
    await this.store.recordActivity(learner.id, activity, announcement(learner.room_code, "board"));
  }

  async recordCheck(learner: LearnerRow, item: string, report: CheckReportShape, files: Record<string, string>): Promise<void> {
    await this.store.recordCheck(learner.id, item, report, files, announcement(learner.room_code, "board"));
  }
}
