import { expect, test } from "@frontmcp/testing";

// The server speaks 2025-11-25 only (SDK 1.x), so every test connects as a 2025-11-25 client.
// One server process per test file; each test is a new connection, so a new process: a fresh ESC-0001.

test("accept with only priority and area escalates and names the reference", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { priority: "p1", area: "billing" } }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1042" });

  expect(result).toBeSuccessful();
  expect(result.text()).toBe("Escalated T-1042 as ESC-0001: p1 in billing, 1 affected.");
});

test("a mistyped email is an error and nothing is escalated", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { priority: "p2", area: "login", contactEmail: "ann@example" } }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1043" });

  expect(result).toBeError();
  // The SDK checked the answer against the form before our handler saw it.
  expect(result.text()).toContain("does not match requested schema");
});

test("decline says so", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "decline" }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1044" });

  expect(result.text()).toBe("Ticket T-1044 was not escalated: the escalation was declined.");
});

test("cancel says so", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "cancel" }));

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1045" });

  expect(result.text()).toBe("Escalating ticket T-1045 was cancelled; nothing changed.");
});

test("a client without elicitation gets the plain-text fallback", async ({ mcp }) => {
  const client = mcp.as("legacy-no-forms");

  const result = await client.tools.call("escalate_ticket", { ticketId: "T-1046" });

  expect(result).toBeSuccessful();
  expect(result.text()).toContain("this client cannot show a form");
});
