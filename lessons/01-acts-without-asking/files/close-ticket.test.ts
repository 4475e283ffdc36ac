import { expect, test } from "@frontmcp/testing";

test("close_ticket says it is destructive, in tools/list", async ({ mcp }) => {
  const tools = await mcp.tools.list();
  expect(tools).toContainTool("close_ticket");
  const closeTicket = tools.find((tool) => tool.name === "close_ticket");
  expect(closeTicket?.annotations).toMatchObject({ destructiveHint: true });
});

test("it still closes the ticket and emails the customer without asking anyone", async ({ mcp }) => {
  let questions = 0;
  mcp.onElicitation(() => {
    questions++;
    return { action: "decline" };
  });

  const result = await mcp.tools.call("close_ticket", { id: "T-1" });

  expect(result).toBeSuccessful();
  expect(result.json()).toEqual({ id: "T-1", status: "closed", emailed: "maria@example.com" });
  expect(questions).toBe(0);
});

test("an unknown ticket fails with the tool's own code", async ({ mcp }) => {
  const result = await mcp.tools.call("close_ticket", { id: "T-99" });
  expect(result).toBeError("TICKET_NOT_FOUND");
  expect(result.text()).toContain("T-99");
});
