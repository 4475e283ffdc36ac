// On an official-SDK project's exchanges: which copy of the learner's server answered (see server-instance.ts).
import type { WireExchange } from "../../server-bridge/wire-log";
import { serverInstanceOf } from "./server-instance";

export function ServerInstanceBadge({ exchange }: { exchange: WireExchange }) {
  const instance = serverInstanceOf(exchange);
  if (!instance) return null;
  const tone = instance.shared
    ? "bg-violet-100 text-violet-800 dark:bg-violet-900 dark:text-violet-100"
    : "bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100";
  return (
    <span className={`badge ${tone}`} title={instance.explanation} data-testid="server-instance">
      {instance.label}
    </span>
  );
}
