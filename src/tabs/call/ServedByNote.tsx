// Under a call on an official-SDK project: which copy of the learner's server answered it, as the Wire tab names it.
import { useWireLog } from "../../server-bridge/wire-log";
import { serverInstanceOf } from "../wire/server-instance";

export function ServedByNote({ groupId }: { groupId: number | undefined }) {
  const wire = useWireLog();
  const group = wire.groups.find((g) => g.id === groupId);
  const call = group?.exchanges.find(
    (ex) => ex.httpMethod === "POST" && serverInstanceOf(ex) && (ex.requestBody as { method?: string } | undefined)?.method === "tools/call",
  );
  const instance = call && serverInstanceOf(call);
  if (!instance) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="call-served-by">
      Answered by <strong>{instance.label}</strong>. {instance.explanation}
    </p>
  );
}
