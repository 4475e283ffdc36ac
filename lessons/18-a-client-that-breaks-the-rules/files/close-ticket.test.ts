import { expect, test } from "@frontmcp/testing";

// Each client answers yes, then breaks one rule in round 2. None of them may close a ticket.
const yes = () => ({ action: "accept" as const, content: { confirm: true } });

test("a requestState with other bytes is refused, even when its JSON is the same", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "state-reserialised" });
  client.onElicitation(yes);
  const result = await client.tools.call("close_ticket", { id: "T-1" });
  expect(result.error?.code).toBe(-32602);
  expect(result.error?.data).toMatchObject({ reason: "invalid_request_state" });
  expect((await mcp.tools.call("get_ticket", { id: "T-1" })).json().status).toBe("open");
});

test("a requestState made for T-1 is refused for T-2", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "state-other-arguments" });
  client.onElicitation(yes);
  const result = await client.tools.call("close_ticket", { id: "T-1" });
  expect(result.error?.data).toMatchObject({ reason: "invalid_request_state" });
  expect((await mcp.tools.call("get_ticket", { id: "T-2" })).json().status).toBe("open");
});

test("an answer with a field the form never asked for is refused by name", async ({ mcp }) => {
  const client = mcp.as("misbehaving", { breaks: "answer-extra-field" });
  client.onElicitation(yes);
  const result = await client.tools.call("close_ticket", { id: "T-3" });
  expect(result).toBeError("INVALID_INPUT");
  expect(result.text()).toContain("admin");
  expect((await mcp.tools.call("get_ticket", { id: "T-3" })).json().status).toBe("open");
});

test("an action outside accept, decline and cancel gets the question again", async ({ mcp }) => {
  let asked = 0;
  const client = mcp.as("misbehaving", { breaks: "answer-outside-enum" });
  client.onElicitation(() => (++asked === 1 ? yes() : { action: "decline" }));
  const result = await client.tools.call("close_ticket", { id: "T-1" });
  expect(asked).toBe(2);
  expect(result.json()).toMatchObject({ closed: false });
});
