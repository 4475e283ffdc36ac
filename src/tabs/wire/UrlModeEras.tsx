// URL mode on the two eras, side by side, for a call that sent a link: what this call's era put on the wire, and
// the shape the other era gives the same question (2025-11-25: elicitationId and a completion notice, or -32042;
// 2026-07-28: none of those, the retry carries requestState).
import type { ReadExchange } from "./wire-analysis";
import { urlModeSeen } from "./url-mode-eras";

const box = "rounded-md border p-2 text-xs leading-relaxed [overflow-wrap:anywhere]";
const thisEra = "border-emerald-400 bg-emerald-50/60 dark:border-emerald-700 dark:bg-emerald-950/30";
const otherEra = "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900";

export function UrlModeEras({ rows }: { rows: ReadExchange[] }) {
  const seen = urlModeSeen(rows);
  if (!seen) return null;
  const legacy = seen.era === "2025-11-25";
  const id = seen.elicitationId ? <code className="font-mono break-all">{seen.elicitationId}</code> : "an id";
  return (
    <section aria-label="URL mode on the two protocol versions" className="grid gap-2 md:grid-cols-2" data-testid="url-mode-eras">
      <div className={`${box} ${legacy ? thisEra : otherEra}`}>
        <p className="mb-1 font-semibold">2025-11-25{legacy && " · this call"}</p>
        <ul className="list-disc space-y-0.5 pl-4">
          <li>
            {seen.viaError ? "error -32042 lists the link" : "elicitation/create is pushed"} with <code>elicitationId</code> {legacy ? id : "(an id)"}
          </li>
          <li>
            when the page is left, the server sends <code>notifications/elicitation/complete</code>
            {legacy && (seen.completed ? ": it came" : ": not yet")}
          </li>
          <li>{seen.viaError ? "the client then calls the tool again" : "the call's result follows on the same stream"}</li>
        </ul>
      </div>
      <div className={`${box} ${legacy ? otherEra : thisEra}`}>
        <p className="mb-1 font-semibold">2026-07-28{!legacy && " · this call"}</p>
        <ul className="list-disc space-y-0.5 pl-4">
          <li>
            <code>input_required</code> carries the link with no <code>elicitationId</code>
          </li>
          <li>
            no notification and no -32042: the retry sends <code>accept</code> with the same <code>requestState</code>
          </li>
          <li>the server answers the retry once the page is left</li>
        </ul>
      </div>
    </section>
  );
}
