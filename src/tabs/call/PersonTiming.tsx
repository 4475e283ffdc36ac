// A person who takes their time: how long after answering the person hands the answer over, and a fast-forward
// switch that shortens only what the client and the server wait for. While an answer is held, what is waiting.
import { FAST_FORWARD } from "../../../contract/person-timing";
import { requestTimeoutSeconds } from "./request-timeout";
import { callStore } from "./call-store";
import { PERSON_DELAY_NAMES, type PersonDelay } from "./person-delays";

export function PersonTiming({ delay, fastForward, running }: { delay: PersonDelay; fastForward: boolean; running: boolean }) {
  return (
    <div className="mt-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700" data-testid="person-timing">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <label className="flex items-center gap-2">
          <span>The person answers after</span>
          <select
            className="field-input w-auto !py-0.5 text-sm"
            value={delay}
            onChange={(e) => callStore.setPersonDelay(e.target.value as PersonDelay)}
            data-testid="person-delay"
          >
            {PERSON_DELAY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="accent-indigo-600"
            checked={fastForward}
            disabled={running}
            onChange={(e) => callStore.setFastForward(e.target.checked)}
          />
          <span>Fast-forward ×{FAST_FORWARD}</span>
        </label>
      </div>
      {fastForward && (
        <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-testid="fast-forward-note">
          Fast-forward divides by {FAST_FORWARD} only two things: this page's request timeout ({requestTimeoutSeconds(true)} s instead of the SDK's{" "}
          {requestTimeoutSeconds(false)} s) and this call's requestState expiry (a tenth of the server's). The person's delay, the sandbox's limits, session
          expiry and rate limits stay as they are.
        </p>
      )}
    </div>
  );
}

/** The answer the person gave and has not handed over yet, and what waits meanwhile in each revision. */
export function HeldAnswer({ until, pushed }: { until?: number; pushed: boolean }) {
  const when = until === undefined ? "never hands it over" : `hands it over at ${new Date(until).toLocaleTimeString()}`;
  return (
    <div role="status" data-testid="held-answer" className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm dark:border-sky-800 dark:bg-sky-950/40">
      <p>
        The person has answered and {when}.{" "}
        {pushed
          ? "Meanwhile the call's request stays open on 2025-11-25 and the client's request timeout runs: if it runs out first, the client cancels the call."
          : "Meanwhile nothing is in flight on 2026-07-28: round 2 is sent when the answer comes, and the server accepts it while the requestState has not expired."}
      </p>
      <button type="button" className="btn-secondary mt-2" onClick={() => callStore.handOver()}>
        Hand it over now
      </button>
    </div>
  );
}
