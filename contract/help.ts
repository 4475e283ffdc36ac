// How much help a learner gets and when: plain constants, apart from the request schemas, so the page reads them
// without loading the schema library.

/** Checks of a challenge the server must have run for a session before it gives that session the reference solution. */
export const CHECKS_BEFORE_SOLUTION = 3;

/** What a failing check says in a room instead of its hint, until the teacher releases hints (or the room has them always on). */
export const HELD_HINT = "Not passing yet. Hints for this challenge appear when your teacher releases them.";
