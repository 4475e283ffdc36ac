// The authoring contract: what /api/challenges takes and answers (server/routes/api-challenges.ts), read by the
// page through src/server-bridge/challenges.ts. A teacher's challenge has the parts a shipped one has in lessons/
// and checks/: text and starter files (what learners see), hidden checks, hints, a reference solution and broken
// variants (what only the author and the server see).
import * as z from "zod";
import { CheckReport, ProjectFiles } from "./api";
import { PERSONA_NAMES } from "./personas";

/** A check file's name (checks.test.ts, or any other *.test.ts at the top of checks/<id>/); the server says when one is not. */
export const CHECK_FILE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.test\.ts$/;
/** A broken variant's name: a folder of checks/<id>/broken/. */
export const VARIANT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TITLE_MAX_CHARS = 80;

/** The names of the test(...) calls in a checks file, in order: each is one check. Names must be plain string literals. */
export function checkNamesIn(source: string): string[] {
  const names: string[] = [];
  const pattern = /\btest(?:\.only)?\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const match of source.matchAll(pattern)) names.push(match[2].replace(/\\(.)/g, "$1"));
  return names;
}

/** The body of POST /api/challenges and PUT /api/challenges/{id}. Sizes are capped by the server's settings. */
export const ChallengeDraft = z.strictObject(
  {
    title: z
      .string({ error: '"title" must be text' })
      .trim()
      .min(1, "A challenge needs a title")
      .max(TITLE_MAX_CHARS, `A title has at most ${TITLE_MAX_CHARS} characters`),
    /** The text learners read: the same Markdown as a lesson's lesson.md. */
    text: z.string({ error: '"text" must be Markdown text' }),
    /** The client the text is written for (contract/personas.ts). */
    persona: z.enum(PERSONA_NAMES, { error: `"persona" must be one of ${PERSONA_NAMES.join(", ")}` }).default("modern"),
    starter: ProjectFiles,
    /** The hidden checks: *.test.ts files with @frontmcp/testing; each test(...) is one check. */
    checks: z.record(z.string(), z.string({ error: "A check file must be text" })),
    /** Check name to hint. */
    hints: z.record(z.string(), z.string({ error: "A hint must be text" })),
    solution: ProjectFiles,
    /** Broken variants by name: full projects each check should catch (at least one check fails on each). */
    broken: z.record(z.string(), ProjectFiles).default({}),
  },
  { error: 'Send { "title", "text", "starter", "checks", "hints", "solution", "broken"? }' },
);
export type ChallengeDraft = z.infer<typeof ChallengeDraft>;
/** What a page sends: the defaults may be left out. */
export type ChallengeDraftInput = z.input<typeof ChallengeDraft>;

/** One rule of the fairness proof that a challenge does not meet (a refusal) or meets only in part (a warning). */
export const FairnessFinding = z.strictObject({
  rule: z.enum(["checks-compile", "has-checks", "solution-passes", "starter-fails", "hint-per-check", "variants-caught"]),
  message: z.string(),
  /** The check names the finding is about. */
  checks: z.array(z.string()).optional(),
});
export type FairnessFinding = z.infer<typeof FairnessFinding>;

/** The fairness proof run on save: a challenge is published only when `refusals` is empty. */
export const FairnessProof = z.strictObject({
  fair: z.boolean(),
  refusals: z.array(FairnessFinding),
  warnings: z.array(FairnessFinding),
  checkNames: z.array(z.string()),
  /** The reports a learner would get for the solution, the starter and each broken variant (what was run). */
  solution: CheckReport.optional(),
  starter: CheckReport.optional(),
  broken: z.record(z.string(), CheckReport).optional(),
});
export type FairnessProof = z.infer<typeof FairnessProof>;

export const ChallengeStatus = z.enum(["draft", "published"]);
export type ChallengeStatus = z.infer<typeof ChallengeStatus>;

/** 201 from POST /api/challenges and /api/challenges/import: the author key is shown once and stored hashed. */
export const ChallengeCreated = z.strictObject({ id: z.string(), authorKey: z.string(), status: ChallengeStatus, proof: FairnessProof });
export type ChallengeCreated = z.infer<typeof ChallengeCreated>;

/** 200 from PUT /api/challenges/{id}. */
export const ChallengeSaved = z.strictObject({ id: z.string(), status: ChallengeStatus, proof: FairnessProof });
export type ChallengeSaved = z.infer<typeof ChallengeSaved>;

/** 200 from GET /api/challenges/{id} with the author key: everything, hidden parts included. */
export const AuthoredChallenge = z.strictObject({
  ...ChallengeDraft.shape,
  persona: z.enum(PERSONA_NAMES),
  broken: z.record(z.string(), ProjectFiles),
  id: z.string(),
  status: ChallengeStatus,
  proof: FairnessProof,
  updatedAt: z.string(),
});
export type AuthoredChallenge = z.infer<typeof AuthoredChallenge>;

/** POST /api/challenges/copy, with a room's teacher key: a shipped challenge as a draft to start from (not saved). */
export const CopyShipped = z.strictObject(
  { from: z.string({ error: '"from" must be a shipped challenge\'s id' }), room: z.string({ error: '"room" must be the code of your room' }) },
  { error: 'Send { "from", "room" } with the room\'s teacher key' },
);
