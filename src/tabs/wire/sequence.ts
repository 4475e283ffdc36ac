// The arrows of a call's sequence diagram, in the order things happened: person, client and server
// lanes, one arrow per message. Pure, so the order and the words are unit-tested.
import type { ReadExchange, RpcMessage } from "./wire-analysis";

type Lane = 0 | 1 | 2;
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

function answerArrows(answer: ReadExchange): Arrow[] {
  const action = (answer.request?.result as { action?: string } | undefined)?.action ?? "answer";
  return [
    { from: 0, to: 1, text: `answers: ${action}`, tone: "answer" },
    { from: 1, to: 2, text: `POST result (${action})`, tone: "answer" },
  ];
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
  for (const r of rows) {
    if (r.role === "stream" || drawn.has(r)) continue;
    if (r.role === "answer") {
      out.push(...answerArrows(r));
      continue;
    }
    if (r.role === "round") {
      const responses = r.request?.params?.inputResponses as Record<string, { action?: string }> | undefined;
      if (responses) for (const [k, v] of Object.entries(responses)) out.push({ from: 0, to: 1, text: `${k}: ${v?.action ?? "?"}`, tone: "answer" });
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
          out.push(...answerArrows(answer));
          drawn.add(answer);
        }
      }
      const result = resultArrow(r);
      if (result) out.push(result);
      if (r.resultType === "input_required")
        out.push({ from: 1, to: 0, text: shows(Object.values((r.response?.result?.inputRequests as object) ?? {})), tone: "ask" });
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
