// Rooms in PostgreSQL: every read and write of rooms, learners and their progress. No HTTP here; routes map
// "not found" and "not allowed" to status codes.
import type { Database } from "../db/database";
import { sameSecret } from "../same-secret";
import { hashKey, NAME_MAX, newKey, newRoomCode, withSuffix } from "./codes";
import type { Announcement } from "./events";
import type { CheckReportShape, CreatedRoom, LearnerView, ProblemKind, RoomActivity, RoomLead } from "../../contract/rooms";

/** Characters a suffix such as " (999)" may take from a nickname at NAME_MAX. */
const SUFFIX_ROOM = 6;

export type RoomRow = {
  code: string;
  title: string;
  created_at: Date;
  ended_at: Date | null;
  lead: RoomLead;
  teacher_key_hash: string;
  projector_key_hash: string | null;
  joins_open: boolean;
  hints_always: boolean;
};
export type LearnerRow = {
  id: number;
  room_code: string;
  name: string;
  joined_at: Date;
  left_at: Date | null;
  removed_at: Date | null;
  last_active_at: Date | null;
  trying_item: string | null;
  trying_since: Date | null;
  hand_raised_at: Date | null;
  hand_text: string | null;
  starter_item: string | null;
};
const ROOM_COLUMNS = "code, title, created_at, ended_at, lead, teacher_key_hash, projector_key_hash, joins_open, hints_always";
const LEARNER_COLUMNS =
  "id, room_code, name, joined_at, left_at, removed_at, last_active_at, trying_item, trying_since, hand_raised_at, hand_text, starter_item";
export type ProgressRow = {
  learner_id: number;
  item: string;
  opened: boolean;
  tried: boolean;
  /** The latest server run's verdict, and when a run first passed (kept when a later one fails). */
  passes_now: boolean;
  first_passed_at: Date | null;
  failing: string[];
  problem_kind: ProblemKind | null;
  problem: string | null;
  hints_revealed: number;
};
export type Joined = { learnerKey: string; name: string; id: number; rejoinToken: string } | "no-room" | "ended" | "full" | "closed";
/** One learner and item: export.csv's rows. */
export type ExportItemRow = {
  name: string;
  item: string;
  opened_at: Date | null;
  tried_at: Date | null;
  passes_now: boolean;
  first_passed_at: Date | null;
  attempts: number;
};
/** One learner, item and check of the server's runs: export-checks.csv's rows. */
export type ExportCheckRow = { name: string; item: string; check_name: string; passes_now: boolean; first_passed_at: Date | null; attempts: number };

/** Sizes kept for the teacher's read-only view: enough to read, not a way to fill the database. */
export const VIEW_LIMITS = { filesBytes: 256 * 1024, callBytes: 64 * 1024, problemChars: 300 };
export const TITLE_MAX = 80;

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "");

/** The read-only view's files and last call as JSON parameters; null (keep what is stored) when absent or over the cap. */
function viewParams(files: Record<string, string> | undefined, call: unknown): [string | null, string | null] {
  const keep = (value: unknown, cap: number) => (value !== undefined && byteLength(value) <= cap ? JSON.stringify(value) : null);
  return [keep(files, VIEW_LIMITS.filesBytes), keep(call, VIEW_LIMITS.callBytes)];
}

/**
 * The end of an upsert CTE chain: the learner's current item, code and last call, then the change's NOTIFY (sent
 * only when the write happened, and delivered when it commits).
 */
const VIEW_UPSERT_ANNOUNCED = (learner: string, item: string, files: string, call: string, channel: string, payload: string) => `,
  view AS (
    INSERT INTO room_learner_views (learner_id, item, files, last_call) VALUES (${learner}, ${item}, ${files}::jsonb, ${call}::jsonb)
    ON CONFLICT (learner_id) DO UPDATE SET item = excluded.item, files = coalesce(excluded.files, room_learner_views.files),
      last_call = coalesce(excluded.last_call, room_learner_views.last_call), updated_at = now()
    RETURNING 1)
  SELECT pg_notify(${channel}, ${payload}) FROM view`;

/** What a write tells the stuck mark: the time now, whether it was a try, and whether the code sent is still the starter. */
export type Touch = { now: Date; tried: boolean; starter: boolean | undefined };

/**
 * A CTE (leading comma) that marks the learner active now; a try of an item other than the one they were trying
 * starts its stuck time again; `starter` (null when no code was sent) keeps or clears "still the starter".
 */
const TOUCH = (learner: string, item: string, now: string, tried: string, starter: string) => `,
  touched AS (
    UPDATE room_learners SET last_active_at = ${now},
      trying_item = CASE WHEN ${tried} AND trying_item IS DISTINCT FROM ${item} THEN ${item} ELSE trying_item END,
      trying_since = CASE WHEN ${tried} AND trying_item IS DISTINCT FROM ${item} THEN ${now} ELSE trying_since END,
      starter_item = CASE WHEN ${starter}::boolean IS NULL THEN starter_item WHEN ${starter} THEN ${item} ELSE NULL END
    WHERE id = ${learner} RETURNING 1)`;
const touchParams = (t: Touch) => [t.now, t.tried, t.starter ?? null];

export class RoomStore {
  constructor(
    private readonly db: Database,
    /** Learners present in a room at once; those who left or were removed do not count. */
    private readonly maxLearners: number,
  ) {}

  async create(title: string, hintsAlways: boolean): Promise<CreatedRoom> {
    const teacherKey = newKey();
    const projectorKey = newKey();
    // 25^6 codes: a clash is rare, and the primary key catches it; ended rooms keep their code so it is never reused.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newRoomCode();
      const rows = await this.db.query(
        `INSERT INTO rooms (code, title, teacher_key_hash, projector_key_hash, hints_always) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (code) DO NOTHING RETURNING code`,
        [code, title, hashKey(teacherKey), hashKey(projectorKey), hintsAlways],
      );
      if (rows.length) return { code, teacherKey, projectorKey };
    }
    throw new Error("Could not find a free room code");
  }

  async room(code: string): Promise<RoomRow | undefined> {
    const [row] = await this.db.query<RoomRow>(`SELECT ${ROOM_COLUMNS} FROM rooms WHERE code = $1`, [code]);
    return row;
  }

  isTeacher(room: RoomRow, key: string): boolean {
    return sameSecret(room.teacher_key_hash, hashKey(key));
  }

  isProjector(room: RoomRow, key: string): boolean {
    return room.projector_key_hash !== null && sameSecret(room.projector_key_hash, hashKey(key));
  }

  /**
   * Joins a live room; "Sam" becomes "Sam (2)" when taken. One INSERT in the usual case (the name is free), which
   * also sends `announce` once the learner is in.
   */
  async join(code: string, name: string, now: Date, announce: Announcement): Promise<Joined> {
    const learnerKey = newKey();
    const rejoinToken = newKey();
    let chosen = name;
    for (let attempt = 0; attempt < 20; attempt++) {
      const [row] = await this.db.query<{ id: number }>(
        `WITH joined AS (
           INSERT INTO room_learners (room_code, name, key_hash, rejoin_token, last_active_at)
           SELECT code, $2, $3, $4, $5 FROM rooms WHERE code = $1 AND ended_at IS NULL AND joins_open
             AND (SELECT count(*) FROM room_learners WHERE room_code = $1 AND left_at IS NULL) < $6
           ON CONFLICT (room_code, lower(name)) DO NOTHING RETURNING id)
         SELECT id, pg_notify($7, $8) FROM joined`,
        [code, chosen, hashKey(learnerKey), rejoinToken, now, this.maxLearners, announce.channel, announce.payload],
      );
      if (row) return { learnerKey, name: chosen, id: row.id, rejoinToken };
      const room = await this.room(code);
      if (!room) return "no-room";
      if (room.ended_at) return "ended";
      if (!room.joins_open) return "closed";
      // Suffixed names are cut to fit NAME_MAX ("NNN… (2)"), so the search starts from the part every suffixed form keeps.
      const kept = [...name].slice(0, NAME_MAX - SUFFIX_ROOM).join("");
      const like = kept.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
      const taken = new Set(
        (await this.db.query<{ n: string }>("SELECT lower(name) AS n FROM room_learners WHERE room_code = $1 AND lower(name) LIKE $2", [code, like])).map(
          (r) => r.n,
        ),
      );
      if (!taken.has(chosen.toLowerCase())) return "full";
      // Someone else may take the suffix we pick between this read and the insert: the loop then tries the next.
      for (let i = 2; taken.has(chosen.toLowerCase()); i++) chosen = withSuffix(name, i);
    }
    throw new Error("Could not find a free nickname");
  }

  /** The learner a key belongs to, with their room; undefined for an unknown key or a learner who left. */
  async learnerByKey(key: string): Promise<(LearnerRow & { room: RoomRow }) | undefined> {
    if (typeof key !== "string" || key.length < 16 || key.length > 100) return undefined;
    const [row] = await this.db.query<LearnerRow & { room: RoomRow }>(
      `SELECT ${LEARNER_COLUMNS.replace(/(\w+)/g, "l.$1")}, to_jsonb(r) AS room
       FROM room_learners l JOIN (SELECT ${ROOM_COLUMNS} FROM rooms) r ON r.code = l.room_code WHERE l.key_hash = $1`,
      [hashKey(key)],
    );
    if (!row || row.left_at) return undefined;
    const room = row.room as unknown as Record<string, unknown>;
    // to_jsonb gives times as text: back to Dates, as every other read gives them.
    const at = (v: unknown) => (v === null ? null : new Date(v as string));
    return { ...row, room: { ...(room as RoomRow), created_at: at(room.created_at)!, ended_at: at(room.ended_at) } };
  }

  /** Marks the learner gone (off the board, their key refused), announced: one statement, silent when no learner matched or they had left already. */
  async leave(learnerId: number, announce: Announcement): Promise<void> {
    await this.db.query(
      `WITH gone AS (UPDATE room_learners SET left_at = now() WHERE id = $1 AND left_at IS NULL RETURNING 1)
       SELECT pg_notify($2, $3) FROM gone`,
      [learnerId, announce.channel, announce.payload],
    );
  }

  /** Opened or tried, the learner's current problem, and what the read-only view shows, announced: one statement, so one round trip. */
  async recordActivity(learnerId: number, activity: RoomActivity, announce: Announcement, touch: Touch): Promise<void> {
    const problem = activity.problem;
    await this.db.query(
      `WITH progress AS (
         INSERT INTO room_progress (learner_id, item, opened_at, tried_at, problem_kind, problem)
         VALUES ($1, $2, now(), CASE WHEN $8 THEN now() END, $4, $5)
         ON CONFLICT (learner_id, item) DO UPDATE SET opened_at = coalesce(room_progress.opened_at, now()),
           tried_at = CASE WHEN $8 THEN coalesce(room_progress.tried_at, now()) ELSE room_progress.tried_at END,
           problem_kind = CASE WHEN $3 THEN $4 ELSE room_progress.problem_kind END,
           problem = CASE WHEN $3 THEN $5 ELSE room_progress.problem END
         RETURNING 1)${TOUCH("$1", "$2", "$11", "$12", "$13")}${VIEW_UPSERT_ANNOUNCED("$1", "$2", "$6", "$7", "$9", "$10")}`,
      [
        learnerId,
        activity.item,
        problem !== undefined,
        problem?.kind ?? null,
        problem ? problem.text.slice(0, VIEW_LIMITS.problemChars) : null,
        ...viewParams(activity.files, activity.call),
        activity.event === "tried",
        announce.channel,
        announce.payload,
        ...touchParams(touch),
      ],
    );
  }

  /** A check the server ran for this learner: progress, per-check results for the CSV, the last report, the code it ran; announced. */
  async recordCheck(
    learnerId: number,
    item: string,
    report: CheckReportShape,
    files: Record<string, string>,
    announce: Announcement,
    touch: Touch,
  ): Promise<void> {
    const failing = report.checks.filter((c) => !c.passed).map((c) => c.name);
    // The run's first real problem clusters learners too: a compile error, or the error their tool threw.
    const problem = report.failure
      ? { kind: report.failure.kind === "compile" ? "compile" : "tool", text: report.failure.message.slice(0, VIEW_LIMITS.problemChars) }
      : undefined;
    // One statement (data-modifying CTEs): atomic without BEGIN/COMMIT round trips, which cost the most on PGlite.
    await this.db.query(
      `WITH progress AS (
         INSERT INTO room_progress (learner_id, item, opened_at, tried_at, attempts, passed, first_passed_at, failing, last_check, problem_kind, problem)
         VALUES ($1, $2, now(), now(), 1, $3, CASE WHEN $3 THEN now() END, $4, $5, $10, $11)
         ON CONFLICT (learner_id, item) DO UPDATE SET opened_at = coalesce(room_progress.opened_at, now()),
           tried_at = coalesce(room_progress.tried_at, now()), attempts = room_progress.attempts + 1, passed = $3,
           first_passed_at = coalesce(room_progress.first_passed_at, CASE WHEN $3 THEN now() END), failing = $4, last_check = $5,
           problem_kind = $10, problem = $11
         RETURNING 1),
       checks AS (
         INSERT INTO room_check_results (learner_id, item, check_name, passed, first_passed_at, attempts)
         SELECT $1, $2, c.name, c.passed, CASE WHEN c.passed THEN now() END, 1 FROM unnest($6::text[], $7::boolean[]) AS c(name, passed)
         ON CONFLICT (learner_id, item, check_name) DO UPDATE SET passed = excluded.passed, attempts = room_check_results.attempts + 1,
           first_passed_at = coalesce(room_check_results.first_passed_at, excluded.first_passed_at)
         RETURNING 1)${TOUCH("$1", "$2", "$14", "$15", "$16")}${VIEW_UPSERT_ANNOUNCED("$1", "$2", "$8", "$9", "$12", "$13")}`,
      [
        learnerId,
        item,
        report.passed,
        failing,
        JSON.stringify({ report, at: new Date().toISOString() }),
        report.checks.map((c) => c.name),
        report.checks.map((c) => c.passed),
        ...viewParams(files, undefined),
        problem?.kind ?? null,
        problem?.text ?? null,
        announce.channel,
        announce.payload,
        ...touchParams(touch),
      ],
    );
  }

  /** Writes what the teacher leads, announced: one statement, silent when no room has that code. */
  async setLead(code: string, lead: RoomLead, announce: Announcement): Promise<void> {
    await this.db.query(
      `WITH led AS (UPDATE rooms SET lead = $2 WHERE code = $1 RETURNING 1)
       SELECT pg_notify($3, $4) FROM led`,
      [code, JSON.stringify(lead), announce.channel, announce.payload],
    );
  }

  async learners(code: string): Promise<LearnerRow[]> {
    return this.db.query<LearnerRow>(`SELECT ${LEARNER_COLUMNS} FROM room_learners WHERE room_code = $1 ORDER BY id`, [code]);
  }

  async progress(code: string): Promise<ProgressRow[]> {
    return this.db.query<ProgressRow>(
      `SELECT p.learner_id, p.item, p.opened_at IS NOT NULL AS opened, p.tried_at IS NOT NULL AS tried, p.passed AS passes_now, p.first_passed_at,
         p.failing, p.problem_kind, p.problem, p.hints_revealed
       FROM room_progress p JOIN room_learners l ON l.id = p.learner_id WHERE l.room_code = $1 AND l.left_at IS NULL`,
      [code],
    );
  }

  async currentItems(code: string): Promise<Map<number, string>> {
    const rows = await this.db.query<{ learner_id: number; item: string }>(
      "SELECT v.learner_id, v.item FROM room_learner_views v JOIN room_learners l ON l.id = v.learner_id WHERE l.room_code = $1",
      [code],
    );
    return new Map(rows.map((r) => [r.learner_id, r.item]));
  }

  async learnerView(code: string, learnerId: number): Promise<LearnerView | undefined> {
    const [row] = await this.db.query<{
      id: number;
      name: string;
      item: string | null;
      files: Record<string, string> | null;
      last_call: unknown;
      updated_at: Date | null;
      rejoin_token: string | null;
    }>(
      `SELECT l.id, l.name, v.item, v.files, v.last_call, v.updated_at, l.rejoin_token FROM room_learners l LEFT JOIN room_learner_views v ON v.learner_id = l.id
       WHERE l.room_code = $1 AND l.id = $2`,
      [code, learnerId],
    );
    if (!row) return undefined;
    const [check] = await this.db.query<{ item: string; last_check: { report: CheckReportShape; at: string } }>(
      "SELECT item, last_check FROM room_progress WHERE learner_id = $1 AND last_check IS NOT NULL ORDER BY tried_at DESC NULLS LAST, item LIMIT 1",
      [learnerId],
    );
    return {
      id: row.id,
      name: row.name,
      item: row.item ?? undefined,
      files: row.files ?? undefined,
      lastCall: (row.last_call ?? undefined) as LearnerView["lastCall"],
      rejoinToken: row.rejoin_token ?? undefined,
      lastCheck: check ? { item: check.item, ...check.last_check } : undefined,
      updatedAt: row.updated_at?.toISOString(),
    };
  }

  /** One row per learner and item they opened: what their latest run says, and when one first passed. */
  async exportItems(code: string): Promise<ExportItemRow[]> {
    return this.db.query<ExportItemRow>(
      `SELECT l.name, p.item, p.opened_at, p.tried_at, p.passed AS passes_now, p.first_passed_at, p.attempts
       FROM room_learners l JOIN room_progress p ON p.learner_id = l.id WHERE l.room_code = $1 ORDER BY l.id, p.item`,
      [code],
    );
  }

  /** One row per learner, item and check the server ran for them. */
  async exportChecks(code: string): Promise<ExportCheckRow[]> {
    return this.db.query<ExportCheckRow>(
      `SELECT l.name, c.item, c.check_name, c.passed AS passes_now, c.first_passed_at, c.attempts
       FROM room_learners l JOIN room_check_results c ON c.learner_id = l.id WHERE l.room_code = $1 ORDER BY l.id, c.item, c.check_name`,
      [code],
    );
  }

  /**
   * Retires the code (joining answers that the room ended) and keeps the results for the teacher until
   * `deleteEndedBefore` removes them; announced in the same statement. Ending again keeps the first end's time.
   */
  async end(code: string, now: Date, announce: Announcement): Promise<void> {
    await this.db.query(
      `WITH ended AS (UPDATE rooms SET ended_at = coalesce(ended_at, $2) WHERE code = $1 RETURNING 1)
       SELECT pg_notify($3, $4) FROM ended`,
      [code, now, announce.channel, announce.payload],
    );
  }

  /** Deletes the learners and everything about them of rooms that ended before `cutoff`; the codes stay retired. */
  async deleteEndedBefore(cutoff: Date): Promise<number> {
    const rows = await this.db.query("DELETE FROM room_learners WHERE room_code IN (SELECT code FROM rooms WHERE ended_at < $1) RETURNING 1", [cutoff]);
    return rows.length;
  }
}
