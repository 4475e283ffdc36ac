import { expect, test } from "@frontmcp/testing";

test("a 2026-07-28 client gets input_required, answers, and the retry escalates", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { priority: "p2", area: "outage" } }));

  const result = await mcp.tools.call("escalate_ticket", { ticketId: "T-9" });

  expect(result.text()).toBe("Escalated T-9 as ESC-0001: p2 in outage, 1 affected.");
});

test("a 2025-11-25 client gets the same question pushed by the SDK's shim", async ({ mcp }) => {
  const client = mcp.as("legacy");
  let asked = "";
  client.onElicitation((request) => {
    asked = request.message;
    return { action: "accept", content: { priority: "p3", area: "other" } };
  });

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-10" });

  expect(asked).toContain("T-10");
  expect(result.text()).toContain("Escalated T-10 as ESC-");
});
