// A recording as a sequence of steps, one per wire exchange in the order they were sent: what Previous and Next walk
// through. A step knows its Wire card cut at that exchange, and the call the card belongs to.
import type { RecordedCall, RecordedGroup, Recording } from "../../contract/recording";

export interface ReplayStep {
  group: RecordedGroup;
  /** The card with its exchanges up to and including this step's. */
  shown: RecordedGroup;
  /** The card's last exchange: the call's outcome is known from here on. */
  last: boolean;
  call?: RecordedCall;
}

const byTime = (a: RecordedGroup, b: RecordedGroup) => a.startedAt - b.startedAt || a.id - b.id;

export function replaySteps(recording: Recording): ReplayStep[] {
  const callOf = new Map(recording.calls.filter((c) => c.groupId !== undefined).map((c) => [c.groupId, c]));
  const steps: ReplayStep[] = [];
  for (const group of [...recording.wire].sort(byTime)) {
    const exchanges = [...group.exchanges].sort((a, b) => a.seq - b.seq);
    exchanges.forEach((_, i) =>
      steps.push({ group, shown: { ...group, exchanges: exchanges.slice(0, i + 1) }, last: i === exchanges.length - 1, call: callOf.get(group.id) }),
    );
  }
  return steps;
}

/** What the step's exchange did, in a line: "POST tools/call close_ticket → 200". */
export function stepLine(step: ReplayStep): string {
  const x = step.shown.exchanges[step.shown.exchanges.length - 1];
  const body = x.requestBody as { method?: unknown; id?: unknown; result?: unknown } | undefined;
  const method = typeof body?.method === "string" ? body.method : body && "result" in body ? `answer to ${String(body.id)}` : "";
  return `${x.httpMethod} ${method}${x.status !== undefined ? ` → ${x.status}` : ""}`.replace(/\s+/g, " ");
}
