// The Wire tab reads a requestState and names what the server bound it to.
import { describe, expect, test } from "vitest";
import { decodeRequestState, stateBindings } from "./request-state";

const encode = (body: unknown) => `v1.${btoa(JSON.stringify(body)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}.c2lnbmF0dXJl`;

describe("requestState decoding", () => {
  const payload = {
    id: "s1",
    session: "abc",
    tool: "close_ticket",
    args: "h1",
    build: "b1",
    generation: 2,
    questions: ["q1", "q2"],
    answers: [],
    pending: "elicitation-2",
  };

  test("the payload and expiry come out of the envelope", () => {
    const decoded = decodeRequestState(encode({ p: payload, exp: 1_900_000_000 }))!;
    expect(decoded.payload).toEqual(payload);
    expect(decoded.expiresAt?.toISOString()).toBe("2030-03-17T17:46:40.000Z");
    expect(decodeRequestState("not a state")).toBeUndefined();
  });

  test("each binding is named with what it means", () => {
    const bindings = stateBindings(payload);
    expect(bindings.map((b) => [b.label, b.value])).toEqual([
      ["session", "abc"],
      ["tool", "close_ticket"],
      ["arguments", "h1"],
      ["build", "b1"],
      ["reset generation", "2"],
      ["questions", "q1, q2"],
      ["state id", "s1"],
    ]);
    expect(bindings.find((b) => b.label === "build")!.meaning).toMatch(/code change/);
    expect(bindings.find((b) => b.label === "state id")!.meaning).toMatch(/used once/);
  });

  test("a payload of another server has no playground bindings", () => {
    expect(stateBindings({ step: 2 })).toEqual([]);
    expect(stateBindings("opaque")).toEqual([]);
  });
});
