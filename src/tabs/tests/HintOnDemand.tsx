// A failing check's hint, hidden until the learner asks for it: one "Show a hint" per failing check, so hints come
// one at a time. A hint the room still holds is said as it is (nothing to reveal); a reveal the server refused says why.
import { useState } from "react";
import { HELD_HINT } from "../../server-bridge/tests";
import { hintReveals, useRevealedHints } from "./hint-reveals";

export function HintOnDemand({ challengeId, check, hint }: { challengeId: string; check: string; hint: string }) {
  const revealed = useRevealedHints(challengeId).has(check);
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  if (hint === HELD_HINT) return <p className="ml-5 text-xs text-slate-600 dark:text-slate-400">{hint}</p>;
  if (revealed)
    return (
      <p className="ml-5 text-xs text-slate-700 dark:text-slate-300" data-testid="hint">
        Hint: {hint}
      </p>
    );
  const show = async () => {
    setState({ busy: true });
    try {
      await hintReveals.reveal(challengeId, check);
      setState({});
    } catch (error) {
      setState({ error: (error as Error).message });
    }
  };
  return (
    <div className="ml-5">
      <button
        type="button"
        className="btn-ghost !px-1.5 !py-0.5 text-xs"
        onClick={() => void show()}
        disabled={state.busy}
        aria-label={`Show a hint for "${check}"`}
      >
        Show a hint
      </button>
      {state.error && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {state.error}
        </p>
      )}
    </div>
  );
}
