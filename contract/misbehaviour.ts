// The rules a `misbehaving` client breaks, one table for every side: the Call tab's choice, the note that names the
// rule the server's answer keeps, and the retry each one sends. Most are a real round 2 of a 2026-07-28 call, sent by
// the official SDK client with params built here from the round 1 the server really answered; the 2025-11-25 ones
// are the SDK client's own messages on a bent transport (rule-breaking-transport.ts).
import type { TransportBreak } from "./rule-breaking-transport";

const MRTR = "https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr";
const ELICITATION = "https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation";
const REQUESTS_2025 = "https://modelcontextprotocol.io/specification/2025-11-25/basic#requests";
const POSTING_2025 = "https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#sending-messages-to-the-server";
const CANCELLATION_2025 = "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation";

export type Misbehaviour = {
  label: string;
  /** What the client does wrong, in a sentence. */
  does: string;
  /** The spec's rule that the server's answer keeps. */
  rule: string;
  /** Where the spec says so. */
  spec: string;
  /**
   * What a server that keeps the rule answers: a refused requestState, an isError result naming the field, the
   * question again, or HTTP 400 with -32600 to the one POST that broke the rule.
   */
  expect: "invalid_request_state" | "invalid_answer" | "asks_again" | "refused_post";
  /** The revision the client speaks to break it; 2026-07-28 when not given. */
  era?: "2025-11-25";
};

export const MISBEHAVIOURS = {
  "state-reserialised": {
    label: "requestState re-serialised",
    does: "Decodes requestState, writes the same JSON with other spacing, and sends that back.",
    rule: "Clients MUST echo requestState exactly; the server integrity-protects it, so other bytes are another state.",
    spec: MRTR,
    expect: "invalid_request_state",
  },
  "state-edited": {
    label: "requestState edited",
    does: "Pushes the state's expiry an hour later and sends it back with the old signature.",
    rule: "requestState is attacker-controlled: a server whose logic depends on it MUST integrity-protect it.",
    spec: MRTR,
    expect: "invalid_request_state",
  },
  "state-other-tool": {
    label: "round 2 to another tool",
    does: "Sends round 2's answer and requestState to the project's other tool.",
    rule: "A server SHOULD bind requestState to the request it came from; a state made for one tool is refused for another.",
    spec: MRTR,
    expect: "invalid_request_state",
  },
  "state-other-arguments": {
    label: "round 2 with other arguments",
    does: "Sends round 2 for another ticket (T-2) with the state made for this one.",
    rule: "A server SHOULD bind requestState to the originating request, arguments included.",
    spec: MRTR,
    expect: "invalid_request_state",
  },
  "state-after-reset": {
    label: "round 2 after Reset data",
    does: "Resets the server's data between the rounds, then sends round 2 as if nothing happened.",
    rule: "A server SHOULD bind requestState to the state it was made in; after a reset the question no longer stands.",
    spec: MRTR,
    expect: "invalid_request_state",
  },
  "answer-extra-field": {
    label: "a field outside the form",
    does: "Accepts with the form's fields plus one the form never asked for (admin: true).",
    rule: "Servers SHOULD validate that received data matches the requested schema.",
    spec: ELICITATION,
    expect: "invalid_answer",
  },
  "answer-wrong-type": {
    label: "a value of the wrong type",
    does: 'Accepts with every field a string ("yes"), whatever type the form asked for.',
    rule: "Servers SHOULD validate that received data matches the requested schema.",
    spec: ELICITATION,
    expect: "invalid_answer",
  },
  "answer-outside-enum": {
    label: "an action outside its enum",
    does: 'Answers with action "maybe", which is none of accept, decline and cancel.',
    rule: "Servers SHOULD ask again for missing information with a new input_required rather than act on it.",
    spec: MRTR,
    expect: "asks_again",
  },
  "accept-without-content": {
    label: "accept without content",
    does: "Answers accept with no content at all.",
    rule: "A form-mode accept carries content; servers SHOULD validate it against the requested schema.",
    spec: ELICITATION,
    expect: "invalid_answer",
  },
  "id-in-flight": {
    label: "an id still in flight",
    does: "While close_ticket waits for the person, sends another tools/call with the same JSON-RPC id.",
    rule: "The request ID MUST NOT have been previously used by the requestor within the same session.",
    spec: REQUESTS_2025,
    expect: "refused_post",
    era: "2025-11-25",
  },
  "answer-twice": {
    label: "a pushed question answered twice",
    does: "Answers the pushed elicitation/create, then posts the same answer again.",
    rule: "Each request gets one response; a server that cannot accept a posted response MUST answer with an HTTP error status, such as 400.",
    spec: POSTING_2025,
    expect: "refused_post",
    era: "2025-11-25",
  },
  "answer-after-cancel": {
    label: "an answer after the call was cancelled",
    does: "Cancels the call while the person reads the form, ignores the server withdrawing its question, and posts the answer anyway.",
    rule: "A cancelled request's sender SHOULD ignore any response that arrives afterward: the question was withdrawn, so the late answer changes nothing.",
    spec: CANCELLATION_2025,
    expect: "refused_post",
    era: "2025-11-25",
  },
} as const satisfies Record<string, Misbehaviour>;

export type MisbehaviourName = keyof typeof MISBEHAVIOURS;
export const MISBEHAVIOUR_NAMES = Object.keys(MISBEHAVIOURS) as [MisbehaviourName, ...MisbehaviourName[]];
export const isMisbehaviourName = (name: unknown): name is MisbehaviourName => typeof name === "string" && Object.hasOwn(MISBEHAVIOURS, name);

/** The protocol revision a misbehaving client speaks to break `name`. */
export const eraOf = (name: MisbehaviourName): "2026-07-28" | "2025-11-25" => (MISBEHAVIOURS[name] as Misbehaviour).era ?? "2026-07-28";
/** The rules broken in a 2026-07-28 round 2 (the others are broken on a 2025-11-25 session's transport). */
export type RoundTwoBreak = Exclude<MisbehaviourName, TransportBreak>;
export const isRoundTwoBreak = (name: MisbehaviourName): name is RoundTwoBreak => eraOf(name) === "2026-07-28";

type Answer = { action: string; content?: Record<string, unknown> };
export type RetryParams = { name: string; arguments: Record<string, unknown>; inputResponses: Record<string, Answer>; requestState?: string };

// base64url over UTF-8, in plain ES (this module runs on the page, the host and in tests alike).
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const utf8 = (s: string) => unescape(encodeURIComponent(s));
const fromUtf8 = (bytes: string) => decodeURIComponent(escape(bytes));

function toBase64Url(text: string): string {
  const bytes = utf8(text);
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes.charCodeAt(i) << 16) | ((bytes.charCodeAt(i + 1) || 0) << 8) | (bytes.charCodeAt(i + 2) || 0);
    const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(n >> shift) & 63]);
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join("");
  }
  return out;
}

function fromBase64Url(text: string): string {
  let bytes = "";
  for (let i = 0; i < text.length; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, k) => (acc << 6) | Math.max(0, ALPHABET.indexOf(text[i + k] ?? "A")), 0);
    const count = Math.min(3, text.length - i - 1);
    for (let k = 0; k < count; k++) bytes += String.fromCharCode((n >> (16 - 8 * k)) & 255);
  }
  return fromUtf8(bytes);
}

/** A `v1.<payload>.<mac>` state with its payload rewritten; the signature is left as it was. */
function rewriteState(state: string | undefined, rewrite: (payload: Record<string, unknown>) => string): string | undefined {
  const [version, payload, mac] = (state ?? "").split(".");
  if (!payload || !mac) return state === undefined ? undefined : `${state} `;
  return [version, toBase64Url(rewrite(JSON.parse(fromBase64Url(payload)) as Record<string, unknown>)), mac].join(".");
}

const everyFieldAString = (a: Answer): Answer => ({ ...a, content: Object.fromEntries(Object.keys(a.content ?? {}).map((k) => [k, "yes"])) });

/**
 * The round 2 a misbehaving client sends instead of the right one. `tools`: the session's tool names, for the
 * "another tool" break. "After Reset" changes no params: the caller resets the server's data before sending.
 */
export function misbehave(name: RoundTwoBreak, retry: RetryParams, tools: string[]): RetryParams {
  const answers = (change: (a: Answer) => Answer) => ({
    ...retry,
    inputResponses: Object.fromEntries(Object.entries(retry.inputResponses).map(([k, a]) => [k, change({ ...a, action: "accept" })])),
  });
  switch (name) {
    case "state-reserialised":
      return { ...retry, requestState: rewriteState(retry.requestState, (p) => JSON.stringify(p, null, 1)) };
    case "state-edited":
      return { ...retry, requestState: rewriteState(retry.requestState, (p) => JSON.stringify({ ...p, exp: Number(p.exp) + 3600 })) };
    case "state-other-tool":
      return { ...retry, name: tools.find((t) => t !== retry.name) ?? `${retry.name}_other` };
    case "state-other-arguments":
      return { ...retry, arguments: { ...retry.arguments, id: retry.arguments.id === "T-2" ? "T-3" : "T-2" } };
    case "state-after-reset":
      return retry;
    case "answer-extra-field":
      return answers((a) => ({ ...a, content: { ...a.content, admin: true } }));
    case "answer-wrong-type":
      return answers(everyFieldAString);
    case "answer-outside-enum":
      return { ...retry, inputResponses: Object.fromEntries(Object.keys(retry.inputResponses).map((k) => [k, { action: "maybe" }])) };
    case "accept-without-content":
      return { ...retry, inputResponses: Object.fromEntries(Object.keys(retry.inputResponses).map((k) => [k, { action: "accept" }])) };
  }
}
