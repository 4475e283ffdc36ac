// The teacher's roster in PostgreSQL: remove, rename and merge learners, open and close joins, the help queue, rejoin
// links, and the activity times the stuck mark reads. No HTTP here; routes map the answers to status codes.
import type { Database, Queryable } from "../db/database";
import { hashKey, newKey } from "./codes";
import type { Announcement } from "./events";

export type Rejoined = { learnerKey: string; id: number; name: string; item?: string; files?: Record<string, string> } | "unknown" | "removed" | "full";

export class RosterStore {
  constructor(
    private readonly db: Database,
    private readonly maxLearners: number,
  ) {}

  /** Removes a learner (their key refused, their place freed, off the board); false when no such learner is present. */
  async remove(code: string, learnerId: number, now: Date, announce: Announcement): Promise<boolean> {
    const rows = await this.db.query(
      `WITH gone AS (UPDATE room_learners SET left_at = coalesce(left_at, $3), removed_at = $3, hand_raised_at = NULL, hand_text = NULL
         WHERE room_code = $1 AND id = $2 AND removed_at IS NULL RETURNING 1)
       SELECT pg_notify($4, $5) FROM gone`,
      [code, learnerId, now, announce.channel, announce.payload],
    );
    return rows.length > 0;
  }

  /** "taken" when another learner of the room has that name in any case. */
  async rename(code: string, learnerId: number, name: string, announce: Announcement): Promise<"renamed" | "taken" | "unknown"> {
    const taken = await this.db.query("SELECT 1 FROM room_learners WHERE room_code = $1 AND lower(name) = lower($2) AND id <> $3", [code, name, learnerId]);
    if (taken.length) return "taken";
    const rows = await this.db
      .query(
        `WITH renamed AS (UPDATE room_learners SET name = $3 WHERE room_code = $1 AND id = $2 AND removed_at IS NULL RETURNING 1)
       SELECT pg_notify($4, $5) FROM renamed`,
        [code, learnerId, name, announce.channel, announce.payload],
      )
      .catch((error: { code?: string }) => {
        if (error.code === "23505") return "taken" as const;
        throw error;
      });
    if (rows === "taken") return "taken";
    return rows.length ? "renamed" : "unknown";
  }

  /**
   * Folds learner `from` into `into` (the same person with two entries): per item the more recently checked progress
   * is kept with both entries' attempts added; the read-only view is the newer one; the key and rejoin link of
   * whichever entry was active last speak for `into` from now on; `from` is removed. Both must be in the room.
   */
  async merge(code: string, from: number, into: number, now: Date, announce: Announcement): Promise<"merged" | "unknown"> {
    if (from === into) return "unknown";
    return this.db.transaction(async (tx) => {
      const pair = await tx.query<{ id: number; last_active_at: Date | null }>(
        "SELECT id, last_active_at FROM room_learners WHERE room_code = $1 AND id = ANY($2::bigint[]) AND removed_at IS NULL FOR UPDATE",
        [code, [from, into]],
      );
      if (pair.length !== 2) return "unknown";
      await mergeProgress(tx, from, into);
      const [views] = await tx.query<{ from_newer: boolean }>(
        `SELECT i.learner_id IS NULL OR f.updated_at > i.updated_at AS from_newer
         FROM room_learner_views f LEFT JOIN room_learner_views i ON i.learner_id = $2 WHERE f.learner_id = $1`,
        [from, into],
      );
      if (views?.from_newer) {
        await tx.query("DELETE FROM room_learner_views WHERE learner_id = $1", [into]);
        await tx.query("UPDATE room_learner_views SET learner_id = $2 WHERE learner_id = $1", [from, into]);
      }
      const last = (id: number) => pair.find((p) => p.id === id)?.last_active_at?.getTime() ?? 0;
      // The self-join reads the row as it was, so RETURNING hands back what the update cleared.
      const [old] = await tx.query<{
        key_hash: string;
        rejoin_token: string | null;
        trying_item: string | null;
        trying_since: Date | null;
        hand_raised_at: Date | null;
        hand_text: string | null;
        last_active_at: Date | null;
      }>(
        `UPDATE room_learners n SET key_hash = 'merged:' || n.id, rejoin_token = NULL, left_at = coalesce(n.left_at, $2), removed_at = $2,
           hand_raised_at = NULL, hand_text = NULL FROM room_learners o WHERE n.id = $1 AND o.id = n.id RETURNING o.key_hash, o.rejoin_token, o.trying_item, o.trying_since, o.hand_raised_at, o.hand_text, o.last_active_at`,
        [from, now],
      );
      const fromIsNewer = last(from) > last(into);
      await tx.query(
        `UPDATE room_learners i SET
           key_hash = CASE WHEN $3 THEN $4 ELSE i.key_hash END,
           rejoin_token = CASE WHEN $3 THEN $5 ELSE i.rejoin_token END,
           left_at = CASE WHEN $3 THEN NULL ELSE i.left_at END,
           last_active_at = greatest(i.last_active_at, $6),
           trying_item = CASE WHEN $3 THEN $7 ELSE i.trying_item END,
           trying_since = CASE WHEN $3 THEN $8 ELSE i.trying_since END,
           hand_text = CASE WHEN i.hand_raised_at IS NULL THEN $10 ELSE i.hand_text END,
           hand_raised_at = coalesce(i.hand_raised_at, $9)
         WHERE i.id = $2 AND $1::bigint IS NOT NULL`,
        [from, into, fromIsNewer, old.key_hash, old.rejoin_token, old.last_active_at, old.trying_item, old.trying_since, old.hand_raised_at, old.hand_text],
      );
      await tx.query("SELECT pg_notify($1, $2)", [announce.channel, announce.payload]);
      return "merged";
    });
  }

  /** Opens or closes the room to new joins; false when no live room has that code. */
  async setJoinsOpen(code: string, open: boolean, announce: Announcement): Promise<boolean> {
    const rows = await this.db.query(
      `WITH set AS (UPDATE rooms SET joins_open = $2 WHERE code = $1 AND ended_at IS NULL RETURNING 1) SELECT pg_notify($3, $4) FROM set`,
      [code, open, announce.channel, announce.payload],
    );
    return rows.length > 0;
  }

  /** Raises the learner's hand (a second raise keeps its place in the queue and takes the new question). */
  async raiseHand(learnerId: number, text: string, now: Date, announce: Announcement): Promise<void> {
    await this.db.query(
      `WITH raised AS (UPDATE room_learners SET hand_raised_at = coalesce(hand_raised_at, $3), hand_text = $2 WHERE id = $1 RETURNING 1)
       SELECT pg_notify($4, $5) FROM raised`,
      [learnerId, text, now, announce.channel, announce.payload],
    );
  }

  /** One hint revealed on an item the learner has checked (a reveal follows a Check's report); false when none was checked. */
  async revealHint(learnerId: number, item: string, announce: Announcement): Promise<boolean> {
    const rows = await this.db.query(
      `WITH revealed AS (UPDATE room_progress SET hints_revealed = hints_revealed + 1 WHERE learner_id = $1 AND item = $2 AND tried_at IS NOT NULL RETURNING 1)
       SELECT pg_notify($3, $4) FROM revealed`,
      [learnerId, item, announce.channel, announce.payload],
    );
    return rows.length > 0;
  }

  async lowerHand(code: string, learnerId: number, announce: Announcement): Promise<void> {
    await this.db.query(
      `WITH lowered AS (UPDATE room_learners SET hand_raised_at = NULL, hand_text = NULL WHERE room_code = $1 AND id = $2 AND hand_raised_at IS NOT NULL RETURNING 1)
       SELECT pg_notify($3, $4) FROM lowered`,
      [code, learnerId, announce.channel, announce.payload],
    );
  }

  /**
   * A rejoin link opened: the same learner, back in their place with a fresh key (the old one stops working), and
   * their current item's code. A learner who had left takes a place again, if one is free.
   */
  async rejoin(code: string, token: string, now: Date, announce: (id: number) => Announcement): Promise<Rejoined> {
    const learnerKey = newKey();
    const [row] = await this.db.query<{ id: number; name: string; removed: boolean; back: boolean }>(
      `WITH me AS (SELECT id, name, removed_at IS NOT NULL AS removed, left_at IS NULL AS present FROM room_learners WHERE room_code = $1 AND rejoin_token = $2),
       back AS (UPDATE room_learners l SET key_hash = $3, left_at = NULL, last_active_at = $4 FROM me
         WHERE l.id = me.id AND NOT me.removed
           AND (me.present OR (SELECT count(*) FROM room_learners WHERE room_code = $1 AND left_at IS NULL) < $5)
         RETURNING l.id)
       SELECT me.id, me.name, me.removed, EXISTS (SELECT 1 FROM back) AS back FROM me`,
      [code, token, hashKey(learnerKey), now, this.maxLearners],
    );
    if (!row) return "unknown";
    if (row.removed) return "removed";
    if (!row.back) return "full";
    const told = announce(row.id);
    await this.db.query("SELECT pg_notify($1, $2)", [told.channel, told.payload]);
    const [view] = await this.db.query<{ item: string | null; files: Record<string, string> | null }>(
      "SELECT item, files FROM room_learner_views WHERE learner_id = $1",
      [row.id],
    );
    return { learnerKey, id: row.id, name: row.name, item: view?.item ?? undefined, files: view?.files ?? undefined };
  }

  /** One learner's items, as the verdict states read them: their summary at the end. */
  async learnerProgress(learnerId: number) {
    return this.db.query<{ item: string; opened: boolean; tried: boolean; passes_now: boolean; first_passed_at: Date | null }>(
      `SELECT item, opened_at IS NOT NULL AS opened, tried_at IS NOT NULL AS tried, passed AS passes_now, first_passed_at
       FROM room_progress WHERE learner_id = $1 ORDER BY item`,
      [learnerId],
    );
  }

  /** Per item, the attempts of each present learner who checked it. */
  async attempts(code: string): Promise<{ item: string; attempts: number[] }[]> {
    return this.db.query<{ item: string; attempts: number[] }>(
      `SELECT p.item, array_agg(p.attempts ORDER BY p.attempts) AS attempts FROM room_progress p JOIN room_learners l ON l.id = p.learner_id
       WHERE l.room_code = $1 AND l.left_at IS NULL AND p.attempts > 0 GROUP BY p.item`,
      [code],
    );
  }
}

/** Moves `from`'s progress and check results to `into`: where both have an item, the more recently checked row stays. */
async function mergeProgress(tx: Queryable, from: number, into: number): Promise<void> {
  const shared = await tx.query<{
    item: string;
    from_newer: boolean;
    attempts: number;
    opened_at: Date | null;
    tried_at: Date | null;
    first_passed_at: Date | null;
  }>(
    `SELECT f.item, coalesce(f.last_check->>'at' > i.last_check->>'at', f.last_check IS NOT NULL) AS from_newer, f.attempts + i.attempts AS attempts,
       least(f.opened_at, i.opened_at) AS opened_at, least(f.tried_at, i.tried_at) AS tried_at, least(f.first_passed_at, i.first_passed_at) AS first_passed_at
     FROM room_progress f JOIN room_progress i ON i.item = f.item AND i.learner_id = $2 WHERE f.learner_id = $1`,
    [from, into],
  );
  const keepFrom = shared.filter((s) => s.from_newer).map((s) => s.item);
  const keepInto = shared.filter((s) => !s.from_newer).map((s) => s.item);
  for (const table of ["room_progress", "room_check_results"]) {
    await tx.query(`DELETE FROM ${table} WHERE learner_id = $1 AND item = ANY($2::text[])`, [into, keepFrom]);
    await tx.query(`DELETE FROM ${table} WHERE learner_id = $1 AND item = ANY($2::text[])`, [from, keepInto]);
    await tx.query(`UPDATE ${table} SET learner_id = $2 WHERE learner_id = $1`, [from, into]);
  }
  for (const s of shared) {
    await tx.query("UPDATE room_progress SET attempts = $3, opened_at = $4, tried_at = $5, first_passed_at = $6 WHERE learner_id = $1 AND item = $2", [
      into,
      s.item,
      s.attempts,
      s.opened_at,
      s.tried_at,
      s.first_passed_at,
    ]);
  }
}
