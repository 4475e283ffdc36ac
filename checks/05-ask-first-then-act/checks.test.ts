import { expect, test } from "@frontmcp/testing";

test("One accepted call writes each history entry once", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(result.json().history).toEqual(["close requested", "closed"]);
});

test("A declined call writes no history", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result.json().history).toEqual([]);
});
