// Whether the server's answer to a misbehaving round 2 is the refusal the spec's rule asks for. Pure, so each kind of
// answer is unit-tested; the page only explains, the server's own answer is the fact.
import { MISBEHAVIOURS, type MisbehaviourName } from "../../contract/misbehaviour";

import type { BrokenSend } from "../../contract/rule-breaking-transport";

type Outcome = (
  | { kind: "result"; result: { isError?: boolean; _meta?: Record<string, unknown> }; answers: readonly { question: { round: number } }[] }
  | { kind: "rpc-error"; code: number; data?: unknown; answers: readonly unknown[] }
  | { kind: "failure"; answers: readonly unknown[] }
) & { brokenPost?: BrokenSend };

/** The JSON-RPC error code in the body of a refused POST, if it has one. */
function codeIn(text: string): number | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === "number" ? code : undefined;
  } catch {
    return undefined;
  }
}

/** A 2025-11-25 rule is kept when the session refused the one POST that broke it with HTTP 400 and -32600. */
function refusedPost(posted: BrokenSend | undefined): Kept {
  if (!posted) return { kept: false, answered: "nothing: the broken POST was never sent (the tool did not ask)" };
  const code = codeIn(posted.text);
  const answered = `HTTP ${posted.status} to the broken POST${code === undefined ? "" : `, JSON-RPC error ${code}`}`;
  return { kept: posted.status === 400 && code === -32600, answered: posted.status < 300 ? `${answered}: it took it` : answered };
}

export type Kept = { kept: boolean; answered: string };

export function serverKept(broke: MisbehaviourName, outcome: Outcome): Kept {
  const expected = MISBEHAVIOURS[broke].expect;
  if (expected === "refused_post") return refusedPost(outcome.brokenPost);
  if (outcome.kind === "rpc-error") {
    const reason = (outcome.data as { reason?: unknown } | undefined)?.reason;
    return {
      kept: expected === "invalid_request_state" && reason === "invalid_request_state",
      answered: `JSON-RPC error ${outcome.code}${reason ? ` (${String(reason)})` : ""}`,
    };
  }
  if (outcome.kind === "failure") return { kept: false, answered: "no answer the client could read" };
  const code = outcome.result._meta?.code;
  const askedAgain = outcome.answers.some((a) => a.question.round > 1);
  if (expected === "asks_again" && askedAgain) return { kept: true, answered: "the same question again (input_required)" };
  if (outcome.result.isError) return { kept: expected === "invalid_answer", answered: `an isError result${typeof code === "string" ? ` (${code})` : ""}` };
  return { kept: false, answered: "a normal result: the tool acted on the broken round" };
}
