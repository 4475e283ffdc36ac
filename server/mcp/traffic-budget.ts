// The byte budget all sessions' outside-traffic feeds share, so a busy playground's Wire feeds stay within one cap.

/** What the budget needs of a feed: its size, and a way to make it smaller. */
export type BudgetedFeed = { readonly bytes: number; dropOldest(): boolean };

/** One byte budget shared by every session's feed: over it, the largest feed gives up its oldest events. */
export class TrafficBudget {
  private feeds = new Set<BudgetedFeed>();
  used = 0;

  constructor(readonly totalBytes: number) {}

  join(feed: BudgetedFeed): void {
    this.feeds.add(feed);
  }

  leave(feed: BudgetedFeed): void {
    this.feeds.delete(feed);
    this.used -= feed.bytes;
  }

  /** Called after a feed grew: trims to 90% so a busy playground does not search the feeds on every event. */
  settle(): void {
    if (this.used <= this.totalBytes) return;
    const target = this.totalBytes * 0.9;
    while (this.used > target) {
      let largest: BudgetedFeed | undefined;
      for (const feed of this.feeds) if (!largest || feed.bytes > largest.bytes) largest = feed;
      if (!largest || !largest.dropOldest()) return;
    }
  }
}
