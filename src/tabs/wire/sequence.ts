// The arrows of a call's sequence diagram, in the order things happened: person, client and server
// lanes, and the outside page a URL-mode question sends the person to; one arrow per message. Pure, so the order
// and the words are unit-tested.
import { URL_ELICITATION_REQUIRED } from "../../../contract/outside";
import type { ReadExchange, RpcMessage } from "./wire-analysis";

/** Person, client, server, and the outside page (drawn only when a call sends someone there). */
export type Lane = 0 | 1 | 2 | 3;
export const OUTSIDE_LANE: Lane = 3;
export interface Arrow {
  from: Lane;
  to: Lane;
  text: string;
  tone: "plain" | "ask" | "answer" | "done" | "error";
}

/** What the client puts in front of the person for a question: a form, or (URL mode) a link to open. */
function shows(questions: unknown[]): string {
  const url = questions.filter((q) => (q as { params?: { mode?: string } } | undefined)?.params?.mode === "url").length;
  if (url === 0) return "shows the form";
  return url === questions.length ? "shows the link" : "shows the forms and links";
}

const isUrl = (question: unknown) => (question as { params?: { mode?: string } } | undefined)?.params?.mode === "url";
const opens: Arrow = { from: 0, to: OUTSIDE_LANE, text: "opens the link", tone: "plain" };
const pageLeft: Arrow = { from: OUTSIDE_LANE, to: 2, text: "Sign in or Cancel reaches the server", tone: "answer" };

function answerArrows(answer: ReadExchange, url = false): Arrow[] {
  const action = (answer.request?.result as { action?: string } | undefined)?.action ?? "answer";
  return [
    { from: 0, to: 1, text: `answers: ${action}`, tone: "answer" },
    { from: 1, to: 2, text: `POST result (${action})`, tone: "answer" },
    ...(url && action === "accept" ? [opens] : []),
  ];
}

/** A page the person left, as 2025-11-25 tells the client: the page reached the server, the server says so. */
function completeArrows(notice: RpcMessage): Arrow[] {
  if (notice.method !== "notifications/elicitation/complete") return [];
  return [pageLeft, { from: 2, to: 1, text: `notifications/elicitation/complete ${String(notice.params?.elicitationId ?? "")}`, tone: "done" }];
}

function resultArrow(r: ReadExchange): Arrow | undefined {
  const response: RpcMessage | undefined = r.response;
  if (response?.error) return { from: 2, to: 1, text: `error ${response.error.code}`, tone: "error" };
  if (r.resultType === "input_required") {
    const keys = Object.keys((response?.result?.inputRequests as object) ?? {});
    return { from: 2, to: 1, text: `input_required: ${keys.join(", ") || "state only"}`, tone: "ask" };
  }
  if (response)
    return { from: 2, to: 1, text: response.result?.isError ? "result (isError)" : "result: complete", tone: response.result?.isError ? "error" : "done" };
  if (r.exchange.status && r.exchange.status >= 400) return { from: 2, to: 1, text: `HTTP ${r.exchange.status}`, tone: "error" };
  return undefined;
}

export function arrowsFor(rows: ReadExchange[]): Arrow[] {
  const out: Arrow[] = [];
  // On 2025-11-25 the answer to a pushed question is its own POST, recorded after the call's POST whose
  // stream carried the question and, later, the result: it is drawn between the two, where it happened.
  const answersById = new Map<unknown, ReadExchange>();
  for (const r of rows) if (r.role === "answer" && r.request?.id !== undefined) answersById.set(r.request.id, r);
  const drawn = new Set<ReadExchange>();
  // Per 2026-07-28 round: whether the question it answers was a link (so an accept sends the person to the page).
  let askedUrl: Record<string, boolean> = {};
  for (const [i, r] of rows.entries()) {
    if (r.role === "stream" || drawn.has(r)) continue;
    if (r.role === "answer") {
      out.push(...answerArrows(r));
      continue;
    }
    if (r.role === "round") {
      const responses = r.request?.params?.inputResponses as Record<string, { action?: string }> | undefined;
      if (responses)
        for (const [k, v] of Object.entries(responses)) {
          out.push({ from: 0, to: 1, text: `${k}: ${v?.action ?? "?"}`, tone: "answer" });
          if (askedUrl[k] && v?.action === "accept") out.push(opens);
        }
      out.push({
        from: 1,
        to: 2,
        text: `tools/call #${String(r.request?.id)}${responses ? " + inputResponses" : ""}${r.request?.params?.requestState ? " + requestState" : ""}`,
        tone: "plain",
      });
      for (const p of r.pushed) {
        out.push({ from: 2, to: 1, text: `${p.method} (pushed)`, tone: "ask" });
        out.push({ from: 1, to: 0, text: shows([p]), tone: "ask" });
        const answer = answersById.get(p.id);
        if (answer) {
          out.push(...answerArrows(answer, isUrl(p)));
          drawn.add(answer);
        }
      }
      for (const notice of r.notices) out.push(...completeArrows(notice));
      const result = resultArrow(r);
      if (result) out.push(result);
      const inputRequests = (r.response?.result?.inputRequests as Record<string, unknown> | undefined) ?? {};
      askedUrl = Object.fromEntries(Object.entries(inputRequests).map(([k, q]) => [k, isUrl(q)]));
      if (r.resultType === "input_required") out.push({ from: 1, to: 0, text: shows(Object.values(inputRequests)), tone: "ask" });
      if (r.response?.error?.code === URL_ELICITATION_REQUIRED) {
        out.push({ from: 1, to: 0, text: "shows the link (from -32042)", tone: "ask" });
        // The client calls again only once the server said every page is done (on its own stream).
        if (rows.slice(i + 1).some((next) => next.role === "round"))
          out.push(opens, pageLeft, { from: 2, to: 1, text: "notifications/elicitation/complete", tone: "done" });
      }
      continue;
    }
    out.push({ from: 1, to: 2, text: r.label, tone: "plain" });
    if (r.exchange.status !== undefined)
      out.push({
        from: 2,
        to: 1,
        text: r.response?.error ? `error ${r.response.error.code}` : `${r.exchange.status}`,
        tone: r.response?.error ? "error" : "plain",
      });
  }
  return out;
}
