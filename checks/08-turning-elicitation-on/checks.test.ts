import { expect, test } from "@frontmcp/testing";

test("close_ticket asks again once elicitation is back on", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "decline" };
  });
  const result = await mcp.tools.call("close_ticket", { id: "T-2" });
  expect(result).toBeSuccessful();
  expect(questions).toBe(1);
});
