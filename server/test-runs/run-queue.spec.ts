import { expect, test } from "vitest";
import { RunQueue } from "./run-queue";

test("runs at most `limit` at once, in arrival order, and frees the slot on failure", async () => {
  const queue = new RunQueue(2);
  let inFlight = 0;
  let peak = 0;
  const started: number[] = [];
  // Node 20 has no Promise.withResolvers.
  const gates = Array.from({ length: 5 }, () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  const runs = gates.map((gate, i) =>
    queue.run(async () => {
      started.push(i);
      peak = Math.max(peak, ++inFlight);
      await gate.promise;
      inFlight--;
      if (i === 1) throw new Error("boom");
      return i;
    }),
  );
  await Promise.resolve();
  expect(started).toEqual([0, 1]);
  gates[1].resolve();
  await expect(runs[1]).rejects.toThrow("boom");
  await Promise.resolve();
  expect(started).toEqual([0, 1, 2]);
  for (const gate of gates) gate.resolve();
  expect(await Promise.all([runs[0], runs[2], runs[3], runs[4]])).toEqual([0, 2, 3, 4]);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(peak).toBe(2);
});
