import { expect, test } from "@frontmcp/testing";

test("the server lists the app's tool", async ({ mcp }) => {
  expect(await mcp.tools.list()).toContainTool("close_ticket");
});

test("with elicitation enabled, the question reaches the person", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "accept", content: { confirm: true } };
  });

  const result = await mcp.tools.call("close_ticket", { id: "T-1" });

  expect(questions).toBe(1);
  expect(result).not.toBeError("ELICITATION_DISABLED");
  expect(result.json()).toEqual({ id: "T-1", closed: true });
});
