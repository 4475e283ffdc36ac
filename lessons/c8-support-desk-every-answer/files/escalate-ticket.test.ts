import { expect, test } from "@frontmcp/testing";

test("accepting priority and area escalates the ticket", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { priority: "p1", area: "billing" } }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1042" });

  expect(result.text()).toContain("Escalated T-1042");
});
