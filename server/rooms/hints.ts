// Hints held in a room: until the teacher releases them for a challenge (or the room has them always on), a Check
// report says which checks fail but not how to fix them.
import { HELD_HINT } from "../../contract/help";
import type { CheckReportShape } from "../../contract/rooms";

export function heldHints<R extends CheckReportShape>(report: R): R {
  return { ...report, checks: report.checks.map((c) => (c.passed ? c : { ...c, message: HELD_HINT })) };
}
