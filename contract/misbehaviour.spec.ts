import { describe, expect, test } from "vitest";
import { MISBEHAVIOUR_NAMES, misbehave, type RetryParams } from "./misbehaviour";

const b64 = (s: string) => Buffer.from(s).toString("base64url");
const payload = { p: { tool: "close_ticket", answers: [] }, exp: 1000 };
const state = `v1.${b64(JSON.stringify(payload))}.c2lnbmF0dXJl`;
const retry: RetryParams = {
  name: "close_ticket",
  arguments: { id: "T-1" },
  inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
  requestState: state,
};
const decoded = (s: string | undefined) => JSON.parse(Buffer.from(s!.split(".")[1], "base64url").toString());

describe("the round 2 a misbehaving client sends", () => {
  test("re-serialised: the same JSON in other bytes, the signature kept", () => {
    const sent = misbehave("state-reserialised", retry, []).requestState!;
    expect(sent).not.toBe(state);
    expect(decoded(sent)).toEqual(payload);
    expect(sent.split(".")[2]).toBe("c2lnbmF0dXJl");
  });

  test("edited: a later expiry, the signature kept", () => {
    const sent = misbehave("state-edited", retry, []).requestState;
    expect(decoded(sent).exp).toBe(4600);
    expect(sent!.split(".")[2]).toBe("c2lnbmF0dXJl");
  });

  test("another tool, other arguments: the state unchanged", () => {
    expect(misbehave("state-other-tool", retry, ["close_ticket", "get_ticket"])).toMatchObject({ name: "get_ticket", requestState: state });
    expect(misbehave("state-other-arguments", retry, [])).toMatchObject({ arguments: { id: "T-2" }, requestState: state });
  });

  test("answers: a field outside the form, every value a string, an action outside the enum, accept without content", () => {
    const answer = (name: (typeof MISBEHAVIOUR_NAMES)[number]) => misbehave(name, retry, []).inputResponses["elicitation-1"];
    expect(answer("answer-extra-field")).toEqual({ action: "accept", content: { confirm: true, admin: true } });
    expect(answer("answer-wrong-type")).toEqual({ action: "accept", content: { confirm: "yes" } });
    expect(answer("answer-outside-enum")).toEqual({ action: "maybe" });
    expect(answer("accept-without-content")).toEqual({ action: "accept" });
  });

  test("every rule sends something other than the right round 2, except after Reset (the reset is the break)", () => {
    for (const name of MISBEHAVIOUR_NAMES) {
      if (name === "state-after-reset") expect(misbehave(name, retry, [])).toEqual(retry);
      else expect(misbehave(name, retry, ["close_ticket", "get_ticket"]), name).not.toEqual(retry);
    }
  });
});
