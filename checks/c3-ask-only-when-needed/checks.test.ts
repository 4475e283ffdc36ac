import { expect, test, type McpTestClient } from "@frontmcp/testing";

async function agentOf(mcp: McpTestClient, id: string): Promise<string | undefined> {
  return (await mcp.tools.call("get_ticket", { id })).json().agent;
}
function optionsOf(field: Record<string, any> | undefined): string[] {
  if (!field) return [];
  if (Array.isArray(field.enum)) return [...field.enum].sort();
  if (Array.isArray(field.oneOf)) return field.oneOf.map((option: { const: string }) => option.const).sort();
  return [];
}

test("Does not ask when the model names an agent", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { agent: "ana" } };
  });
  await mcp.tools.call("assign_ticket", { id: "T-1", agent: "bo" });
  expect(questions).toBe(0);
  expect(await agentOf(mcp, "T-1")).toBe("bo");
});

test("Asks when no agent is given, and assigns the pick", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { agent: "chen" } };
  });
  await mcp.tools.call("assign_ticket", { id: "T-2" });
  expect(questions).toBe(1);
  expect(await agentOf(mcp, "T-2")).toBe("chen");
});

test("The form offers exactly the three agents", async ({ mcp }) => {
  let field: Record<string, any> | undefined;
  mcp.onElicitation((request) => {
    field = request.requestedSchema?.properties.agent;
    return { action: "decline" };
  });
  await mcp.tools.call("assign_ticket", { id: "T-3" });
  expect(optionsOf(field)).toEqual(["ana", "bo", "chen"]);
});

test("Rejects a pick that is not an agent", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { agent: "zed" } }));
  const result = await mcp.tools.call("assign_ticket", { id: "T-3" });
  expect(result).toBeError();
  expect(await agentOf(mcp, "T-3")).toBeUndefined();
});

test("Rejects an input agent that is not on the list", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("assign_ticket", { id: "T-4", agent: "zed" });
  expect(result).toBeError();
  expect(await agentOf(mcp, "T-4")).toBeUndefined();
});

test("A decline or cancel assigns nobody", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  await mcp.tools.call("assign_ticket", { id: "T-4" });
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("assign_ticket", { id: "T-4" });
  expect(await agentOf(mcp, "T-4")).toBeUndefined();
});
