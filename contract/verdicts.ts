// Where a learner stands on one lesson or challenge: the one vocabulary of the learner's page, the board, the
// teacher's grid and the CSV. Derived from facts the server recorded from its own runs, never from the page.

/** The states, in the order a learner moves through them. */
export const ITEM_STATES = ["not-opened", "opened", "tried", "passes-now", "passed-before"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** What the server knows of one learner and one item. Times are ISO strings. */
export type ItemFacts = {
  opened: boolean;
  tried: boolean;
  /** The verdict of the server's latest run of the item's goal check (a lesson) or hidden checks (a challenge). */
  passesNow: boolean;
  /** When that verdict first said "passes"; kept when a later run fails. */
  firstPassedAt?: string;
};

/**
 * "passed-before" is "passed at least once, broken now": the latest run fails, an earlier one passed.
 * A learner whose latest run passes is "passes-now" whatever came before.
 */
export function itemState(facts: ItemFacts): ItemState {
  if (facts.passesNow) return "passes-now";
  if (facts.firstPassedAt) return "passed-before";
  if (facts.tried) return "tried";
  if (facts.opened) return "opened";
  return "not-opened";
}

/** The words a page shows for each state. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  "not-opened": "Not opened",
  opened: "Opened",
  tried: "Tried",
  "passes-now": "Passes now",
  "passed-before": "Passed before, broken now",
};

/**
 * What the server saw itself serve a session, as "<what> <tool> [<detail>]": the facts a lesson that asks only to
 * observe ticks on. `call T`: a tools/call of T answered with its result (`outside call T` from a client other than
 * the page); `round2 T`: a tools/call of T that carried answers (2026-07-28); `elicit T`: a question pushed on T's
 * stream (2025-11-25); `ask T form|url`: a question of that mode, either era; `answer T accept|decline|cancel`; `fail
 * T CODE`: T's result was an error with that code; `error CODE`: a JSON-RPC error answered a tools/call; `tests run`,
 * `tests failed`: the server ran the session's tests (and one failed).
 */
export type ServedStep = string;

/**
 * How a lesson ticks (its meta.json's `tick`): `check` runs the lesson's hidden goal check (checks/<id>/) on the
 * learner's files; `steps` needs every listed fact served in the session, with the code compiling now. Both may be given.
 */
export type TickRule = { check?: true; steps?: ServedStep[] };

/** POST /api/sessions/{id}/verdict: the server's judgement of one lesson on the session as it is now. */
export type LessonVerdict = {
  lesson: string;
  passesNow: boolean;
  /** The steps of the rule not served yet, in the rule's words. */
  missing: ServedStep[];
  /** The goal check's report, when the rule has one. */
  check?: { passed: boolean; checks: { name: string; passed: boolean; message?: string }[] };
  /** The code does not compile now: the first error, file and line. */
  compile?: { file: string; line: number; message: string };
};
