import { describe, expect, test } from "vitest";
import { isRoundTwoBreak, MISBEHAVIOUR_NAMES, misbehave, type RetryParams, type RoundTwoBreak } from "./misbehaviour";

/** `{ p: { tool: "close_ticket", answers: [] }, exp: 1000 }` as a server's requestState carries it: base64url of its JSON, then a signature. */
const state = "v1.eyJwIjp7InRvb2wiOiJjbG9zZV90aWNrZXQiLCJhbnN3ZXJzIjpbXX0sImV4cCI6MTAwMH0.c2lnbmF0dXJl";
const retry: RetryParams = {
  name: "close_ticket",
  arguments: { id: "T-1" },
  inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
  requestState: state,
};
// Expected payloads encoded by Node's own base64url, so the module's encoder is checked against another.
const RESERIALISED = "ewogInAiOiB7CiAgInRvb2wiOiAiY2xvc2VfdGlja2V0IiwKICAiYW5zd2VycyI6IFtdCiB9LAogImV4cCI6IDEwMDAKfQ";
const EDITED = "eyJwIjp7InRvb2wiOiJjbG9zZV90aWNrZXQiLCJhbnN3ZXJzIjpbXX0sImV4cCI6NDYwMH0";

describe("the round 2 a misbehaving client sends", () => {
  test("re-serialised: the same JSON in other bytes, the signature kept", () => {
    expect(misbehave("state-reserialised", retry, []).requestState).toBe(`v1.${RESERIALISED}.c2lnbmF0dXJl`);
  });

  test("edited: a later expiry, the signature kept", () => {
    expect(misbehave("state-edited", retry, []).requestState).toBe(`v1.${EDITED}.c2lnbmF0dXJl`);
  });

  test("text beyond ASCII survives the re-serialising", () => {
    const accented = { ...retry, requestState: "v1.eyJwIjp7Im5vdGUiOiJjYWbDqSDinJMifSwiZXhwIjoxfQ.c2ln" };
    expect(misbehave("state-reserialised", accented, []).requestState).toBe("v1.ewogInAiOiB7CiAgIm5vdGUiOiAiY2Fmw6kg4pyTIgogfSwKICJleHAiOiAxCn0.c2ln");
  });

  test("another tool, other arguments: the state unchanged", () => {
    expect(misbehave("state-other-tool", retry, ["close_ticket", "get_ticket"])).toMatchObject({ name: "get_ticket", requestState: state });
    expect(misbehave("state-other-arguments", retry, [])).toMatchObject({ arguments: { id: "T-2" }, requestState: state });
  });

  test("answers: a field outside the form, every value a string, an action outside the enum, accept without content", () => {
    const answer = (name: RoundTwoBreak) => misbehave(name, retry, []).inputResponses["elicitation-1"];
    expect(answer("answer-extra-field")).toEqual({ action: "accept", content: { confirm: true, admin: true } });
    expect(answer("answer-wrong-type")).toEqual({ action: "accept", content: { confirm: "yes" } });
    expect(answer("answer-outside-enum")).toEqual({ action: "maybe" });
    expect(answer("accept-without-content")).toEqual({ action: "accept" });
  });

  test("every rule sends something other than the right round 2, except after Reset (the reset is the break)", () => {
    for (const name of MISBEHAVIOUR_NAMES.filter(isRoundTwoBreak)) {
      if (name === "state-after-reset") expect(misbehave(name, retry, [])).toEqual(retry);
      else expect(misbehave(name, retry, ["close_ticket", "get_ticket"]), name).not.toEqual(retry);
    }
  });
});
