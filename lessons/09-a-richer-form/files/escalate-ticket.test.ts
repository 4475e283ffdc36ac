import { expect, test } from "@frontmcp/testing";

test("the form has the five fields, and only priority and area are required", async ({ mcp }) => {
  let schema: Record<string, any> | undefined;
  mcp.onElicitation((request) => {
    schema = request.requestedSchema;
    return { action: "cancel" };
  });
  await mcp.tools.call("escalate_ticket", { id: "T-5" });
  expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(["area", "contactEmail", "customersAffected", "outage", "priority"]);
  expect(schema?.required).toEqual(["priority", "area"]);
  expect(schema?.properties.priority.oneOf[0]).toEqual({ const: "p1", title: "P1: service down" });
});

test("accept with only the required fields gives the defaults: 1 customer, no outage", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { priority: "p2", area: "login" } }));
  const result = await mcp.tools.call("escalate_ticket", { id: "T-1" });
  expect(result.json().escalation).toMatchObject({ priority: "p2", area: "login", customersAffected: 1, outage: false });
});

test("a mistyped email is rejected", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { priority: "p1", area: "api", contactEmail: "dev at shop" } }));
  const result = await mcp.tools.call("escalate_ticket", { id: "T-4" });
  expect(result).toBeError("INVALID_INPUT");
  expect(result.text()).toContain("contactEmail");
  const ticket = await mcp.tools.call("get_ticket", { id: "T-4" });
  expect(ticket.json().escalation).toBeUndefined();
});

test("decline changes nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "decline" }));
  const result = await mcp.tools.call("escalate_ticket", { id: "T-2" });
  expect(result.json()).toMatchObject({ escalated: false });
  const ticket = await mcp.tools.call("get_ticket", { id: "T-2" });
  expect(ticket.json().escalation).toBeUndefined();
});

test("cancel writes nothing", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "cancel" }));
  await mcp.tools.call("escalate_ticket", { id: "T-3" });
  const ticket = await mcp.tools.call("get_ticket", { id: "T-3" });
  expect(ticket.json().escalation).toBeUndefined();
});

test("a client without elicitation gets a plain-text error asking for priority and area", async ({ mcp }) => {
  const result = await mcp.as("modern-no-elicitation").tools.call("escalate_ticket", { id: "T-3" });
  expect(result.error).toBeUndefined(); // not -32021: the tool never reached elicit()
  expect(result).toBeError();
  expect(result.text()).toContain("priority");
  expect(result.text()).toContain("product area");
});
