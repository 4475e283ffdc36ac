import { expect, test } from "@frontmcp/testing";

// SDK 1.x speaks 2025-11-25, so the test connects as a 2025-11-25 client with forms.
test("accepting priority and area escalates the ticket", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { priority: "p1", area: "billing" } }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1042" });

  expect(result.text()).toBe("Escalated T-1042 as ESC-0001: p1 in billing, 1 affected.");
});
