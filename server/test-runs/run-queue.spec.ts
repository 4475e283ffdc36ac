// The run queue's turns, a run's budget and the host-work meter, driven by hand.
import { expect, test } from "vitest";
import { HostWorkMeter, RunBudget, RunQueue } from "./run-queue";

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}
const tick = () => new Promise((r) => setImmediate(r));

test("one owner never takes the last slot; owners take turns; a failure frees its slot", async () => {
  const queue = new RunQueue(3);
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const job = (owner: string, name: string, fail = false) =>
    queue.run(owner, async () => {
      started.push(name);
      const g = gate();
      gates.set(name, g);
      await g.promise;
      if (fail) throw new Error("boom");
      return name;
    });
  const a = ["a1", "a2", "a3", "a4", "a5"].map((n, i) => job("A", n, i === 0));
  await tick();
  expect(started).toEqual(["a1", "a2"]); // the third slot stays free
  const b = job("B", "b1");
  const c = job("C", "c1");
  await tick();
  expect(started).toEqual(["a1", "a2", "b1"]);
  gates.get("a1")!.open();
  await expect(a[0]).rejects.toThrow("boom");
  await tick();
  expect(started.at(-1)).toBe("c1"); // C's turn before A's third file
  for (const name of ["a2", "b1", "c1"]) gates.get(name)!.open();
  await tick();
  await tick();
  for (const name of ["a3", "a4"]) gates.get(name)?.open();
  await tick();
  await tick();
  gates.get("a5")?.open();
  await tick();
  gates.get("a5")?.open();
  expect(await Promise.all([...a.slice(1), b, c])).toEqual(["a2", "a3", "a4", "a5", "b1", "c1"]);
});

test("a run's budget counts the time its tests ran, not the time they waited", () => {
  const budget = new RunBudget({ budgetMs: 1000, hostWorkPerTestMs: 100, hostRequestsInFlight: 2 });
  expect(budget.exhausted()).toBe(false);
  budget.charge(800);
  expect(budget.spentMs).toBe(800);
  expect(budget.exhausted()).toBe(false);
  budget.charge(300);
  expect(budget.exhausted()).toBe(true);
  expect(budget.spentMs).toBe(1100);
});

test("a test's host work is capped, and at most a few requests run at once", async () => {
  let now = 0;
  const meter = new HostWorkMeter({ budgetMs: 1000, hostWorkPerTestMs: 100, hostRequestsInFlight: 2 }, () => now);
  let inFlight = 0;
  let peak = 0;
  const work = async () => {
    peak = Math.max(peak, ++inFlight);
    await tick();
    now += 30;
    inFlight--;
    return "ok";
  };
  const results = await Promise.allSettled(Array.from({ length: 10 }, () => meter.charge(work)));
  expect(peak).toBe(2);
  const refused = results.filter((r) => r.status === "rejected");
  expect(refused.length).toBeGreaterThan(0);
  expect((refused[0] as PromiseRejectedResult).reason.message).toMatch(/more than 100 ms of work/);
  meter.startTest();
  await expect(meter.charge(work)).resolves.toBe("ok");
});
