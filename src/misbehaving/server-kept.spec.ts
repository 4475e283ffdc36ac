import { describe, expect, test } from "vitest";
import { serverKept } from "./server-kept";

const asked = (rounds: number[]) => rounds.map((round) => ({ question: { round } }));

describe("whether the server's answer keeps the rule broken", () => {
  test("a refused requestState keeps the requestState rules, and only those", () => {
    const refused = { kind: "rpc-error", code: -32602, data: { reason: "invalid_request_state" }, answers: [] } as const;
    expect(serverKept("state-edited", refused)).toEqual({ kept: true, answered: "JSON-RPC error -32602 (invalid_request_state)" });
    expect(serverKept("answer-wrong-type", refused).kept).toBe(false);
    expect(serverKept("state-edited", { ...refused, data: undefined }).kept).toBe(false);
  });

  test("an isError result keeps the answer rules; the question asked again keeps the enum rule", () => {
    const invalid = { kind: "result", result: { isError: true, _meta: { code: "INVALID_INPUT" } }, answers: asked([1]) } as const;
    expect(serverKept("answer-extra-field", invalid)).toEqual({ kept: true, answered: "an isError result (INVALID_INPUT)" });
    expect(serverKept("state-reserialised", invalid).kept).toBe(false);
    expect(serverKept("answer-outside-enum", { kind: "result", result: {}, answers: asked([1, 2]) }).kept).toBe(true);
  });

  test("a normal result after a broken round 2 keeps nothing", () => {
    for (const broke of ["state-other-arguments", "answer-wrong-type", "answer-outside-enum"] as const)
      expect(serverKept(broke, { kind: "result", result: {}, answers: asked([1]) })).toEqual({
        kept: false,
        answered: "a normal result: the tool acted on the broken round",
      });
  });

  test("a 2025-11-25 rule is kept by HTTP 400 with -32600 to the broken POST, and by nothing else", () => {
    const refused = { status: 400, text: JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } }) };
    const call = { kind: "result", result: {}, answers: asked([1]) } as const;
    expect(serverKept("answer-twice", { ...call, brokenPost: refused })).toEqual({
      kept: true,
      answered: "HTTP 400 to the broken POST, JSON-RPC error -32600",
    });
    expect(serverKept("id-in-flight", { ...call, brokenPost: { status: 200, text: "" } })).toEqual({
      kept: false,
      answered: "HTTP 200 to the broken POST: it took it",
    });
    expect(serverKept("answer-after-cancel", { kind: "failure", answers: [], brokenPost: { status: 400, text: "not json" } }).kept).toBe(false);
    expect(serverKept("answer-twice", call).kept).toBe(false);
  });
});
