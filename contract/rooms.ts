// The rooms contract: what /api/rooms answers and takes, served by server/routes/api-rooms.ts, read by src/server-bridge/rooms.ts.
// Learner text (names, code, errors) travels as raw strings: every page that shows it escapes it.
// The request bodies a route validates are zod schemas (the route reads them with parseBody); the rest are types.
import * as z from "zod";
import { ProjectFiles } from "./api";
import type { ItemState } from "./verdicts";
import type { LessonSummary } from "./lessons";

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
  /** Hints the present learners revealed on this item, one reveal at a time. */
  hintsRevealed: number;
};

export type BoardLearner = {
  id: number;
  name: string;
  joinedAt: string;
  item?: string;
  /** Items whose latest server run passes, and items passed at least once that fail now. */
  passesNow: number;
  passedBefore: number;
  /** Where the learner stands on each item they opened (the grid's cells), keyed by item id; items not opened are left out. */
  items: Record<string, ItemState>;
  /** Hints the learner revealed, per item; items without a reveal are left out. */
  hintsRevealed: Record<string, number>;
  lastActiveAt: string;
  /** Trying one item for ROOM_STUCK_TRYING_MINUTES without passing, or idle for ROOM_STUCK_IDLE_MINUTES. */
  stuck: boolean;
};

/**
 * Learners grouped by why they fail in one lesson or challenge, causes first: code that does not compile, code still
 * the starter, a tool that throws, then each failing check among learners whose code compiles and changed.
 */
export type FailureCluster = { kind: "compile" | "starter" | "tool" | "check"; item: string; text: string; count: number; learners: number[] };

/** A raised hand in the help queue. */
export type Hand = { learner: number; name: string; text: string; at: string; item?: string };

/** One challenge at the end of the hour (or so far): passes now, passed at least once, and the median attempts of those who tried. */
export type ChallengeResult = { id: string; title: string; passedNow: number; passedEver: number; tried: number; medianAttempts: number | null };

export type Board = {
  code: string;
  title: string;
  createdAt: string;
  ended: boolean;
  endedAt?: string;
  /** When an ended room's results are deleted (ROOM_RESULTS_DAYS after the end). */
  resultsUntil?: string;
  joinsOpen: boolean;
  hintsAlways: boolean;
  maxLearners: number;
  lead: RoomLead;
  learners: BoardLearner[];
  lessons: BoardItem[];
  challenges: BoardItem[];
  clusters: FailureCluster[];
  /** Oldest first. */
  hands: Hand[];
  results: ChallengeResult[];
};

/** What the projector shows (GET /api/rooms/{code}/projector with the projector key): counts only, no names, no learner ids. */
export type ProjectorBoard = {
  code: string;
  title: string;
  ended: boolean;
  joinsOpen: boolean;
  learners: number;
  items: Pick<BoardItem, "id" | "title" | "kind" | "opened" | "tried" | "passesNow" | "passedBefore" | "locked">[];
  results: ChallengeResult[];
};

/** POST /api/rooms: the room's keys. The teacher key leads the room; the projector key only reads its counts. */
export type CreatedRoom = { code: string; teacherKey: string; projectorKey: string };

/** A learner's own results, shown when the room has ended. */
export type LearnerSummary = { passed: number; tried: number; items: { id: string; title: string; state: ItemState }[] };

/** Where this server can be reached from learners' devices: PUBLIC_URL when set, otherwise its non-loopback addresses. */
export type JoinAddresses = { publicUrl?: string; addresses: string[] };

/** POST /api/rooms/{code}/join and .../rejoin: who the learner is; `rejoinToken` makes their personal rejoin link. */
export type JoinedRoom = { code: string; learnerKey: string; name: string; rejoinToken: string; item?: string; files?: Record<string, string> };

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
  /** Whether this learner's hand is up in the help queue. */
  handRaised: boolean;
  /** After the end: the learner's own results. */
  summary?: LearnerSummary;
  /** Teachers' challenges this room includes, for the menu after the course's own (text and starter by GET /api/lessons/{id}). */
  challenges: LessonSummary[];
};

/** POST /api/rooms/{code}/hint-reveal: the learner revealed one hint of `item`; counted on the board. */
export const HintReveal = z.object(
  { learnerKey: z.string().optional(), item: z.string({ error: '"item" must be the challenge whose hint was revealed' }) },
  { error: 'Send { "learnerKey", "item" }' },
);

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
  lastCall?: SharedCall;
  updatedAt?: string;
  /** Makes the learner's personal rejoin link, for the teacher to show again. */
  rejoinToken?: string;
};

/** What a learner's page sends as its last Call: the wire group, trimmed to what a reader needs. */
export const SharedCall = z.strictObject(
  {
    label: z.string().max(200),
    persona: z.string().max(200).optional(),
    exchanges: z
      .array(
        z.strictObject({
          method: z.string().max(20),
          url: z
            .string()
            .max(2000)
            .regex(/^(\/|https?:\/\/)/, "an exchange's url is a path or an http(s) address"),
          status: z.number().int().min(100).max(599).optional(),
          /** When the exchange started (ms since the epoch) and how long it took, for a recording's timeline. */
          startedAt: z.number().nonnegative().optional(),
          durationMs: z.number().nonnegative().optional(),
          request: z.unknown().optional(),
          messages: z.array(z.unknown()).max(200),
        }),
      )
      .max(50),
  },
  { error: '"call" must be { "label", "exchanges": [{ "method", "url", "status"?, "startedAt"?, "durationMs"?, "request"?, "messages": [] }] }' },
);
export type SharedCall = z.infer<typeof SharedCall>;

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
    call: SharedCall.optional(),
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

/** POST /api/rooms. */
export const CreateRoom = z.object(
  {
    title: z.string({ error: '"title" must be a string' }).optional(),
    /** Hints shown on every failing check from the start, instead of held until the teacher releases them. */
    hintsAlways: z.boolean({ error: '"hintsAlways" must be true or false' }).optional(),
    /** Teachers' published challenges the room includes from the start (ids from POST /api/challenges). */
    challenges: z
      .array(z.string({ error: '"challenges" must be a list of challenge ids' }), { error: '"challenges" must be a list of challenge ids' })
      .max(50)
      .optional(),
  },
  { error: "Send a JSON object" },
);
export type CreateRoom = z.infer<typeof CreateRoom>;

/** POST /api/rooms/{code}/learners/{id}/rename. */
export const RenameLearner = z.object({ name: z.unknown() }, { error: 'Send { "name": "..." }' });
/** POST /api/rooms/{code}/learners/{id}/merge: this entry's progress goes into `into`'s, and this entry is removed. */
export const MergeLearner = z.object({ into: z.number({ error: '"into" must be a learner id' }).int().positive() }, { error: 'Send { "into": <learner id> }' });
/** POST /api/rooms/{code}/joins. */
export const JoinsChange = z.object({ open: z.boolean({ error: '"open" must be true or false' }) }, { error: 'Send { "open": true | false }' });
/** POST /api/rooms/{code}/rejoin. */
export const Rejoin = z.object(
  { token: z.string({ error: '"token" must be the rejoin token from the link' }).min(16).max(100) },
  { error: 'Send { "token": "..." }' },
);

export const HAND_TEXT_MAX = 140;
/** POST /api/rooms/{code}/hand raises the learner's hand; DELETE lowers it (the learner with `learnerKey`, the teacher with `learner`). */
export const HandChange = z.object(
  {
    learnerKey: z.string().optional(),
    text: z.string({ error: '"text" must be a string' }).max(HAND_TEXT_MAX, `A question has at most ${HAND_TEXT_MAX} characters`).optional(),
    learner: z.number().int().positive().optional(),
  },
  { error: 'Send { "learnerKey", "text"? }' },
);

/** POST /api/rooms/{code}/items: a teacher's published challenge joins the room's menu and board. */
export const AddRoomItem = z.strictObject(
  { challengeId: z.string({ error: '"challengeId" must be the id POST /api/challenges gave' }) },
  { error: 'Send { "challengeId" }' },
);
