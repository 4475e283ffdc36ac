// A clock for tests: timers fire only when the test moves time on, so "30 seconds later" takes no time at all.
import type { Clock } from "../mcp/official/instance";

export class ManualClock implements Clock {
  private elapsed = 0;

  /** `epoch`: the time (ms since 1970) `now()` starts from, for code that compares it with times a database wrote. */
  constructor(private readonly epoch = 0) {}

  now(): number {
    return this.epoch + this.elapsed;
  }

  private timers = new Map<number, { due: number; fn: () => void }>();
  private nextId = 1;

  setTimeout(fn: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { due: this.elapsed + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time on by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.elapsed + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.due <= until).sort((a, b) => a[1].due - b[1].due)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.elapsed = next[1].due;
      next[1].fn();
    }
    this.elapsed = until;
  }

  get pending(): number {
    return this.timers.size;
  }
}
