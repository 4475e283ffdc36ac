// All live sessions: 128-bit random ids, idle expiry, and a cap on sessions that count.
//
// A session counts once it has a good build and is used again after the request that created it: uploads that
// never compile, or sessions nobody comes back to, wait in a provisional pool of their own (oldest go first) and
// cannot push a learner out. When the cap on counted sessions is reached, the least recently used idle one goes;
// one used within SESSION_ACTIVE_MINUTES goes only when no idle one is left, and then only one of the same client's
// (the client whose new session needs the slot): one client's new sessions never push out another's active learner.
// A client holds at most SESSIONS_PER_CLIENT sessions; past it, its own idle ones go, or it is told to wait.
import { randomBytes } from "node:crypto";
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import type { PlaygroundConfig } from "../config";
import { HttpError } from "../http/respond";
import { MemoryConsumedStates, type ConsumedStates, type FlowState } from "../mcp/request-state";
import { createSessionEndpoint } from "../mcp/session-endpoint";
import { SessionTraffic } from "../mcp/traffic";
import { TrafficBudget } from "../mcp/traffic-budget";
import { realTimedClock, type TimedClock } from "../mcp/official/instance";
import type { Limits } from "../project/project-vm";
import type { SandboxPool } from "../sandbox/pool";
import { Session } from "./session";
import type { SessionStore } from "./session-store";

/** How often a session in use tells the database so (so the sweep keeps it). */
const TOUCH_EVERY_MS = 60_000;

/** What one session's sandbox VM may use, from the settings. */
export function sessionLimits(config: PlaygroundConfig): Limits {
  const { callTimeoutMs, loadTimeoutMs, memoryMB, maxResultBytes, logCallBytes, logSessionBytes } = config;
  return { callTimeoutMs, loadTimeoutMs, memoryMB, maxResultBytes, logCallBytes, logSessionBytes };
}

const ID = /^[A-Za-z0-9_-]{22}$/;

export class SessionRegistry {
  /** Least recently used first; `get` moves a session to the back. */
  private sessions = new Map<string, Session>();
  private counted = new Set<string>();
  /** The client (address) that created each session; "" when unknown (one rebuilt from the database). */
  private owners = new Map<string, string>();
  private restoring = new Map<string, Promise<Session | undefined>>();
  private touched = new Map<string, number>();
  private sweeper: NodeJS.Timeout;
  /** Used requestState ids of every session (a state names its session, so one store serves all). */
  readonly consumed: ConsumedStates;
  /** Every session's outside-traffic feed draws on this (TRAFFIC_TOTAL_MB). */
  readonly trafficBudget: TrafficBudget;
  /** This playground instance's name (the `playground-instance` header), once the server listens. */
  instanceName?: string;
  /** The outside-traffic feeds' clock (when a quiet client stops showing as connected); a test's own in specs. */
  trafficClock: TimedClock = realTimedClock;

  /** With a `store` (a shared database), sessions survive this instance and any instance can rebuild them. */
  constructor(
    private pool: SandboxPool,
    private codec: RequestStateCodec<FlowState>,
    private config: PlaygroundConfig,
    private store?: SessionStore,
  ) {
    // With a shared database every instance refuses a state any of them has seen used.
    this.consumed = store?.consumed ?? new MemoryConsumedStates(config.requestStateTtlSeconds * 1000);
    this.trafficBudget = new TrafficBudget(config.trafficTotalBytes);
    this.sweeper = setInterval(() => void this.expireIdle(), Math.min(60_000, Math.max(1000, config.sessionIdleMs / 4)));
    this.sweeper.unref();
    // Another instance changed a session: a copy held here is stale, so the next request here rebuilds it.
    this.unwatch = store
      ?.watch((id) => this.sessions.has(id) && this.evict(id))
      .catch((error) => {
        console.error("Watching session changes failed; copies held here may be stale:", (error as Error).message);
        return undefined;
      });
  }

  private unwatch?: Promise<(() => Promise<void>) | undefined>;

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions that take a slot under MAX_SESSIONS. */
  get countedSize(): number {
    return this.counted.size;
  }

  /** A new session for `client`, within its share (SESSIONS_PER_CLIENT): its own least recently used idle session goes first. */
  create(client = ""): Session {
    const mine = [...this.sessions.keys()].filter((id) => this.owners.get(id) === client);
    if (client && mine.length >= this.config.sessionsPerClient) {
      const activeSince = Date.now() - this.config.sessionActiveMs;
      const idle = mine.find((id) => !this.counted.has(id)) ?? mine.find((id) => this.sessions.get(id)!.lastUsed < activeSince);
      if (idle === undefined)
        throw new HttpError(
          429,
          `Your address holds ${mine.length} sessions in use, its share on this server (SESSIONS_PER_CLIENT); try again when one has been idle for ${this.config.sessionActiveMs / 60_000} minutes`,
          { code: "SESSION_SHARE" },
          { "retry-after": "60" },
        );
      this.evict(idle);
    }
    const session = this.hold(randomBytes(16).toString("base64url"), client);
    // With a database, its first save writes last_used as it creates the row (created and saved in one request), so its first touch
    // is due a full interval later, not on the next request: one UPDATE a session fewer.
    if (this.store) this.touched.set(session.id, Date.now());
    return session;
  }

  private hold(id: string, client: string): Session {
    // The provisional pool is as large as the counted one, so a room creating its sessions at once keeps them all;
    // when it is full, the oldest of the client holding the most provisional sessions goes (a flood pays for itself).
    while (this.sessions.size - this.counted.size >= this.config.maxSessions) this.evict(this.oldestOfLargestProvisional());
    this.owners.set(id, client);
    const session = new Session(
      id,
      this.pool,
      sessionLimits(this.config),
      this.config.maxBodyBytes,
      this.store,
      new SessionTraffic(this.config.trafficBytes, this.trafficBudget, () => this.instanceName, this.trafficClock, this.config.outsideQuietMs),
      this.config.outsideWaitMs,
    );
    session.endpoint = createSessionEndpoint(session, this.codec, {
      maxBodyBytes: this.config.maxBodyBytes,
      consumed: this.consumed,
      traffic: session.traffic,
    });
    this.sessions.set(id, session);
    return session;
  }

  /**
   * The session, held here or rebuilt from the database when another instance held it (it died, or the load
   * balancer moved the id): same files and approvals, fresh module state. `rebuilt` says which.
   */
  async resolve(id: string): Promise<{ session: Session; rebuilt: boolean } | undefined> {
    const held = this.get(id);
    if (held) return { session: held, rebuilt: false };
    if (!this.store || !ID.test(id)) return undefined;
    let restoring = this.restoring.get(id);
    if (!restoring) {
      restoring = this.rebuild(id).finally(() => this.restoring.delete(id));
      this.restoring.set(id, restoring);
    }
    const session = await restoring;
    return session && { session, rebuilt: true };
  }

  private async rebuild(id: string): Promise<Session | undefined> {
    const saved = await this.store!.load(id);
    if (!saved) return undefined;
    const session = this.hold(id, "");
    await session.restore(saved);
    // A learner came back to it: it counts like any session in use.
    return this.get(id) ?? session;
  }

  /** The session, marked as used (so it moves to the back of the eviction order, and counts once it has a build). */
  get(id: string): Session | undefined {
    if (!ID.test(id)) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.touch();
    if (this.store && session.lastUsed - (this.touched.get(id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(id, session.lastUsed);
      void this.store.touch(id).catch(() => undefined);
    }
    if (session.built && !this.counted.has(id)) {
      this.counted.add(id);
      while (this.counted.size > this.config.maxSessions) this.evictCounted(id);
    }
    return session;
  }

  /**
   * Makes room for `keep` among the counted: the least recently used idle counted session goes, or failing that the
   * least recently used of `keep`'s own client's; when neither exists, `keep` stays provisional and tries again on its next use.
   */
  private evictCounted(keep: string): void {
    const activeSince = Date.now() - this.config.sessionActiveMs;
    const owner = this.owners.get(keep);
    const candidate = (id: string) => id !== keep && this.counted.has(id);
    const id =
      this.oldest((i) => candidate(i) && this.sessions.get(i)!.lastUsed < activeSince) ??
      (owner ? this.oldest((i) => candidate(i) && this.owners.get(i) === owner) : undefined);
    if (id === undefined) this.counted.delete(keep);
    else this.evict(id);
  }

  /** Frees a sandbox VM under memory pressure: a provisional session first, else an idle one; false if none. */
  async closeOneIdle(): Promise<boolean> {
    const activeSince = Date.now() - this.config.sessionActiveMs;
    const id =
      this.oldest((i) => !this.counted.has(i) && this.sessions.get(i)!.built) ??
      this.oldest((i) => this.sessions.get(i)!.built && this.sessions.get(i)!.lastUsed < activeSince);
    if (id === undefined) return false;
    const session = this.sessions.get(id)!;
    this.forget(id);
    await session.close();
    return true;
  }

  private oldestOfLargestProvisional(): string | undefined {
    const held = new Map<string, number>();
    for (const id of this.sessions.keys()) if (!this.counted.has(id)) held.set(this.owners.get(id)!, (held.get(this.owners.get(id)!) ?? 0) + 1);
    const largest = [...held].reduce<[string, number] | undefined>((a, b) => (a && a[1] >= b[1] ? a : b), undefined)?.[0];
    return this.oldest((id) => !this.counted.has(id) && this.owners.get(id) === largest);
  }

  private oldest(test: (id: string) => boolean): string | undefined {
    for (const id of this.sessions.keys()) if (test(id)) return id;
    return undefined;
  }

  private evict(id: string | undefined): void {
    if (id === undefined) return;
    const session = this.sessions.get(id)!;
    this.forget(id);
    // With a store the session lives on in the database; only this instance's copy goes.
    void session.close();
  }

  private forget(id: string): void {
    this.sessions.delete(id);
    this.counted.delete(id);
    this.touched.delete(id);
    this.owners.delete(id);
  }

  async expireIdle(now = Date.now()): Promise<void> {
    for (const [id, session] of this.sessions) {
      if (now - session.lastUsed < this.config.sessionIdleMs) continue;
      this.forget(id);
      await session.close();
    }
    // Sessions no instance used for the idle time leave the database too.
    await this.store?.expire(this.config.sessionIdleMs).catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await (await this.unwatch)?.().catch(() => undefined);
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
    this.counted.clear();
    this.owners.clear();
  }
}
