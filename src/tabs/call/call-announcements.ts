// The words a screen reader hears from the Call tab: a question waiting for an answer, and how a call finished.
// Pure, so each wording is unit-tested; call-store says them at the moment they become true.
import type { ElicitationQuestion } from "../../server-bridge/mcp-client";
import type { FinishedCall } from "./call-store";

/** Long enough to carry a result's gist, short enough not to read a whole JSON document aloud. */
const SPOKEN_TEXT = 200;

const gist = (text: string) => (text.length > SPOKEN_TEXT ? `${text.slice(0, SPOKEN_TEXT)}…` : text);

export function questionAnnouncement(q: ElicitationQuestion): string {
  const what =
    q.mode === "url" ? "It asks you to open a link: Accept, Decline or Cancel." : "The form is waiting for your answer: Accept, Decline or Cancel (Escape).";
  return `The tool asks: ${q.message} ${what}`;
}

/**
 * How a call finished, for a result. A JSON-RPC error or a failed call is said by its own box in the Call tab, which
 * is an assertive alert: saying it here as well would make a screen reader read it twice.
 */
export function outcomeAnnouncement(call: FinishedCall): string | undefined {
  if (call.kind !== "result") return undefined;
  const text = (call.result.content ?? [])
    .map((b) => (b.type === "text" ? b.text : ""))
    .filter(Boolean)
    .join(" ");
  const how = call.result.isError ? "finished with an error result (isError)" : "finished";
  return `The call of ${call.tool} ${how}${text ? `: ${gist(text)}` : "."}`;
}
