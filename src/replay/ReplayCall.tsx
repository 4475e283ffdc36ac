// The Call tab of a recording: the call the current step belongs to, as it stood at that step. Read-only: no form to
// fill, no button that sends.
import type { RecordedCall } from "../../contract/recording";
import { isPersonaName } from "../../contract/personas";
import { personaNamed } from "../server-bridge/personas";
import { CallOutcomeView } from "../tabs/call/CallOutcomeView";
import type { FinishedCall } from "../tabs/call/call-store";
import { JsonTree } from "../ui/JsonTree";
import type { ReplayStep } from "./steps";

const personaLabel = (name: string) => (isPersonaName(name) ? `${personaNamed(name).label} (${name})` : name);

/** The call as the Call tab showed it. The no-forms answer form is left out: it answers a live call, and there is none. */
const asShown = (call: RecordedCall) => ({ ...call, persona: "recorded" }) as unknown as FinishedCall;

export function ReplayCall({ step, calls }: { step?: ReplayStep; calls: RecordedCall[] }) {
  if (!step) {
    if (!calls.length) return <p className="text-sm text-slate-500">This recording has no calls.</p>;
    return (
      <div className="space-y-4">
        {calls.map((c) => (
          <CallCard key={c.seq} call={c} done />
        ))}
      </div>
    );
  }
  if (!step.call)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="replay-no-call">
        This step is the client's own traffic ({step.group.label}), not a tool call: see the Wire tab.
      </p>
    );
  return <CallCard call={step.call} done={step.last} />;
}

function CallCard({ call, done }: { call: RecordedCall; done: boolean }) {
  return (
    <section className="space-y-3" aria-label={`Call ${call.seq}`} data-testid="replay-call">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">client</dt>
        <dd>{personaLabel(call.persona)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">tool</dt>
        <dd className="font-mono font-semibold">{call.tool}</dd>
        <dt className="text-slate-500 dark:text-slate-400">arguments</dt>
        <dd className="min-w-0">
          <JsonTree value={call.args} openDepth={2} label={`arguments of call ${call.seq}`} />
        </dd>
      </dl>
      {done ? (
        <CallOutcomeView outcome={asShown(call)} />
      ) : (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          The call is under way at this step. Press Next to follow its rounds; its result shows at its last exchange.
        </p>
      )}
    </section>
  );
}
