// All live sessions: 128-bit random ids, idle expiry, and a cap that evicts the least recently used.
import { randomBytes } from "node:crypto";
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import type { PlaygroundConfig } from "../config";
import type { FlowState } from "../mcp/request-state";
import { createSessionEndpoint } from "../mcp/session-endpoint";
import type { SandboxPool } from "../sandbox/pool";
import { Session } from "./session";
import type { SessionStore } from "./session-store";

/** How often a session in use tells the database so (so the sweep keeps it). */
const TOUCH_EVERY_MS = 60_000;

const ID = /^[A-Za-z0-9_-]{22}$/;

export class SessionRegistry {
  private sessions = new Map<string, Session>();
  private restoring = new Map<string, Promise<Session | undefined>>();
  private touched = new Map<string, number>();
  private sweeper: NodeJS.Timeout;

  /** With a `store` (a shared database), sessions survive this instance and any instance can rebuild them. */
  constructor(private pool: SandboxPool, private codec: RequestStateCodec<FlowState>, private config: PlaygroundConfig, private store?: SessionStore) {
    this.sweeper = setInterval(() => void this.expireIdle(), Math.min(60_000, Math.max(1000, config.sessionIdleMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  create(): Session {
    while (this.sessions.size >= this.config.maxSessions) this.evictLeastRecent();
    return this.hold(randomBytes(16).toString("base64url"));
  }

  private hold(id: string): Session {
    const session = new Session(id, this.pool, { callTimeoutMs: this.config.callTimeoutMs, loadTimeoutMs: this.config.loadTimeoutMs, memoryMB: this.config.memoryMB }, this.store);
    session.endpoint = createSessionEndpoint(session, this.codec, { maxBodyBytes: this.config.maxBodyBytes });
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
    while (this.sessions.size >= this.config.maxSessions) this.evictLeastRecent();
    const session = this.hold(id);
    await session.restore(saved);
    return session;
  }

  /** The session, marked as used (so it moves to the back of the eviction order). */
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
    return session;
  }

  /** Frees this instance's copy; with a store the session lives on in the database. */
  private evictLeastRecent(): void {
    const [id, session] = this.sessions.entries().next().value!;
    this.sessions.delete(id);
    this.touched.delete(id);
    void session.close();
  }

  async expireIdle(now = Date.now()): Promise<void> {
    for (const [id, session] of this.sessions) {
      if (now - session.lastUsed < this.config.sessionIdleMs) continue;
      this.sessions.delete(id);
      this.touched.delete(id);
      await session.close();
    }
    // Sessions no instance used for the idle time leave the database too.
    await this.store?.expire(this.config.sessionIdleMs).catch(() => undefined);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
  }
}
