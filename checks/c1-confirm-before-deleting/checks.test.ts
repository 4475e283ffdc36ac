import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

// Accept, setting every checkbox in the form to `value`.
function acceptWithBoxes(request: ElicitationRequest, value: boolean): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, value])) };
}
async function ticketIds(mcp: McpTestClient): Promise<string[]> {
  const result = await mcp.tools.call("list_tickets", {});
  return result.json().tickets.map((t: { id: string }) => t.id);
}

test("Asks before deleting, naming the ticket", async ({ mcp }) => {
  const asked: string[] = [];
  mcp.onElicitation((request) => {
    asked.push(request.message);
    return { action: "decline" };
  });
  await mcp.tools.call("delete_ticket", { id: "T-1" });
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain("T-1");
  expect(asked[0]).toContain("Cannot log in");
});

test("Keeps the ticket when the person declines", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("delete_ticket", { id: "T-2" });
  expect(result.text()).toBeDefined();
  expect(await ticketIds(mcp)).toContain("T-2");
});

test("Keeps the ticket on cancel, with a different reason than decline", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const declined = await mcp.tools.call("delete_ticket", { id: "T-2" });
  mcp.onElicitation(() => ({ action: "cancel" }));
  const cancelled = await mcp.tools.call("delete_ticket", { id: "T-2" });
  expect(await ticketIds(mcp)).toContain("T-2");
  expect(cancelled.text()).toBeDefined();
  expect(cancelled.text()).not.toBe(declined.text());
});

test("Deletes only after a ticked confirmation", async ({ mcp }) => {
  let boxes = 0;
  mcp.onElicitation((request) => {
    boxes = Object.values(request.requestedSchema?.properties ?? {}).filter((f) => f.type === "boolean").length;
    return acceptWithBoxes(request, false);
  });
  await mcp.tools.call("delete_ticket", { id: "T-3" });
  expect(boxes).toBeGreaterThan(0);
  expect(await ticketIds(mcp)).toContain("T-3");

  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("delete_ticket", { id: "T-3" });
  expect(await ticketIds(mcp)).not.toContain("T-3");
});

test("Fails without asking for an unknown ticket", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "decline" };
  });
  const result = await mcp.tools.call("delete_ticket", { id: "T-99" });
  expect(questions).toBe(0);
  expect(result).toBeError();
});
