// Per-client rate limits without accounts: a token bucket per address. A bucket holds `burst` tokens and refills
// at `perMinute`; a request that finds it empty is told when to come back (429 + Retry-After).
import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond";

export type RateLimit = { name: string; perMinute: number; burst: number };
export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Keys beyond this many are dropped oldest first (full buckets go first), so a spoofed-address flood stays small. */
const MAX_KEYS = 20_000;

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly limit: RateLimit,
    private now: () => number = Date.now,
  ) {}

  /** Takes `cost` tokens from `key`'s bucket, or says how many seconds until there are enough. */
  take(key: string, cost = 1): Taken {
    const bucket = this.refill(key);
    if (!bucket || bucket.tokens >= cost) {
      if (bucket) bucket.tokens -= cost;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: this.wait(bucket, cost) };
  }

  /** Throws the 429 when `key`'s bucket is empty, taking nothing (a limit charged afterwards, for what a request turned out to be). */
  checkNotEmpty(key: string): void {
    const bucket = this.refill(key);
    if (bucket && bucket.tokens < 1) throw this.limited(this.wait(bucket, 1));
  }

  /** `key`'s bucket, refilled to now and moved to the back of the map's order; undefined when the limit is off. */
  private refill(key: string): { tokens: number; at: number } | undefined {
    const { perMinute, burst } = this.limit;
    if (perMinute <= 0 || burst <= 0) return undefined; // 0 switches the limit off
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000);
    bucket.at = now;
    this.buckets.delete(key); // re-insert: the map's order is least recently seen first
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_KEYS) this.trim();
    return bucket;
  }

  private wait(bucket: { tokens: number }, cost: number): number {
    return Math.max(1, Math.ceil(((cost - bucket.tokens) * 60) / this.limit.perMinute));
  }

  private limited(retryAfterSeconds: number): HttpError {
    return new HttpError(
      429,
      `Too many ${this.limit.name} from your address; try again in ${retryAfterSeconds} s`,
      { code: "RATE_LIMITED", retryAfterSeconds },
      { "retry-after": String(retryAfterSeconds) },
    );
  }

  /** Throws the 429 a route answers with when `key` is over the limit. */
  check(key: string, cost = 1): void {
    const taken = this.take(key, cost);
    if (!taken.ok) throw this.limited(taken.retryAfterSeconds);
  }

  get size(): number {
    return this.buckets.size;
  }

  private trim(): void {
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_KEYS * 0.9) return;
      this.buckets.delete(key);
    }
  }
}

/**
 * The client's address. Behind a proxy (TRUST_PROXY=1) it is the last X-Forwarded-For hop, the one our proxy
 * added; otherwise the socket's peer, since any client can write X-Forwarded-For.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}
