// All live sessions: 128-bit random ids, idle expiry, and a cap that evicts the least recently used.
import { randomBytes } from "node:crypto";
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import type { PlaygroundConfig } from "../config";
import type { FlowState } from "../mcp/request-state";
import { createSessionEndpoint } from "../mcp/session-endpoint";
import type { SandboxPool } from "../sandbox/pool";
import { Session } from "./session";

const ID = /^[A-Za-z0-9_-]{22}$/;

export class SessionRegistry {
  private sessions = new Map<string, Session>();
  private sweeper: NodeJS.Timeout;

  constructor(private pool: SandboxPool, private codec: RequestStateCodec<FlowState>, private config: PlaygroundConfig) {
    this.sweeper = setInterval(() => void this.expireIdle(), Math.min(60_000, Math.max(1000, config.sessionIdleMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  create(): Session {
    while (this.sessions.size >= this.config.maxSessions) this.evictLeastRecent();
    const id = randomBytes(16).toString("base64url");
    const session = new Session(id, this.pool, { callTimeoutMs: this.config.callTimeoutMs, loadTimeoutMs: this.config.loadTimeoutMs, memoryMB: this.config.memoryMB }, this.config.maxBodyBytes);
    session.endpoint = createSessionEndpoint(session, this.codec, { maxBodyBytes: this.config.maxBodyBytes });
    this.sessions.set(id, session);
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
    return session;
  }

  private evictLeastRecent(): void {
    const [id, session] = this.sessions.entries().next().value!;
    this.sessions.delete(id);
    void session.close();
  }

  async expireIdle(now = Date.now()): Promise<void> {
    for (const [id, session] of this.sessions) {
      if (now - session.lastUsed < this.config.sessionIdleMs) continue;
      this.sessions.delete(id);
      await session.close();
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    this.sessions.clear();
  }
}
