import { expect, test, type McpTestClient } from "@frontmcp/testing";

async function agentOf(mcp: McpTestClient, id: string): Promise<string | undefined> {
  return (await mcp.tools.call("get_ticket", { id })).json().agent;
}

test("an agent in the input is assigned without a question", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { agent: "chen" } };
  });
  const result = await mcp.tools.call("assign_ticket", { id: "T-1", agent: "bo" });
  expect(result).toBeSuccessful();
  expect(questions).toBe(0);
  expect(await agentOf(mcp, "T-1")).toBe("bo");
});

test("without an agent, the person's pick is assigned", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation((request) => {
    questions++;
    expect(request.requestedSchema?.properties.agent.enum).toEqual(["ana", "bo", "chen"]);
    return { action: "accept", content: { agent: "chen" } };
  });
  await mcp.tools.call("assign_ticket", { id: "T-2" });
  expect(questions).toBe(1);
  expect(await agentOf(mcp, "T-2")).toBe("chen");
});

test("a pick outside the list is rejected", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { agent: "zed" } }));
  const result = await mcp.tools.call("assign_ticket", { id: "T-3" });
  expect(result).toBeError("INVALID_INPUT");
  expect(await agentOf(mcp, "T-3")).toBeUndefined();
});

test("decline assigns nobody", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  await mcp.tools.call("assign_ticket", { id: "T-4" });
  expect(await agentOf(mcp, "T-4")).toBeUndefined();
});

test("cancel assigns nobody", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("assign_ticket", { id: "T-4" });
  expect(await agentOf(mcp, "T-4")).toBeUndefined();
});

test("an unknown ticket fails without a question", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { agent: "ana" } };
  });
  const result = await mcp.tools.call("assign_ticket", { id: "T-99" });
  expect(result).toBeError("TICKET_NOT_FOUND");
  expect(questions).toBe(0);
});
