import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

// These checks judge the tool only by what it does over MCP, so any shape passes: the tickets in the tool file or in
// a store, any field names, any wording. Whether a ticket still exists is asked of delete_ticket itself: a kept
// ticket still asks (the probe declines), a deleted one fails without asking.

type Answer = (request: ElicitationRequest) => ElicitationResponse;

/** Accept, setting every checkbox in the form to `value`. */
function acceptWithBoxes(request: ElicitationRequest, value: boolean): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, value])) };
}
const decline: Answer = () => ({ action: "decline" });

/** One call of delete_ticket, answering every question with `answer`; returns the result and what was asked. */
async function deleteTicket(mcp: McpTestClient, id: string, answer: Answer) {
  const asked: ElicitationRequest[] = [];
  mcp.onElicitation((request) => {
    asked.push(request);
    return answer(request);
  });
  const result = await mcp.tools.call("delete_ticket", { id });
  return { result, asked };
}

/** "kept": delete_ticket still asks about it; "gone": it fails without asking; "unclear": neither. */
async function ticketState(client: McpTestClient, id: string): Promise<"kept" | "gone" | "unclear"> {
  const { result, asked } = await deleteTicket(client, id, decline);
  if (asked.length > 0) return "kept";
  return result.isError ? "gone" : "unclear";
}

test("Asks before deleting, naming the ticket", async ({ mcp }) => {
  const asked: string[] = [];
  let whileAsked: string | undefined;
  // A second client looks while the first one's question is open: the ticket must still be there.
  const probe = mcp.as("modern");
  mcp.onElicitation(async (request) => {
    asked.push(request.message);
    whileAsked ??= await ticketState(probe, "T-1");
    return { action: "decline" };
  });
  await mcp.tools.call("delete_ticket", { id: "T-1" });
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain("T-1");
  expect(asked[0]).toContain("Cannot log in");
  expect(whileAsked).toBe("kept");
});

test("Keeps the ticket when the person declines", async ({ mcp }) => {
  const { result } = await deleteTicket(mcp, "T-2", decline);
  expect(result.text()).toBeDefined();
  expect(await ticketState(mcp, "T-2")).toBe("kept");
});

test("Keeps the ticket on cancel, with a different reason than decline", async ({ mcp }) => {
  const declined = await deleteTicket(mcp, "T-2", decline);
  const cancelled = await deleteTicket(mcp, "T-2", () => ({ action: "cancel" }));
  expect(cancelled.asked).toHaveLength(1);
  expect(cancelled.result.text()).toBeDefined();
  expect(cancelled.result.text()).not.toBe(declined.result.text());
  expect(await ticketState(mcp, "T-2")).toBe("kept");
});

test("Deletes only after a ticked confirmation", async ({ mcp }) => {
  const unticked = await deleteTicket(mcp, "T-3", (request) => acceptWithBoxes(request, false));
  expect(unticked.asked).toHaveLength(1);
  const boxes = Object.values(unticked.asked[0].requestedSchema?.properties ?? {}).filter((f) => f.type === "boolean");
  expect(boxes.length).toBeGreaterThan(0);
  expect(await ticketState(mcp, "T-3")).toBe("kept");

  await deleteTicket(mcp, "T-3", (request) => acceptWithBoxes(request, true));
  expect(await ticketState(mcp, "T-3")).toBe("gone");
});

test("Fails without asking for an unknown ticket", async ({ mcp }) => {
  const { result, asked } = await deleteTicket(mcp, "T-99", decline);
  expect(asked).toHaveLength(0);
  expect(result).toBeError();
});
