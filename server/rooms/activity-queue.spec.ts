// A learner's activity writes are coalesced: one in flight, the rest merged into the next.
import { expect, test } from "vitest";
import { ActivityQueue, mergeActivity } from "./activity-queue";
import type { RoomActivity } from "../../contract/rooms";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test("a flood of one learner's activity while a write is in flight makes one more write, merged per item, last item last", async () => {
  const written: RoomActivity[] = [];
  const first = gate();
  const queue = new ActivityQueue<{ id: number }>(async (_, activity) => {
    if (!written.length) await first.opened;
    written.push(activity);
  });
  const ann = { id: 1 };
  const done = [queue.submit(ann, { item: "a", event: "opened" })];
  for (let i = 0; i < 20; i++) done.push(queue.submit(ann, { item: "b", event: i === 3 ? "tried" : "opened", files: { "x.ts": String(i) } }));
  done.push(queue.submit(ann, { item: "c", event: "opened", problem: { kind: "compile", text: "oops" } }));
  done.push(queue.submit(ann, { item: "b", event: "opened" }));
  first.open();
  await Promise.all(done);
  expect(written.map((w) => w.item)).toEqual(["a", "c", "b"]);
  expect(written[2]).toEqual({ item: "b", event: "tried", files: { "x.ts": "19" } });
  expect(written[1].problem).toEqual({ kind: "compile", text: "oops" });
});

test("two learners' writes do not wait for each other, and a failed write fails only its own callers", async () => {
  const queue = new ActivityQueue<{ id: number }>(async (learner) => {
    if (learner.id === 2) throw new Error("no");
  });
  await expect(queue.submit({ id: 2 }, { item: "a", event: "opened" })).rejects.toThrow("no");
  await expect(queue.submit({ id: 1 }, { item: "a", event: "opened" })).resolves.toBeUndefined();
  await expect(queue.submit({ id: 2 }, { item: "a", event: "opened" })).rejects.toThrow("no");
});

test("merging: tried wins over opened, a null problem (cleared) is kept, the latest code and call win", () => {
  const call = { label: "x", exchanges: [] };
  expect(mergeActivity({ item: "a", event: "tried", problem: { kind: "tool", text: "t" }, call }, { item: "a", event: "opened", problem: null })).toEqual({
    item: "a",
    event: "tried",
    problem: null,
    call,
  });
});
