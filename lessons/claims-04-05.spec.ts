// The claims of lessons 04 to 05, proved against each lesson's own files in a real playground,
// through real MCP clients; the helpers they share are in claims-kit.ts.
import { describe, expect, test } from "vitest";
import { api, rawModern } from "../server/testing/harness";
import { pg, type Files, edit, session, resultOf, accept, decline, cancel, decodeState, emailsIn, withOutboxProbe, Host } from "./claims-kit";

describe("04 On the wire", () => {
  const ID = "04-on-the-wire";
  const confirmAnswer = { action: "accept", content: { confirm: true } } as const;

  /** The call the lesson walks through, as the Call tab makes it: accept, then accept the email question. */
  async function walkThrough() {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, (q) =>
      q.key === "elicitation-1" ? { action: "accept", content: { confirm: true } } : { action: "accept", content: { email: true } },
    );
    const rounds = await Promise.all(host.tap.calls().map(async (e) => ({ request: e.request, status: e.status, response: (await e.messages)[0] })));
    await host.close();
    return { s, outcome, rounds };
  }

  test("the Wire tab shows three tools/call requests for this call, each with a new JSON-RPC id", async () => {
    const { outcome, rounds } = await walkThrough();
    expect(rounds).toHaveLength(3);
    expect(rounds.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(rounds.map((r) => r.request.id)).size).toBe(3);
    expect(rounds.map((r) => r.response.id)).toEqual(rounds.map((r) => r.request.id));
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true, emailed: true });
  });

  test("round 1: tools/call with name and arguments; the answer is input_required with only elicitation-1 and a requestState", async () => {
    const { s, rounds } = await walkThrough();
    const [round1] = rounds;
    expect(round1.request.method).toBe("tools/call");
    expect(round1.request.params).toMatchObject({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(round1.request.params.inputResponses).toBeUndefined();
    expect(round1.request.params.requestState).toBeUndefined();
    const result = round1.response.result;
    expect(result.resultType).toBe("input_required");
    expect(Object.keys(result.inputRequests)).toEqual(["elicitation-1"]);
    expect(result.inputRequests["elicitation-1"].method).toBe("elicitation/create");
    expect(result.inputRequests["elicitation-1"].params.message).toBe('Close T-1 "Cannot log in"?');
    // The requestedSchema is made from the zod object.
    expect(result.inputRequests["elicitation-1"].params.requestedSchema).toMatchObject({
      type: "object",
      properties: { confirm: { type: "boolean", description: "Tick to close the ticket" } },
      required: ["confirm"],
    });
    expect(typeof result.requestState).toBe("string");
    // The Wire tab decodes it: the tool and (a digest of) its arguments, the expiry, the answers so far.
    const state = decodeState(result.requestState);
    expect(state.p).toMatchObject({ session: s.id, tool: "close_ticket", answers: [] });
    expect(state.p.args).toMatch(/^[\w-]{22}$/);
    expect(state.exp * 1000).toBeGreaterThan(Date.now());
  });

  test("round 2: a new tools/call with the same arguments plus inputResponses, and the requestState copied byte for byte", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    expect(round2.request.id).not.toBe(round1.request.id);
    expect(round2.request.params.arguments).toEqual({ id: "T-1" });
    expect(round2.request.params.inputResponses).toEqual({ "elicitation-1": confirmAnswer });
    expect(round2.request.params.requestState).toBe(round1.response.result.requestState);
  });

  test("try it: compared with round 1, only inputResponses and requestState are new in round 2's request", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    const { inputResponses, requestState, ...rest2 } = round2.request.params;
    expect(
      Object.keys(round2.request.params)
        .filter((k) => !(k in round1.request.params))
        .sort(),
    ).toEqual(["inputResponses", "requestState"]);
    expect(rest2).toEqual(round1.request.params);
    expect(round2.request.method).toBe(round1.request.method);
  });

  test("nothing waits: the server keeps no open call, so round 2 may come from a different connection", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    // A wholly separate client, on its own connection, sends the retry.
    const other = await Host.connect(s.mcpUrl);
    const round2: any = await other.client.callTool(
      {
        name: "close_ticket",
        arguments: { id: "T-1" },
        inputResponses: { "elicitation-1": confirmAnswer },
        requestState: first.body.result.requestState,
      } as never,
      { allowInputRequired: true },
    );
    expect(Object.keys(round2.inputRequests)).toEqual(["elicitation-2"]);
    await other.close();
  });

  test("requestState is signed: the client cannot change it", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    const [v, payload, mac] = first.body.result.requestState.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    decoded.p.answers = [confirmAnswer];
    decoded.p.pending = "elicitation-2";
    const forged = [v, Buffer.from(JSON.stringify(decoded)).toString("base64url"), mac].join(".");
    const r = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-2": { action: "accept", content: { email: true } } },
      requestState: forged,
    });
    expect(r.body.result).toBeUndefined();
    expect(r.body.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
  });

  test("action on the wire arrives as answer.status in the code", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const declined = resultOf(await host.call("close_ticket", { id: "T-2" }, decline));
    expect(declined.structuredContent.reason).toBe("The person did not confirm (decline). Leave it open.");
    const cancelled = resultOf(await host.call("close_ticket", { id: "T-2" }, cancel));
    expect(cancelled.structuredContent.reason).toBe("The person did not confirm (cancel). Leave it open.");
    await host.close();
  });

  test("after round 2 the answer is input_required again, keyed elicitation-2, with a new requestState carrying the first answer", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    const result = round2.response.result;
    expect(result.resultType).toBe("input_required");
    expect(Object.keys(result.inputRequests)).toEqual(["elicitation-2"]);
    expect(result.inputRequests["elicitation-2"].params.message).toBe("Tell maria@example.com that T-1 is closed?");
    expect(result.requestState).not.toBe(round1.response.result.requestState);
    expect(decodeState(result.requestState).p.answers).toEqual([confirmAnswer]);
  });

  test("round 3 sends only the elicitation-2 answer, and the result is complete", async () => {
    const { s, rounds } = await walkThrough();
    const [, round2, round3] = rounds;
    expect(round3.request.params.inputResponses).toEqual({ "elicitation-2": { action: "accept", content: { email: true } } });
    expect(round3.request.params.requestState).toBe(round2.response.result.requestState);
    expect(round3.response.result.resultType).toBe("complete");
    expect(round3.response.result.structuredContent).toEqual({ id: "T-1", closed: true, emailed: true });
    expect(await emailsIn(s.mcpUrl)).toEqual([{ to: "maria@example.com", subject: "Your ticket T-1 is closed" }]);
  });

  test("an email answer left out gets the schema's default (true) filled in", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-3" }, (q) =>
      q.key === "elicitation-1" ? { action: "accept", content: { confirm: true } } : { action: "accept", content: {} },
    );
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-3", closed: true, emailed: true });
    await host.close();
  });

  test("a requestState made for T-3 is refused when it is sent along with T-1", async () => {
    const s = await session(ID);
    const forT3 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-3" } });
    const replayed = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": confirmAnswer },
      requestState: forT3.body.result.requestState,
    });
    expect(replayed.body.result).toBeUndefined();
    expect(replayed.body.error).toMatchObject({ code: -32602, message: "Invalid or expired requestState" });
    // What binds it: the state holds a hash of the arguments, which differs for T-1.
    const forT1 = await rawModern(s.mcpUrl, 3, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(decodeState(forT1.body.result.requestState).p.args).not.toBe(decodeState(forT3.body.result.requestState).p.args);
    expect(decodeState(forT1.body.result.requestState).p.tool).toBe(decodeState(forT3.body.result.requestState).p.tool);
  });
});

describe("05 Ask first, then act", () => {
  const ID = "05-ask-first-then-act";
  const fixed = (files: Files) =>
    edit(
      edit(files, "close-ticket.tool.ts", '    ticket.history.push("close requested");\n\n', ""),
      "close-ticket.tool.ts",
      '    ticket.status = "closed";',
      '    ticket.history.push("close requested");\n    ticket.status = "closed";',
    );

  test("one call, one question, one Accept: two round trips, and the history says close requested twice", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    expect(host.questions).toHaveLength(1);
    expect(host.tap.calls()).toHaveLength(2);
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true, history: ["close requested", "close requested", "closed"] });
    await host.close();
  });

  test("even a Decline writes the entry twice: once in the round that asked, once in the round that carried the no", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-2" } });
    expect(first.body.result.resultType).toBe("input_required");
    const second = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: { "elicitation-1": { action: "decline" } },
      requestState: first.body.result.requestState,
    });
    expect(second.body.result.structuredContent).toEqual({ id: "T-2", closed: false, history: ["close requested", "close requested"] });
  });

  test("try it: with the push moved below the if, the tests' new expectations hold: [close requested, closed] and []", async () => {
    const s = await session(ID, fixed);
    const host = await Host.connect(s.mcpUrl);
    const accepted = resultOf(await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true })));
    expect(accepted.structuredContent.history).toEqual(["close requested", "closed"]);
    const declined = resultOf(await host.call("close_ticket", { id: "T-2" }, decline));
    expect(declined.structuredContent.history).toEqual([]);
    await host.close();
  });

  test("try it: after that move, both of the lesson's tests fail", async () => {
    const s = await session(ID, fixed);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect(run.status).toBe(200);
    expect(run.json.tests.map((t: any) => t.status)).toEqual(["failed", "failed"]);
  });
});
