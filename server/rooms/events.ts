// Live room events: every change is a NOTIFY on one channel, so the teacher's stream gets it whichever instance the
// learner's request reached. Each instance LISTENs once and fans out to its own subscribers, rebuilding a room's
// payload once per burst of changes (one rebuild running, at most one queued) rather than once per change.
import type { Database } from "../db/database";

export const ROOM_CHANNEL = "playground_rooms";
/**
 * Every change reaches the board; a "room" change (the lead, an end) reaches learners' pages too. `close` names
 * learners whose own streams end at once (removed, left, renamed or merged: their page reconnects, or is refused).
 */
export type RoomChange = { code: string; kind: "board" | "room"; close?: number[] };

/** `learner` and `end` belong to a learner's own stream, so a change can close it. */
type Subscriber = { kind: RoomChange["kind"]; send(payload: unknown): void; learner?: number; end?: () => void };
/** A change's NOTIFY as parameters, for a statement that writes the change to announce it in the same round trip. */
export type Announcement = { channel: string; payload: string };
type Rebuild = (code: string, kind: RoomChange["kind"]) => Promise<unknown>;

/**
 * The NOTIFY of a change, for the store to send in the statement that writes it (`pg_notify` in the same
 * statement): on PGlite each statement is a round of the database's protocol on this thread, so a NOTIFY of its
 * own would cost a room's burst of checks a second round per check.
 */
export function announcement(code: string, kind: RoomChange["kind"], close?: number[]): Announcement {
  return { channel: ROOM_CHANNEL, payload: JSON.stringify({ code, kind, ...(close?.length && { close }) } satisfies RoomChange) };
}

export class RoomEvents {
  private subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<unknown> | undefined;
  private pending = new Map<string, { running: boolean; again: Set<RoomChange["kind"]> }>();

  constructor(
    private readonly db: Database,
    private readonly rebuild: Rebuild,
  ) {}

  async subscribe(code: string, kind: RoomChange["kind"], send: (payload: unknown) => void, own?: { learner: number; end(): void }): Promise<() => void> {
    this.listening ??= this.db
      .listen(ROOM_CHANNEL, (payload) => this.onNotify(payload))
      .catch((error) => {
        this.listening = undefined;
        throw error;
      });
    await this.listening;
    const subscriber: Subscriber = { kind, send, ...own };
    let set = this.subscribers.get(code);
    if (!set) this.subscribers.set(code, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (!set.size && this.subscribers.get(code) === set) this.subscribers.delete(code);
    };
  }

  /** Rooms with a teacher's board open here: time alone moves their stuck marks. */
  watchedRooms(): string[] {
    return [...this.subscribers.entries()].filter(([, set]) => [...set].some((s) => s.kind === "board")).map(([code]) => code);
  }

  /** Rebuilds and sends a room's board though nothing was written (its stuck marks moved with time). */
  refresh(code: string): void {
    if (this.subscribers.has(code)) this.schedule(code, "board");
  }

  count(code: string, kind: RoomChange["kind"]): number {
    return [...(this.subscribers.get(code) ?? [])].filter((s) => s.kind === kind).length;
  }

  private onNotify(payload: string): void {
    let change: RoomChange;
    try {
      change = JSON.parse(payload) as RoomChange;
    } catch {
      return;
    }
    const subscribers = this.subscribers.get(change.code);
    if (!subscribers) return;
    const closing = new Set(change.close ?? []);
    for (const s of [...subscribers]) if (s.learner !== undefined && closing.has(s.learner)) subscribers.delete(s), s.end?.();
    this.schedule(change.code, "board");
    if (change.kind === "room") this.schedule(change.code, "room");
  }

  private schedule(code: string, kind: RoomChange["kind"]): void {
    const key = `${code}\n${kind}`;
    const state = this.pending.get(key);
    if (state?.running) return void state.again.add(kind);
    const run = { running: true, again: new Set<RoomChange["kind"]>() };
    this.pending.set(key, run);
    void (async () => {
      do {
        run.again.clear();
        const targets = [...(this.subscribers.get(code) ?? [])].filter((s) => s.kind === kind);
        if (!targets.length) break;
        try {
          const payload = await this.rebuild(code, kind);
          for (const target of targets) target.send(payload);
        } catch (error) {
          console.error(`Room ${code}: could not rebuild the ${kind} event:`, (error as Error).message);
        }
      } while (run.again.size);
      this.pending.delete(key);
    })();
  }
}
