import { expect, test } from "@frontmcp/testing";

// One server per test file: the tickets changed by one test stay changed for the next.
// So each test uses its own ticket.

test("yes closes the ticket", async ({ mcp }) => {
  let question = "";
  mcp.onElicitation((request) => {
    question = request.message;
    return { action: "accept", content: { confirm: true } };
  });

  const result = await mcp.tools.call("close_ticket", { id: "T-1" });

  expect(question).toContain("T-1");
  expect(result.json()).toEqual({ id: "T-1", closed: true });
  const ticket = await mcp.tools.call("get_ticket", { id: "T-1" });
  expect(ticket.json().status).toBe("closed");
});

test("decline leaves it open", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));

  const result = await mcp.tools.call("close_ticket", { id: "T-2" });

  expect(result.json()).toMatchObject({ id: "T-2", closed: false });
  const ticket = await mcp.tools.call("get_ticket", { id: "T-2" });
  expect(ticket.json().status).toBe("open");
});

test("an answer of the wrong type is rejected", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: "yes" } }));

  const result = await mcp.tools.call("close_ticket", { id: "T-3" });

  expect(result).toBeError("INVALID_INPUT");
  expect(result.text()).toContain("does not match the requested schema");
  const ticket = await mcp.tools.call("get_ticket", { id: "T-3" });
  expect(ticket.json().status).toBe("open");
});
