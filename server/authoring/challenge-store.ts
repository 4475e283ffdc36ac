// Authored challenges in the database (migration 050): one row per challenge, owned by the hash of its author key.
// Only the author (with the key) reads the hidden parts; learners reach a published challenge's text and starter
// through the course (server/lessons/course.ts), never through this store's rows directly.
import { randomBytes } from "node:crypto";
import type { ChallengeDraft, ChallengeStatus, FairnessProof } from "../../contract/challenges";
import type { Database } from "../db/database";
import { hashKey, newKey } from "../rooms/codes";
import type { Announcement } from "../rooms/events";
import { sameSecret } from "../same-secret";

/** Authored ids start with "a-" and never collide with a shipped folder's id; they pass isLessonId. */
export const AUTHORED_ID = /^a-[a-z0-9]{12}$/;
const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newChallengeId(): string {
  const bytes = randomBytes(12);
  return `a-${Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("")}`;
}

export type StoredChallenge = {
  id: string;
  content: ChallengeDraft;
  status: ChallengeStatus;
  proof: FairnessProof;
  updatedAt: Date;
};

type Row = { id: string; author_key_hash: string; content: ChallengeDraft; status: ChallengeStatus; proof: FairnessProof; updated_at: Date };

const toStored = (row: Row): StoredChallenge => ({ id: row.id, content: row.content, status: row.status, proof: row.proof, updatedAt: row.updated_at });

export class ChallengeStore {
  constructor(private readonly db: Database) {}

  async create(content: ChallengeDraft, proof: FairnessProof): Promise<{ id: string; authorKey: string }> {
    const authorKey = newKey();
    const id = newChallengeId();
    await this.db.query("INSERT INTO authored_challenges (id, author_key_hash, title, content, status, proof) VALUES ($1, $2, $3, $4, $5, $6)", [
      id,
      hashKey(authorKey),
      content.title,
      JSON.stringify(content),
      proof.fair ? "published" : "draft",
      JSON.stringify(proof),
    ]);
    return { id, authorKey };
  }

  /** The challenge whatever its status, for the server's own use (a room's Check, the board). */
  async get(id: string): Promise<StoredChallenge | undefined> {
    if (!AUTHORED_ID.test(id)) return undefined;
    const [row] = await this.db.query<Row>("SELECT * FROM authored_challenges WHERE id = $1", [id]);
    return row && toStored(row);
  }

  /** The challenge if `key` is its author key: "not-found" and "not-yours" are told apart only as 404 and 403. */
  async owned(id: string, key: string | undefined): Promise<StoredChallenge | "not-found" | "not-yours"> {
    if (!AUTHORED_ID.test(id)) return "not-found";
    const [row] = await this.db.query<Row>("SELECT * FROM authored_challenges WHERE id = $1", [id]);
    if (!row) return "not-found";
    if (!key || !sameSecret(row.author_key_hash, hashKey(key))) return "not-yours";
    return toStored(row);
  }

  async update(id: string, content: ChallengeDraft, proof: FairnessProof): Promise<void> {
    await this.db.query("UPDATE authored_challenges SET title = $2, content = $3, status = $4, proof = $5, updated_at = now() WHERE id = $1", [
      id,
      content.title,
      JSON.stringify(content),
      proof.fair ? "published" : "draft",
      JSON.stringify(proof),
    ]);
  }

  /** Adds a published challenge to a room, announced in the same statement (again is a no-op): "not-found" or "draft" when it cannot be. */
  async addToRoom(code: string, id: string, announce: Announcement): Promise<"added" | "not-found" | "draft"> {
    const found = await this.get(id);
    if (!found) return "not-found";
    if (found.status !== "published") return "draft";
    await this.db.query(
      `WITH added AS (INSERT INTO room_challenges (room_code, challenge_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1)
       SELECT pg_notify($3, $4) FROM added`,
      [code, id, announce.channel, announce.payload],
    );
    return "added";
  }

  /** A room's published challenges, in the order they were added. */
  async inRoom(code: string): Promise<StoredChallenge[]> {
    const rows = await this.db.query<Row>(
      "SELECT c.* FROM room_challenges r JOIN authored_challenges c ON c.id = r.challenge_id WHERE r.room_code = $1 AND c.status = 'published' ORDER BY r.added_at, c.id",
      [code],
    );
    return rows.map(toStored);
  }

  async delete(id: string): Promise<void> {
    await this.db.query("DELETE FROM authored_challenges WHERE id = $1", [id]);
  }
}
