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
