import { expect, test } from "@frontmcp/testing";

test("both rounds reach the server: calls_seen counts each of them", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(result.json()).toEqual({ id: "T-1", closed: true, calls_seen: 2 });
});

test("round 2 carries the answer and the signed requestState, nothing else", async ({ mcp }) => {
  const first = await mcp.raw.request({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "close_ticket", arguments: { id: "T-2" } } });
  expect(first.result.resultType).toBe("input_required");
  const second = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "close_ticket", arguments: { id: "T-2" }, inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } }, requestState: first.result.requestState },
  });
  expect(second.result.structuredContent).toMatchObject({ id: "T-2", closed: true });
});
