import { expect, test, type ElicitationRequest } from "@frontmcp/testing";

test("accept with the box ticked closes the ticket", async ({ mcp }) => {
  let asked: ElicitationRequest | undefined;
  mcp.onElicitation((request) => {
    asked = request;
    return { action: "accept", content: { confirm: true } };
  });

  const result = await mcp.tools.call("close_ticket", { id: "T-1" });

  expect(asked?.message).toContain('T-1 "Cannot log in"');
  expect(asked?.requestedSchema?.properties.confirm).toMatchObject({
    type: "boolean",
    description: "Tick to close the ticket and send the email",
  });
  expect(result.json()).toEqual({ id: "T-1", closed: true });
});

test("decline leaves the ticket open and tells the model to stop", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result).toBeSuccessful();
  expect(result.json()).toMatchObject({ id: "T-2", closed: false });
  expect(result.json().reason).toContain("said no");
});

test("cancel leaves the ticket open with a different reason", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "cancel" }));
  const result = await mcp.tools.call("close_ticket", { id: "T-3" });
  expect(result.json()).toMatchObject({ id: "T-3", closed: false });
  expect(result.json().reason).toContain("without answering");
});

test("accept with the box unticked closes nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: false } }));
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result.json()).toMatchObject({ id: "T-2", closed: false });
});
