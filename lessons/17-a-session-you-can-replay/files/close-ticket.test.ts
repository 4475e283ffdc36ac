import { expect, test } from "@frontmcp/testing";

test("the person's answer and note reach the result", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true, note: "Fixed in 2.4" } }));
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(result.json()).toEqual({ id: "T-1", closed: true, note: "Fixed in 2.4" });
});

test("declining leaves the ticket open", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result.json()).toEqual({ id: "T-2", closed: false });
});
