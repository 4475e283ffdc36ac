import { expect, test, type McpTestClient } from "@frontmcp/testing";

// Raw tools/call requests, the way a 2026-07-28 client sends them (raw.request fills in _meta).
function callClose(mcp: McpTestClient, requestId: number, ticketId: string, more: Record<string, unknown> = {}) {
  return mcp.raw.request({
    jsonrpc: "2.0",
    id: requestId,
    method: "tools/call",
    params: { name: "close_ticket", arguments: { id: ticketId }, ...more },
  });
}

test("round 1: the server answers input_required with elicitation-1 and a requestState", async ({ mcp }) => {
  const first = await callClose(mcp, 1, "T-1");

  expect(first.result.resultType).toBe("input_required");
  expect(Object.keys(first.result.inputRequests)).toEqual(["elicitation-1"]);
  expect(first.result.inputRequests["elicitation-1"]).toMatchObject({
    method: "elicitation/create",
    params: { message: 'Close T-1 "Cannot log in"?', requestedSchema: { type: "object" } },
  });
  expect(typeof first.result.requestState).toBe("string");
});

test("each retry sends inputResponses and echoes requestState; the second question is elicitation-2", async ({ mcp }) => {
  const first = await callClose(mcp, 1, "T-2");

  const second = await callClose(mcp, 2, "T-2", {
    inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
    requestState: first.result.requestState,
  });
  expect(second.result.resultType).toBe("input_required");
  expect(Object.keys(second.result.inputRequests)).toEqual(["elicitation-2"]);

  // Only the new answer travels; the first one rides along inside requestState.
  const third = await callClose(mcp, 3, "T-2", {
    inputResponses: { "elicitation-2": { action: "accept", content: { email: false } } },
    requestState: second.result.requestState,
  });
  expect(third.result.resultType ?? "complete").toBe("complete");
  expect(third.result.structuredContent).toEqual({ id: "T-2", closed: true, emailed: false });
});

test("requestState is bound to its arguments: reusing it for another ticket is refused", async ({ mcp }) => {
  const forT3 = await callClose(mcp, 1, "T-3");
  const replayed = await callClose(mcp, 2, "T-1", {
    inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
    requestState: forT3.result.requestState,
  });
  expect(replayed.error).toBeDefined();
});

test("the client's tools.call does all of this by itself", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation((request) => {
    questions++;
    return request.message.startsWith("Close") ? { action: "accept", content: { confirm: true } } : { action: "accept", content: {} };
  });
  const result = await mcp.tools.call("close_ticket", { id: "T-3" });
  expect(questions).toBe(2);
  // The email field was left out of the answer, so its default (true) was filled in.
  expect(result.json()).toEqual({ id: "T-3", closed: true, emailed: true });
});
