// All live sessions: 128-bit random ids, idle expiry, and a cap on sessions that count.
//
// A session counts once it has a good build and is used again after the request that created it: uploads that
// never compile, or sessions nobody comes back to, wait in a provisional pool of their own (oldest go first) and
// cannot push a learner out. When the cap on counted sessions is reached, the least recently used idle one goes;
// one used within SESSION_ACTIVE_MINUTES goes only when no idle one is left.
import { randomBytes } from "node:crypto";
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import type { PlaygroundConfig } from "../config";
import type { FlowState } from "../mcp/request-state";
import { createSessionEndpoint } from "../mcp/session-endpoint";
import type { SandboxPool } from "../sandbox/pool";
import { Session } from "./session";

const ID = /^[A-Za-z0-9_-]{22}$/;

export class SessionRegistry {
  /** Least recently used first; `get` moves a session to the back. */
  private sessions = new Map<string, Session>();
  private counted = new Set<string>();
  private sweeper: NodeJS.Timeout;

  constructor(private pool: SandboxPool, private codec: RequestStateCodec<FlowState>, private config: PlaygroundConfig) {
    this.sweeper = setInterval(() => void this.expireIdle(), Math.min(60_000, Math.max(1000, config.sessionIdleMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions that take a slot under MAX_SESSIONS. */
  get countedSize(): number {
    return this.counted.size;
  }

  create(): Session {
    // The provisional pool is as large as the counted one, so a room creating its sessions at once keeps them all.
    while (this.sessions.size - this.counted.size >= this.config.maxSessions) this.evict(this.oldest((id) => !this.counted.has(id)));
    const id = randomBytes(16).toString("base64url");
    const session = new Session(id, this.pool, { callTimeoutMs: this.config.callTimeoutMs, loadTimeoutMs: this.config.loadTimeoutMs, memoryMB: this.config.memoryMB }, this.config.maxBodyBytes);
    session.endpoint = createSessionEndpoint(session, this.codec, { maxBodyBytes: this.config.maxBodyBytes });
    this.sessions.set(id, session);
    return session;
  }

  /** The session, marked as used (so it moves to the back of the eviction order, and counts once it has a build). */
  get(id: string): Session | undefined {
    if (!ID.test(id)) return undefined;
    const session = this.sessions.get(id);
    if (!session) return undefined;
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.touch();
    if (session.built && !this.counted.has(id)) {
      this.counted.add(id);
      while (this.counted.size > this.config.maxSessions) this.evictCounted(id);
    }
    return session;
  }

  /** The least recently used idle counted session, or failing that the least recently used one (never `keep`). */
  private evictCounted(keep: string): void {
    const activeSince = Date.now() - this.config.sessionActiveMs;
    const candidate = (id: string) => id !== keep && this.counted.has(id);
    this.evict(this.oldest((id) => candidate(id) && this.sessions.get(id)!.lastUsed < activeSince) ?? this.oldest(candidate));
  }

  private oldest(test: (id: string) => boolean): string | undefined {
    for (const id of this.sessions.keys()) if (test(id)) return id;
    return undefined;
  }

  private evict(id: string | undefined): void {
    if (id === undefined) return;
    const session = this.sessions.get(id)!;
    this.sessions.delete(id);
    this.counted.delete(id);
    void session.close();
  }

  async expireIdle(now = Date.now()): Promise<void> {
    for (const [id, session] of this.sessions) {
      if (now - session.lastUsed < this.config.sessionIdleMs) continue;
      this.sessions.delete(id);
      this.counted.delete(id);
      await session.close();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
    this.counted.clear();
  }
}
