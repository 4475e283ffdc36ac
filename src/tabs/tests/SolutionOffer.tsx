// "Show me the solution" for a learner working alone: offered once the server answered three of their Checks of this
// challenge (the server keeps its own count and refuses before). In a room the teacher releases it instead.
import { useState, useSyncExternalStore } from "react";
import { challengeSolution, CHECKS_BEFORE_SOLUTION, type Solution } from "../../server-bridge/tests";
import { useRoomMembership } from "../../server-bridge/rooms";
import { SolutionFiles } from "./SolutionFiles";

/** Solutions shown, per challenge: kept outside the component, so a layout change (a phone turned) keeps one open. */
const shown = new Map<string, Solution>();
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
function keepShown(solution: Solution) {
  shown.set(solution.challenge, solution);
  for (const l of listeners) l();
}

export function SolutionOffer({ challengeId, answered, passed }: { challengeId: string; answered: number; passed: boolean }) {
  const membership = useRoomMembership();
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  const solution = useSyncExternalStore(subscribe, () => shown.get(challengeId));
  if (membership.membership) {
    if (membership.room?.released[challengeId]?.solution || passed) return null;
    return <p className="text-xs text-slate-600 dark:text-slate-400">In a room, the reference solution appears here when your teacher releases it.</p>;
  }
  if (solution)
    return (
      <details open className="rounded-md border border-slate-300 p-2 dark:border-slate-700" data-testid="solution">
        <summary className="cursor-pointer text-sm font-medium">Reference solution</summary>
        <SolutionFiles files={solution.files} />
      </details>
    );
  if (answered < CHECKS_BEFORE_SOLUTION) {
    if (passed) return null;
    const left = CHECKS_BEFORE_SOLUTION - answered;
    return (
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="solution-later">
        Stuck? The reference solution opens after {CHECKS_BEFORE_SOLUTION} Checks ({left} to go).
      </p>
    );
  }
  const show = async () => {
    setState({ busy: true });
    try {
      keepShown(await challengeSolution(challengeId));
      setState({});
    } catch (error) {
      setState({ error: (error as Error).message });
    }
  };
  return (
    <div>
      <button type="button" className="btn-secondary text-sm" onClick={() => void show()} disabled={state.busy}>
        Show me the solution
      </button>
      {state.error && (
        <p role="alert" className="mt-1 text-xs text-rose-700 dark:text-rose-300">
          {state.error}
        </p>
      )}
    </div>
  );
}
