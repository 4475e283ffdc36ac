import { expect, test, type ElicitationRequest } from "@frontmcp/testing";

test("with an agent in the input, nobody is asked", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "decline" };
  });

  const result = await mcp.tools.call("assign_ticket", { id: "T-1", agent: "bo" });

  expect(result.json()).toEqual({ id: "T-1", agent: "bo" });
  expect(questions).toBe(0);
});

test("without an agent, the person picks one from the list", async ({ mcp }) => {
  let asked: ElicitationRequest | undefined;
  mcp.onElicitation((request) => {
    asked = request;
    return { action: "accept", content: { agent: "chen" } };
  });

  const result = await mcp.tools.call("assign_ticket", { id: "T-2" });

  expect(asked?.requestedSchema?.properties.agent.enum).toEqual(["ana", "bo", "chen"]);
  expect(result.json()).toEqual({ id: "T-2", agent: "chen" });
});

test("a pick that is not on the list is rejected", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { agent: "zed" } }));
  const result = await mcp.tools.call("assign_ticket", { id: "T-3" });
  expect(result).toBeError("INVALID_INPUT");
  expect(result.text()).toContain("does not match the requested schema");
});

test("the model cannot pass an agent that is not on the list either", async ({ mcp }) => {
  const result = await mcp.tools.call("assign_ticket", { id: "T-3", agent: "zed" });
  expect(result).toBeError("INVALID_INPUT");
});
