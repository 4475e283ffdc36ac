import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

const staleIds = ["T-2", "T-4", "T-5"];

function acceptWithBoxes(request: ElicitationRequest, value: boolean): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, value])) };
}
async function closedIds(mcp: McpTestClient): Promise<string[]> {
  const all: { id: string; status: string }[] = (await mcp.tools.call("list_tickets", {})).json().tickets;
  return all.filter((t) => t.status === "closed").map((t) => t.id);
}

test("The tool takes an optional apply flag", async ({ mcp }) => {
  const tool = (await mcp.tools.list()).find((t) => t.name === "close_stale_tickets");
  expect(tool?.inputSchema.properties?.apply?.type).toBe("boolean");
  expect(tool?.inputSchema.required ?? []).not.toContain("apply");
});

test("A client that cannot ask still gets the preview", async ({ mcp }) => {
  const result = await mcp.as("modern-no-elicitation").tools.call("close_stale_tickets", {});
  expect(result).toBeSuccessful();
  for (const id of staleIds) expect(result.text()).toContain(id);
  expect(await closedIds(mcp)).toEqual([]);
});

test("The preview asks nothing and changes nothing", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { confirm: true } };
  });
  const result = await mcp.tools.call("close_stale_tickets", {});
  expect(result).toBeSuccessful();
  expect(questions).toBe(0);
  expect(await closedIds(mcp)).toEqual([]);
});

test("Applying asks first, and a no closes nothing", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "decline" };
  });
  await mcp.tools.call("close_stale_tickets", { apply: true });
  expect(questions).toBeGreaterThan(0);
  expect(await closedIds(mcp)).toEqual([]);
});

test("Applying with a cancel or an unticked box closes nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("close_stale_tickets", { apply: true });
  mcp.onElicitation((request) => acceptWithBoxes(request, false));
  await mcp.tools.call("close_stale_tickets", { apply: true });
  expect(await closedIds(mcp)).toEqual([]);
});

test("Applying closes the stale tickets after a yes", async ({ mcp }) => {
  mcp.onElicitation((request) => acceptWithBoxes(request, true));
  await mcp.tools.call("close_stale_tickets", { apply: true });
  expect((await closedIds(mcp)).sort()).toEqual(staleIds);
});
