// What must survive an instance: a session's files and remembered approvals, and the requestState ids already
// used, kept in the shared PostgreSQL so whichever instance the load balancer picks can carry on.
import { randomBytes } from "node:crypto";
import type { ProjectFiles } from "../compile/project-files";
import type { Database } from "../db/database";
import type { ConsumedStates } from "../mcp/request-state";

/** `generation`: how many times the session was reset (requestState is bound to it). */
export type SavedSession = { files: ProjectFiles; approvals: string[]; generation: number };

export interface SessionStore {
  /** Written on every change of files or approvals. */
  save(id: string, saved: SavedSession): Promise<void>;
  load(id: string): Promise<SavedSession | undefined>;
  /** Marks the session as used (so the sweep keeps it); callers throttle this. */
  touch(id: string): Promise<void>;
  /** Deletes sessions unused for `idleMs`; returns how many. */
  expire(idleMs: number): Promise<number>;
  /**
   * Calls `onChange(id)` when another instance saved a session: a copy held here is stale then (the creator of a
   * session keeps one, and the load balancer can route back to it after the owner dies).
   */
  watch(onChange: (id: string) => void): Promise<() => Promise<void>>;
  /** Used requestState ids, shared by the instances. */
  readonly consumed: ConsumedStates;
}

const CHANGED_CHANNEL = "playground_sessions";

export function databaseSessionStore(db: Database, stateTtlMs: number): SessionStore {
  // Tells this process's own saves apart from other instances' ones.
  const origin = randomBytes(9).toString("base64url");
  return {
    consumed: databaseConsumedStates(db, stateTtlMs),
    async save(id, { files, approvals, generation }) {
      // The write and its announcement in one round trip.
      await db.query(
        `WITH saved AS (
           INSERT INTO playground_sessions (id, files, approvals, generation) VALUES ($1, $2, $3, $6)
           ON CONFLICT (id) DO UPDATE SET files = EXCLUDED.files, approvals = EXCLUDED.approvals, generation = EXCLUDED.generation,
             updated_at = now(), last_used = now()
           RETURNING id)
         SELECT pg_notify($4, $5) FROM saved`,
        [id, JSON.stringify(files), JSON.stringify(approvals), CHANGED_CHANNEL, `${origin} ${id}`, generation],
      );
    },
    watch(onChange) {
      return db.listen(CHANGED_CHANNEL, (payload) => {
        const [from, id] = payload.split(" ");
        if (from !== origin && id) onChange(id);
      });
    },
    async load(id) {
      const [row] = await db.query<SavedSession>("SELECT files, approvals, generation FROM playground_sessions WHERE id = $1", [id]);
      return row && { files: row.files, approvals: row.approvals, generation: row.generation };
    },
    async touch(id) {
      await db.query("UPDATE playground_sessions SET last_used = now() WHERE id = $1", [id]);
    },
    async expire(idleMs) {
      const gone = await db.query("DELETE FROM playground_sessions WHERE last_used < now() - make_interval(secs => $1) RETURNING id", [idleMs / 1000]);
      return gone.length;
    },
  };
}

/** Used requestState ids in the shared database, kept for the state lifetime, so no instance accepts a replay. */
export function databaseConsumedStates(db: Database, ttlMs: number): ConsumedStates {
  let lastSweep = 0;
  return {
    async claim(id) {
      const expiresAt = new Date(Date.now() + ttlMs);
      // Expired ids can never be replayed (the signature check refuses them first), so they are swept now and then.
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        await db.query("DELETE FROM consumed_request_states WHERE expires_at < now()");
      }
      const inserted = await db.query("INSERT INTO consumed_request_states (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id", [
        id,
        expiresAt,
      ]);
      return inserted.length === 1;
    },
  };
}
