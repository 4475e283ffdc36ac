import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

function acceptWithBoxes(request: ElicitationRequest, value: boolean): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, value])) };
}
async function ticket(mcp: McpTestClient, id: string) {
  return (await mcp.tools.call("get_ticket", { id })).json();
}
async function emailsTo(mcp: McpTestClient, address: string): Promise<number> {
  const emails: { to: string }[] = (await mcp.tools.call("list_outbox", {})).json().emails;
  return emails.filter((email) => email.to === address).length;
}

test("Still asks before closing", async ({ mcp }) => {
  let questions = 0;
  let whileAsked: string | undefined;
  // A second client looks while the question is open: the ticket must not be closed yet.
  const probe = mcp.as("modern");
  mcp.onElicitation(async (request) => {
    questions++;
    whileAsked ??= (await ticket(probe, "T-1")).status;
    return acceptWithBoxes(request, true);
  });
  await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(questions).toBe(1);
  expect(whileAsked).toBe("open");
});

test("Closes the ticket after a ticked yes", async ({ mcp }) => {
  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("close_ticket", { id: "T-2" });
  expect((await ticket(mcp, "T-2")).status).toBe("closed");
});

test("One accepted call leaves exactly one history entry", async ({ mcp }) => {
  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("close_ticket", { id: "T-3" });
  expect((await ticket(mcp, "T-3")).history).toHaveLength(1);
});

test("One accepted call sends exactly one email", async ({ mcp }) => {
  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("close_ticket", { id: "T-4" });
  expect(await emailsTo(mcp, "noor@example.com")).toBe(1);
});

test("A declined call leaves the ticket open, with no history or email", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  await mcp.tools.call("close_ticket", { id: "T-5" });
  const after = await ticket(mcp, "T-5");
  expect(after.status).toBe("open");
  expect(after.history).toHaveLength(0);
  expect(await emailsTo(mcp, "olu@example.com")).toBe(0);
});

test("A cancel or an unticked box changes nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("close_ticket", { id: "T-5" });
  mcp.onElicitation((request) => acceptWithBoxes(request, false));
  await mcp.tools.call("close_ticket", { id: "T-5" });
  const after = await ticket(mcp, "T-5");
  expect(after.status).toBe("open");
  expect(after.history).toHaveLength(0);
  expect(await emailsTo(mcp, "olu@example.com")).toBe(0);
});
