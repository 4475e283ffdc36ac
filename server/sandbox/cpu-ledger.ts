// CPU accounting per session, not per call: the running time of every VM a session owns (its tool calls and loads,
// its official-SDK servers' timers, its test runs and checks) is drawn from one budget that refills each second. A
// session over budget waits before its next step starts, so only its own calls slow down. The ledger also counts the
// watchdog's stops: a session stopped twice in a minute is quarantined, and its VMs run on a worker of their own.

/** The time now and a timer: the host's, or a test's (server/testing/manual-clock.ts), so a wait takes no real time. */
export type CpuClock = { now(): number; setTimeout(fn: () => void, ms: number): unknown };
export const realCpuClock: CpuClock = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms).unref() };

/** A session's account: running time left (ms, negative when in debt) as of `at`, and what the ledger did to it. */
type Account = { left: number; at: number; waits: number; spentMs: number; stops: number[]; quarantined: boolean; inDebtAt: number };

/** Watchdog stops within this window that quarantine a session. */
const STOPS_TO_QUARANTINE = 2;
const STOP_WINDOW_MS = 60_000;
/** How long a session that went into debt stays apart: its next steps come once it has refilled, and belong there too. */
const APART_AFTER_DEBT_MS = 60_000;

export class CpuLedger {
  private accounts = new Map<string, Account>();
  /** Accounts held when the next sweep is due (amortised: the ledger never grows past twice what is in use). */
  private sweepAt = 100;

  constructor(
    /** Running time a session may use per second (CPU_BUDGET_MS_PER_SECOND); 0 switches the budget off. */
    private readonly msPerSecond: number,
    private readonly clock: CpuClock = realCpuClock,
    /** What a session may spend at once before it waits: four seconds of its budget (a test run of a few files). */
    private readonly burstMs = 4 * msPerSecond,
  ) {}

  /** Resolves once `owner` has running time left; a session over budget waits until its budget has refilled. */
  async admit(owner: string): Promise<void> {
    if (this.msPerSecond === 0) return;
    const account = this.refilled(owner);
    if (account.left > 0) return;
    account.waits++;
    while (this.refilled(owner).left <= 0) {
      const ms = Math.ceil(((1 - this.refilled(owner).left) * 1000) / this.msPerSecond);
      await new Promise<void>((resolve) => this.clock.setTimeout(resolve, ms));
    }
  }

  /** `owner`'s VMs ran guest code for `ms`; true when that took it into debt. */
  charge(owner: string, ms: number): boolean {
    const account = this.refilled(owner);
    const before = account.left;
    account.left -= ms;
    account.spentMs += ms;
    if (this.msPerSecond === 0 || account.left > 0) return false;
    account.inDebtAt = this.clock.now();
    return before > 0;
  }

  /** The watchdog stopped `owner`'s code; true when that quarantines it (its second stop within a minute). */
  stopped(owner: string): boolean {
    const account = this.refilled(owner);
    const now = this.clock.now();
    account.stops = [...account.stops.filter((at) => now - at < STOP_WINDOW_MS), now];
    if (account.quarantined || account.stops.length < STOPS_TO_QUARANTINE) return false;
    account.quarantined = true;
    return true;
  }

  /**
   * Whether `owner`'s new VMs open on the quarantine worker: it is quarantined, or was in debt within the last minute
   * (a test run's next files, once its endless tests have spent the budget, stop sharing a worker with bystanders).
   */
  keptApart(owner: string | undefined): boolean {
    const account = owner === undefined ? undefined : this.accounts.get(owner);
    return account !== undefined && (account.quarantined || this.clock.now() - account.inDebtAt < APART_AFTER_DEBT_MS);
  }

  /** What the ledger holds for `owner`: how often its steps waited, the running time it was charged, whether it is quarantined. */
  account(owner: string): { waits: number; spentMs: number; quarantined: boolean } {
    const { waits, spentMs, quarantined } = this.refilled(owner);
    return { waits, spentMs, quarantined };
  }

  /** The session closed: its account goes. */
  forget(owner: string): void {
    this.accounts.delete(owner);
  }

  /** Drops accounts a fresh one would equal: full again, not quarantined, no recent stop or debt (runs without a session). */
  private sweep(now: number): void {
    for (const [owner, a] of this.accounts) {
      const full = a.left + ((now - a.at) * this.msPerSecond) / 1000 >= this.burstMs;
      const quiet = a.stops.every((at) => now - at >= STOP_WINDOW_MS) && now - a.inDebtAt >= APART_AFTER_DEBT_MS;
      if (full && !a.quarantined && quiet) this.accounts.delete(owner);
    }
    this.sweepAt = 2 * this.accounts.size + 100;
  }

  private refilled(owner: string): Account {
    const now = this.clock.now();
    let account = this.accounts.get(owner);
    if (!account) {
      if (this.accounts.size >= this.sweepAt) this.sweep(now);
      account = { left: this.burstMs, at: now, waits: 0, spentMs: 0, stops: [], quarantined: false, inDebtAt: -Infinity };
      this.accounts.set(owner, account);
    }
    account.left = Math.min(this.burstMs, account.left + ((now - account.at) * this.msPerSecond) / 1000);
    account.at = now;
    return account;
  }
}
