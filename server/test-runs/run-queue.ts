// Who runs test files, and for how long. A room pressing Run tests at once would otherwise open hundreds of
// sandbox VMs together; one learner's endless tests would otherwise hold every slot.
//
// Slots are shared fairly: a free slot goes to the waiting owner (a session) holding the fewest, ties in turn
// order, and one owner never holds the last free slot. Each run has a time budget counted in its tests' running time (not the time they wait), and the work a test asks the host to do is metered and capped.

type Waiter = () => void;

export class RunQueue {
  private running = 0;
  private held = new Map<string, number>();
  /** Owners with files waiting, in turn order; each owner's files in arrival order. */
  private waiting = new Map<string, Waiter[]>();

  constructor(
    private readonly limit: number,
    /** One slot stays free for a newcomer while a single owner is busy. */
    private readonly ownerLimit = Math.max(1, limit - 1),
  ) {}

  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit && (this.held.get(owner) ?? 0) < this.ownerLimit && !this.waiting.has(owner)) this.begin(owner);
    else await new Promise<void>((resolve) => this.waiting.set(owner, [...(this.waiting.get(owner) ?? []), resolve]));
    try {
      return await work();
    } finally {
      this.running--;
      const left = (this.held.get(owner) ?? 1) - 1;
      if (left) this.held.set(owner, left);
      else this.held.delete(owner);
      this.next();
    }
  }

  private begin(owner: string): void {
    this.running++;
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
  }

  /** Hands free slots to waiting owners in turn; an owner at its share waits. */
  private next(): void {
    while (this.running < this.limit) {
      // The waiting owner holding the fewest slots goes first; ties go by turn order.
      let owner: string | undefined;
      for (const o of this.waiting.keys()) {
        const held = this.held.get(o) ?? 0;
        if (held < this.ownerLimit && (owner === undefined || held < (this.held.get(owner) ?? 0))) owner = o;
      }
      if (owner === undefined) return;
      const queue = this.waiting.get(owner)!;
      const start = queue.shift()!;
      // The owner goes to the back of the turn order.
      this.waiting.delete(owner);
      if (queue.length) this.waiting.set(owner, queue);
      this.begin(owner);
      start();
    }
  }
}

export type RunLimits = { budgetMs: number; hostWorkPerTestMs: number; hostRequestsInFlight: number };

/**
 * One run's budget: the time its tests ran, as each test's own duration (a test waiting for a busy worker has not
 * started, so a bystander's quick run is not charged for a neighbour's loops), and the host work of each file's test.
 */
export class RunBudget {
  private usedMs = 0;

  constructor(
    readonly limits: RunLimits,
    private now: () => number = Date.now,
  ) {}

  /** Counts one finished test's running time against the budget. */
  charge(ms: number): void {
    this.usedMs += Math.max(0, ms);
  }

  get spentMs(): number {
    return this.usedMs;
  }

  exhausted(): boolean {
    return this.spentMs > this.limits.budgetMs;
  }

  /** A meter for the host work one file's tests ask for (its fixture clients and their calls). */
  hostMeter(): HostWorkMeter {
    return new HostWorkMeter(this.limits, this.now);
  }
}

/**
 * Host work asked for by the test now running: at most `hostRequestsInFlight` at once, and once the test has had
 * `hostWorkPerTestMs` of it, further requests are refused with a message the test reports.
 */
export class HostWorkMeter {
  private usedMs = 0;
  private inFlight = 0;
  private queued: Waiter[] = [];

  constructor(
    private limits: RunLimits,
    private now: () => number,
  ) {}

  /** A new test starts: its own allowance. */
  startTest(): void {
    this.usedMs = 0;
  }

  async charge<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.limits.hostRequestsInFlight) await new Promise<void>((resolve) => this.queued.push(resolve));
    else this.inFlight++;
    try {
      if (this.usedMs > this.limits.hostWorkPerTestMs)
        throw new Error(
          `This test asked the host for more than ${this.limits.hostWorkPerTestMs} ms of work (fixture clients and their calls); the rest was refused`,
        );
      const started = this.now();
      try {
        return await work();
      } finally {
        this.usedMs += this.now() - started;
      }
    } finally {
      const next = this.queued.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
