// How many Checks of each challenge the server itself ran for a session: what opens the reference solution to a
// learner working alone. Kept with the session in memory; a session rebuilt elsewhere starts again from nothing.
import type { Session } from "./session";

const bySession = new WeakMap<Session, Map<string, number>>();

export function countCheck(session: Session, challenge: string): void {
  const counts = bySession.get(session) ?? new Map<string, number>();
  counts.set(challenge, (counts.get(challenge) ?? 0) + 1);
  bySession.set(session, counts);
}

export function checksRun(session: Session, challenge: string): number {
  return bySession.get(session)?.get(challenge) ?? 0;
}
