import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

function acceptWithBoxes(request: ElicitationRequest, value: boolean): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, value])) };
}
async function statusOf(mcp: McpTestClient, id: string): Promise<string> {
  return (await mcp.tools.call("get_ticket", { id })).json().status;
}
async function answered(mcp: McpTestClient, id: string, action: "decline" | "cancel"): Promise<string> {
  mcp.onElicitation(() => ({ action }));
  const result = await mcp.tools.call("close_ticket", { id });
  return result.text() ?? "";
}
const saysStop = /\b(do not|don't|dont|stop|never|no need to)\b|\bnot (to )?(retry|try|ask|call)/i;

test("Only a ticked accept closes the ticket", async ({ mcp }) => {
  mcp.onElicitation((request) => acceptWithBoxes(request, false));
  await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(await statusOf(mcp, "T-1")).toBe("open");
  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(await statusOf(mcp, "T-1")).toBe("closed");
});

test("Decline keeps the ticket open", async ({ mcp }) => {
  await answered(mcp, "T-2", "decline");
  expect(await statusOf(mcp, "T-2")).toBe("open");
});

test("The decline result says the person declined", async ({ mcp }) => {
  expect(await answered(mcp, "T-2", "decline")).toMatch(/declin|said no|refus|reject/i);
});

test("The decline result tells the model to stop", async ({ mcp }) => {
  expect(await answered(mcp, "T-2", "decline")).toMatch(saysStop);
});

test("The cancel result says the person cancelled", async ({ mcp }) => {
  expect(await answered(mcp, "T-3", "cancel")).toMatch(/cancel|dismiss|without (choosing|answering)|closed the (form|question)/i);
});

test("The cancel result tells the model to stop", async ({ mcp }) => {
  expect(await answered(mcp, "T-3", "cancel")).toMatch(saysStop);
});

test("Decline and cancel give different results", async ({ mcp }) => {
  const declined = await answered(mcp, "T-3", "decline");
  const cancelled = await answered(mcp, "T-3", "cancel");
  expect(cancelled).not.toBe(declined);
  expect(await statusOf(mcp, "T-3")).toBe("open");
});
