import { expect, test } from "@frontmcp/testing";

test("the server offers assign_ticket", async ({ mcp }) => {
  expect(await mcp.tools.list()).toContainTool("assign_ticket");
});

// Your tests go here. Remember: the tests in this file share one server, so give each its own ticket.
