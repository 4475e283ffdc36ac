// A per-address token bucket: `burst` requests at once, then `perSecond`. Small on purpose; a general limiter in
// server/http may replace it (the interface is one call).
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perSecond: number, private readonly burst: number, private readonly now: () => number = Date.now) {}

  /** Takes one token for `address`; when none is left, the whole seconds until one is. */
  take(address: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    const bucket = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(address, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) };
  }

  /** Buckets that have refilled are the same as no bucket: drop them so a scan of many addresses cannot grow memory. */
  private forgetFull(now: number): void {
    for (const [address, bucket] of this.buckets)
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(address);
  }
}
