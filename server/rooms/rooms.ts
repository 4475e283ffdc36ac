// Rooms: the one object routes use. Ties the store, the roster, the course catalog, the board and live events together.
import type { Database } from "../db/database";
import { ChallengeStore } from "../authoring/challenge-store";
import { isLessonId } from "../lessons/catalog";
import { authoredSummary, Course } from "../lessons/course";
import { realTimedClock, type TimedClock } from "../mcp/official/instance";
import { ActivityQueue } from "./activity-queue";
import { buildBoard, projectorBoard, type StuckRule } from "./board";
import { announcement, RoomEvents } from "./events";
import { heldHints } from "./hints";
import { RosterStore, type Rejoined } from "./roster-store";
import { RoomStore, type Joined, type LearnerRow, type RoomRow } from "./store";
import { itemState } from "../../contract/verdicts";
import type {
  Board,
  CheckReportShape,
  LeadChange,
  LearnerRoom,
  LearnerSummary,
  ProjectorBoard,
  ReleasedHelp,
  RoomActivity,
  RoomLead,
} from "../../contract/rooms";

export type RoomOptions = { maxLearners: number; resultsMs: number; stuck: StuckRule; clock?: TimedClock };
export const DEFAULT_ROOM_OPTIONS: RoomOptions = { maxLearners: 1000, resultsMs: 7 * 86_400_000, stuck: { tryingMs: 600_000, idleMs: 300_000 } };

/** Boards with a teacher watching are rebuilt this often (or at half the shortest stuck time), so stuck marks appear without a write. */
const STUCK_REFRESH_MS = 30_000;
const SWEEP_MS = 3_600_000;

export class Rooms {
  readonly store: RoomStore;
  readonly roster: RosterStore;
  readonly events: RoomEvents;
  /** The course with teachers' challenges: a room's items, their text and their hidden material. */
  readonly course: Course;
  private readonly activities: ActivityQueue<LearnerRow>;
  private timers: unknown[] = [];
  private clockNow: TimedClock;

  constructor(
    db: Database,
    readonly options: RoomOptions = DEFAULT_ROOM_OPTIONS,
  ) {
    this.clockNow = options.clock ?? realTimedClock;
    this.store = new RoomStore(db, options.maxLearners);
    this.roster = new RosterStore(db, options.maxLearners);
    this.course = new Course(new ChallengeStore(db));
    this.events = new RoomEvents(db, async (code, kind) => {
      const room = await this.store.room(code);
      if (!room) throw new Error("room is gone");
      if (kind === "board") return { type: "board", board: await this.board(room) };
      const learners = await this.store.learners(code);
      return { type: "room", room: await this.learnerRoom(room, ""), hands: learners.filter((l) => l.hand_raised_at && !l.left_at).map((l) => l.id) };
    });
    this.activities = new ActivityQueue<LearnerRow>((learner, activity) => this.writeActivity(learner, activity));
  }

  /** Starts the clock's timers: watched boards refreshed for stuck marks, ended rooms' results deleted when due. */
  start(clock: TimedClock = this.clockNow): void {
    this.clockNow = clock;
    this.stop();
    const every = (ms: number, work: () => unknown) => {
      const tick = () => {
        Promise.resolve()
          .then(work)
          .catch((error: Error) => console.error("Rooms:", error.message))
          .finally(() => this.timers.length && this.timers.push(clock.setTimeout(tick, ms)));
      };
      this.timers.push(clock.setTimeout(tick, ms));
    };
    const { tryingMs, idleMs } = this.options.stuck;
    every(Math.max(1000, Math.min(STUCK_REFRESH_MS, tryingMs / 2, idleMs / 2)), () => this.events.watchedRooms().forEach((code) => this.events.refresh(code)));
    every(SWEEP_MS, () => this.deleteExpiredResults());
  }

  stop(): void {
    const timers = this.timers;
    this.timers = [];
    for (const t of timers) this.clockNow.clearTimeout(t);
  }

  now(): Date {
    return new Date(this.clockNow.now());
  }

  /** Ended rooms past ROOM_RESULTS_DAYS lose their learners and results. */
  deleteExpiredResults(): Promise<number> {
    return this.store.deleteEndedBefore(new Date(this.clockNow.now() - this.options.resultsMs));
  }

  /** Whether an ended room's results have been (or are due to be) deleted. */
  resultsGone(room: RoomRow): boolean {
    return room.ended_at !== null && room.ended_at.getTime() + this.options.resultsMs <= this.clockNow.now();
  }

  async board(room: RoomRow): Promise<Board> {
    const items = await this.course.items(room.code);
    const checkNames = new Map<string, string[]>();
    for (const item of items) if (item.kind === "challenge") checkNames.set(item.id, (await this.course.material(item.id))?.checkNames ?? []);
    const [learners, progress, current, attempts] = await Promise.all([
      this.store.learners(room.code),
      this.store.progress(room.code),
      this.store.currentItems(room.code),
      this.roster.attempts(room.code),
    ]);
    return buildBoard({
      room,
      items,
      checkNames,
      learners,
      progress,
      current,
      attempts: new Map(attempts.map((a) => [a.item, a.attempts])),
      now: this.now(),
      stuck: this.options.stuck,
      maxLearners: this.options.maxLearners,
      resultsMs: this.options.resultsMs,
    });
  }

  async projector(room: RoomRow): Promise<ProjectorBoard> {
    return projectorBoard(await this.board(room));
  }

  /** What a learner's page needs: the room, what the teacher leads, the help released so far, and after the end their results. */
  async learnerRoom(room: RoomRow, name: string, learner?: LearnerRow): Promise<LearnerRoom> {
    const released: Record<string, ReleasedHelp> = {};
    for (const [id, what] of Object.entries(room.lead.released)) {
      const material = isLessonId(id) ? await this.course.material(id) : undefined;
      if (!material) continue;
      released[id] = what === "solution" ? { hints: material.hints, solution: material.solution } : { hints: material.hints };
    }
    const challenges = (await this.course.authored.inRoom(room.code)).map(authoredSummary);
    const base = {
      code: room.code,
      title: room.title,
      name,
      ended: room.ended_at !== null,
      lead: room.lead,
      released,
      handRaised: !!learner?.hand_raised_at,
      challenges,
    };
    return learner && room.ended_at ? { ...base, summary: await this.summary(learner) } : base;
  }

  private async summary(learner: LearnerRow): Promise<LearnerSummary> {
    const rows = await this.roster.learnerProgress(learner.id);
    const titles = new Map((await this.course.items(learner.room_code)).map((l) => [l.id, l.title]));
    const items = rows.map((r) => ({
      id: r.item,
      title: titles.get(r.item) ?? r.item,
      state: itemState({ opened: r.opened, tried: r.tried, passesNow: r.passes_now, firstPassedAt: r.first_passed_at?.toISOString() }),
    }));
    return { passed: items.filter((i) => i.state === "passes-now").length, tried: items.filter((i) => i.state !== "opened").length, items };
  }

  /**
   * Applies a teacher's lead change, written and announced in one statement (see RoomStore.setLead); a "room" change,
   * so learners' pages hear it. Undefined when it names no lesson or challenge of the course; "locked" when it would
   * send everyone to an item that is locked.
   */
  async lead(room: RoomRow, change: LeadChange): Promise<RoomLead | "locked" | undefined> {
    const item = await this.course.item(room.code, change.item);
    if (!item) return undefined;
    const lead: RoomLead = { ...room.lead, locked: [...room.lead.locked], released: { ...room.lead.released } };
    if (change.action === "open") {
      if (lead.locked.includes(item.id)) return "locked";
      lead.lesson = { id: item.id, seq: (room.lead.lesson?.seq ?? 0) + 1 };
    } else if (change.action === "lock") lead.locked = [...new Set([...lead.locked, item.id])];
    else if (change.action === "unlock") lead.locked = lead.locked.filter((id) => id !== item.id);
    else if (change.action === "release") {
      if (item.kind !== "challenge") return undefined;
      lead.released[item.id] = change.what;
    } else delete lead.released[item.id];
    await this.store.setLead(room.code, lead, announcement(room.code, "room"));
    return lead;
  }

  /** A teacher's published challenge joins the room's menu and board; learners' pages and the board hear it. */
  addChallenge(code: string, id: string): Promise<"added" | "not-found" | "draft"> {
    return this.course.authored.addToRoom(code, id, announcement(code, "room"));
  }

  /** Joins a live room (see RoomStore.join), the board told in the same statement. */
  join(code: string, name: string): Promise<Joined> {
    return this.store.join(code, name, this.now(), announcement(code, "board"));
  }

  /** A rejoin link opened: the learner's streams under the old key close (see RosterStore.rejoin). */
  async rejoin(code: string, token: string): Promise<Rejoined> {
    // The learner's id is known only once the token is looked up: the streams under the old key close with the board told.
    return this.roster.rejoin(code, token, this.now(), (id) => announcement(code, "board", [id]));
  }

  /** A learner leaves (see RoomStore.leave), the board told and their streams closed in the same statement. */
  leave(learner: LearnerRow): Promise<void> {
    return this.store.leave(learner.id, announcement(learner.room_code, "board", [learner.id]));
  }

  remove(room: RoomRow, learnerId: number): Promise<boolean> {
    return this.roster.remove(room.code, learnerId, this.now(), announcement(room.code, "room", [learnerId]));
  }

  rename(room: RoomRow, learnerId: number, name: string) {
    return this.roster.rename(room.code, learnerId, name, announcement(room.code, "board", [learnerId]));
  }

  merge(room: RoomRow, from: number, into: number) {
    return this.roster.merge(room.code, from, into, this.now(), announcement(room.code, "room", [from, into]));
  }

  setJoinsOpen(room: RoomRow, open: boolean): Promise<boolean> {
    return this.roster.setJoinsOpen(room.code, open, announcement(room.code, "board"));
  }

  raiseHand(learner: LearnerRow, text: string): Promise<void> {
    return this.roster.raiseHand(learner.id, text, this.now(), announcement(learner.room_code, "room"));
  }

  /** A reveal counts only where the room shows this item's hints: released by the teacher, or always on. */
  async revealHint(learner: LearnerRow & { room: RoomRow }, item: string): Promise<"counted" | "held" | "not-checked"> {
    if (!this.hintsShown(learner.room, item)) return "held";
    return (await this.roster.revealHint(learner.id, item, announcement(learner.room_code, "board"))) ? "counted" : "not-checked";
  }

  lowerHand(code: string, learnerId: number): Promise<void> {
    return this.roster.lowerHand(code, learnerId, announcement(code, "room"));
  }

  /** Ends a room (see RoomStore.end); a "room" change, so learners' pages hear it as well as the board. */
  end(code: string): Promise<void> {
    return this.store.end(code, this.now(), announcement(code, "room"));
  }

  /** Records a learner's activity, coalesced with their other writes (see ActivityQueue). */
  activity(learner: LearnerRow, activity: RoomActivity): Promise<void> {
    return this.activities.submit(learner, activity);
  }

  private async writeActivity(learner: LearnerRow, activity: RoomActivity): Promise<void> {
    const touch = { now: this.now(), tried: activity.event === "tried", starter: await this.isStarter(activity.item, activity.files) };
    await this.store.recordActivity(learner.id, activity, announcement(learner.room_code, "board"), touch);
  }

  async recordCheck(learner: LearnerRow, item: string, report: CheckReportShape, files: Record<string, string>): Promise<void> {
    const touch = { now: this.now(), tried: true, starter: await this.isStarter(item, files) };
    await this.store.recordCheck(learner.id, item, report, files, announcement(learner.room_code, "board"), touch);
  }

  /** A Check report as a learner in this room may see it: hints held until released, unless the room has them always on. */
  reportFor<R extends CheckReportShape>(room: RoomRow, item: string, report: R): R {
    return this.hintsShown(room, item) ? report : heldHints(report);
  }

  private hintsShown(room: RoomRow, item: string): boolean {
    return room.hints_always || !!room.lead.released[item];
  }

  /** Whether the files sent are still the item's starter code; undefined when no files were sent. */
  private async isStarter(item: string, files: Record<string, string> | undefined): Promise<boolean | undefined> {
    if (!files) return undefined;
    const starter = (await this.course.lesson(item))?.files;
    if (!starter) return undefined;
    const names = Object.keys(files);
    return names.length === Object.keys(starter).length && names.every((name) => starter[name] === files[name]);
  }
}
