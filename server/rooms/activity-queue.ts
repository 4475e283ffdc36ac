// A learner's activity writes, coalesced: one write per learner in flight at a time, and whatever arrives meanwhile
// merged into the next one (per item: "tried" wins over "opened", the latest problem, code and call win). A learner's
// page flooding the route costs one write (and one board rebuild) per database round trip, not one per request.
import type { RoomActivity } from "../../contract/rooms";

type Batch = { items: Map<string, RoomActivity>; done: Promise<void> };
type Writer = { id: number };

export function mergeActivity(into: RoomActivity | undefined, next: RoomActivity): RoomActivity {
  if (!into) return next;
  return {
    item: next.item,
    event: into.event === "tried" || next.event === "tried" ? "tried" : "opened",
    ...((next.problem !== undefined || into.problem !== undefined) && { problem: next.problem !== undefined ? next.problem : into.problem }),
    ...((next.files ?? into.files) && { files: next.files ?? into.files }),
    ...((next.call ?? into.call) && { call: next.call ?? into.call }),
  };
}

export class ActivityQueue<W extends Writer> {
  private running = new Map<number, Promise<void>>();
  private waiting = new Map<number, Batch>();

  constructor(private readonly write: (writer: W, activity: RoomActivity) => Promise<void>) {}

  /** Resolves once a write that includes this activity has been made. */
  submit(writer: W, activity: RoomActivity): Promise<void> {
    const learnerId = writer.id;
    const queued = this.waiting.get(learnerId);
    if (queued) {
      const merged = mergeActivity(queued.items.get(activity.item), activity);
      // Re-inserted so the item written last is the one the learner is on now.
      queued.items.delete(activity.item);
      queued.items.set(activity.item, merged);
      return queued.done;
    }
    const items = new Map([[activity.item, activity]]);
    const writeAll = async () => {
      for (const item of items.values()) await this.write(writer, item);
    };
    const before = this.running.get(learnerId);
    let done: Promise<void>;
    if (before) {
      // Takes more activity until the write before it ends; then it stops taking and writes.
      const batch: Batch = { items, done: Promise.resolve() };
      this.waiting.set(learnerId, batch);
      done = batch.done = before
        .catch(() => undefined)
        .then(() => {
          this.waiting.delete(learnerId);
          return writeAll();
        });
    } else done = writeAll();
    this.running.set(learnerId, done);
    done.then(
      () => this.running.get(learnerId) === done && this.running.delete(learnerId),
      () => this.running.get(learnerId) === done && this.running.delete(learnerId),
    );
    return done;
  }
}
