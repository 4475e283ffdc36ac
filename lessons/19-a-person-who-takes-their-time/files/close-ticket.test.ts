import { expect, test } from "@frontmcp/testing";

// The same close_ticket on both revisions. A test's person answers at once; the Call tab's "The person answers
// after" is where you see what a slow one does to each.
const yes = () => ({ action: "accept" as const, content: { confirm: true } });

test("on 2026-07-28 a yes in round 2 closes the ticket", async ({ mcp }) => {
  mcp.onElicitation(yes);
  expect((await mcp.tools.call("close_ticket", { id: "T-1" })).json()).toEqual({ id: "T-1", closed: true });
});

test("on 2025-11-25 a yes to the pushed question closes the ticket", async ({ mcp }) => {
  const legacy = mcp.as("legacy");
  legacy.onElicitation(yes);
  expect((await legacy.tools.call("close_ticket", { id: "T-2" })).json()).toEqual({ id: "T-2", closed: true });
});

test("a no leaves the ticket open on either revision", async ({ mcp }) => {
  const legacy = mcp.as("legacy");
  mcp.onElicitation(() => ({ action: "decline" }));
  legacy.onElicitation(() => ({ action: "decline" }));
  await mcp.tools.call("close_ticket", { id: "T-3" });
  await legacy.tools.call("close_ticket", { id: "T-3" });
  expect((await mcp.tools.call("get_ticket", { id: "T-3" })).json().status).toBe("open");
});
