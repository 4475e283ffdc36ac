import { expect, test, type ElicitationRequest, type ElicitationResponse } from "@frontmcp/testing";

// Tick every box in the approval form: "yes", and "remember for this session".
function approveAndRemember(request: ElicitationRequest): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, true])) };
}

test("no runs nothing; a remembered yes is asked once", async ({ mcp }) => {
  const asked: string[] = [];

  mcp.onElicitation((request) => {
    asked.push(request.message);
    return { action: "decline" };
  });
  const refused = await mcp.tools.call("email_customer", { id: "T-1", text: "We are on it." });
  expect(refused.text()).toBeDefined();
  expect((await mcp.tools.call("list_outbox", {})).json().emails).toHaveLength(0);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain("Let the assistant email customers");

  mcp.onElicitation((request) => {
    asked.push(request.message);
    return approveAndRemember(request);
  });
  const first = await mcp.tools.call("email_customer", { id: "T-1", text: "We are on it." });
  expect(first.json()).toEqual({ id: "T-1", sentTo: "maria@example.com" });
  expect(asked).toHaveLength(2);

  const second = await mcp.tools.call("email_customer", { id: "T-2", text: "Fixed, please check." });
  expect(second).toBeSuccessful();
  expect(asked).toHaveLength(2); // not asked again
  expect((await mcp.tools.call("list_outbox", {})).json().emails).toHaveLength(2);
});
