// The rooms contract: what /api/rooms answers and takes, served by server/routes/api-rooms.ts, read by src/server-bridge/rooms.ts.
// Learner text (names, code, errors) travels as raw strings: every page that shows it escapes it.
// The request bodies a route validates are zod schemas (the route reads them with parseBody); the rest are types.
import * as z from "zod";
import { ProjectFiles } from "./api";
import type { ItemState } from "./verdicts";

/** What the teacher leads; learners' pages follow it. */
export type RoomLead = {
  /** "Everyone open lesson N": `seq` grows on every push, so pressing it twice moves the room twice. */
  lesson?: { id: string; seq: number };
  locked: string[];
  /** Released to the whole room, per challenge. */
  released: Record<string, "hint" | "solution">;
};

export type ProblemKind = "compile" | "tool";

export type BoardItem = {
  id: string;
  title: string;
  kind: "lesson" | "challenge";
  opened: number;
  tried: number;
  /** Learners whose latest server run passes. */
  passesNow: number;
  /** Learners who passed at least once and whose latest run fails ("passed before, broken now"). */
  passedBefore: number;
  locked: boolean;
  /** Challenges: each hidden check and how many learners fail it in their last Check. */
  checks: { name: string; failing: number }[];
};

export type BoardLearner = {
  id: number;
  name: string;
  joinedAt: string;
  item?: string;
  /** Items whose latest server run passes, and items passed at least once that fail now. */
  passesNow: number;
  passedBefore: number;
  /** Where the learner stands on each item they opened (the grid's cells); items not listed are not opened. */
  states: Record<string, ItemState>;
};

/** Learners with the same failing check, the same compile error or the same tool error in one lesson or challenge. */
export type FailureCluster = { kind: "check" | ProblemKind; item: string; text: string; count: number; learners: number[] };

export type Board = {
  code: string;
  title: string;
  createdAt: string;
  ended: boolean;
  lead: RoomLead;
  learners: BoardLearner[];
  lessons: BoardItem[];
  challenges: BoardItem[];
  clusters: FailureCluster[];
};

/** Released help, as a learner's Check panel shows it. */
export type ReleasedHelp = { hints?: Record<string, string>; solution?: Record<string, string> };

/** A learner's view of the room (GET /api/rooms/{code}/me and its events). */
export type LearnerRoom = {
  code: string;
  title: string;
  name: string;
  ended: boolean;
  lead: RoomLead;
  released: Record<string, ReleasedHelp>;
};

/** The parts of the server's CheckReport (server/test-runs/challenge-check.ts) that rooms keep. */
export type CheckReportShape = {
  passed: boolean;
  checks: { name: string; passed: boolean; message?: string }[];
  failure?: { kind: string; message: string };
};

/** The teacher's read-only look at one learner. */
export type LearnerView = {
  id: number;
  name: string;
  item?: string;
  files?: Record<string, string>;
  lastCheck?: { item: string; report: CheckReportShape; at: string };
  lastCall?: unknown;
  updatedAt?: string;
};

const ITEM = z.string({ error: '"item" must be the id of a lesson or challenge' });

/** POST /api/rooms/{code}/activity, sent by a learner's page with its learner key (`item` is checked against the course). */
export const RoomActivity = z.object(
  {
    item: ITEM,
    event: z.enum(["opened", "tried"], { error: '"event" must be "opened" or "tried"' }),
    /** The learner's compile or tool error now; null clears it. Omitted leaves it as it was. */
    problem: z
      .object({ kind: z.enum(["compile", "tool"]), text: z.string() }, { error: '"problem" must be null or { "kind": "compile" | "tool", "text" }' })
      .nullable()
      .optional(),
    files: ProjectFiles.optional(),
    /** The last Call: its arguments, result and wire exchange, as the page shows them. */
    call: z.unknown().optional(),
  },
  { error: 'Send a JSON object with "item" and "event"' },
);
export type RoomActivity = z.infer<typeof RoomActivity>;

/** POST /api/rooms/{code}/lead: what the teacher changes for the whole room. */
export const LeadChange = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.enum(["open", "lock", "unlock", "withdraw"]), item: ITEM }),
    z.object({ action: z.literal("release"), item: ITEM, what: z.enum(["hint", "solution"], { error: '"what" must be "hint" or "solution"' }) }),
  ],
  { error: '"action" must be one of open, lock, unlock, release, withdraw' },
);
export type LeadChange = z.infer<typeof LeadChange>;
