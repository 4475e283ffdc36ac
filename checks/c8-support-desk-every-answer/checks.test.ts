import { expect, test } from "@frontmcp/testing";

test("Escalates with only the two required fields", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "accept", content: { priority: "p2", area: "login" } }));
  const result = await client.tools.call("escalate_ticket", { ticketId: "T-501" });
  expect(result).toBeSuccessful();
  expect(result.text()).toMatch(/ESC-\d+/);
});

test("Says nothing was escalated when the person declines", async ({ mcp }) => {
  const client = mcp.as("legacy");
  client.onElicitation(() => ({ action: "decline" }));
  const result = await client.tools.call("escalate_ticket", { ticketId: "T-502" });
  expect(result).toBeSuccessful();
  expect(result.text()).toContain("T-502");
  expect(result.text()).not.toMatch(/ESC-\d+/);
});

test("Says so on cancel, in other words than for decline", async ({ mcp }) => {
  const declining = mcp.as("legacy");
  declining.onElicitation(() => ({ action: "decline" }));
  const declined = await declining.tools.call("escalate_ticket", { ticketId: "T-503" });
  const cancelling = mcp.as("legacy");
  cancelling.onElicitation(() => ({ action: "cancel" }));
  const cancelled = await cancelling.tools.call("escalate_ticket", { ticketId: "T-503" });
  expect(cancelled).toBeSuccessful();
  expect(cancelled.text()).not.toMatch(/ESC-\d+/);
  expect(cancelled.text()).not.toBe(declined.text());
});

test("Answers a client without forms with plain text instead of an error", async ({ mcp }) => {
  const client = mcp.as("legacy-no-forms");
  const result = await client.tools.call("escalate_ticket", { ticketId: "T-504" });
  expect(result).toBeSuccessful();
  expect(result.text()).toContain("T-504");
  expect(result.text()).not.toMatch(/ESC-\d+/);
});
