// Which hints the learner revealed, per challenge and check: a failing check's hint stays hidden until its
// "Show a hint" is pressed, and stays shown for later Checks of the same challenge. In a room the reveal is counted on
// the board first; a hint shows only once the server took the count.
import { useSyncExternalStore } from "react";
import { roomMembership } from "../../server-bridge/rooms";

class HintReveals {
  private revealed = new Map<string, ReadonlySet<string>>();
  private listeners = new Set<() => void>();

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  of = (challengeId: string): ReadonlySet<string> => this.revealed.get(challengeId) ?? NONE;

  async reveal(challengeId: string, check: string): Promise<void> {
    if (this.of(challengeId).has(check)) return;
    await roomMembership.revealHint(challengeId);
    this.revealed.set(challengeId, new Set([...this.of(challengeId), check]));
    for (const l of this.listeners) l();
  }
}

const NONE: ReadonlySet<string> = new Set();
export const hintReveals = new HintReveals();

export function useRevealedHints(challengeId: string): ReadonlySet<string> {
  return useSyncExternalStore(hintReveals.subscribe, () => hintReveals.of(challengeId));
}
