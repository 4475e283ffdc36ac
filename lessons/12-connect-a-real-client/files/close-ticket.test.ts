import { expect, test, type ElicitationRequest } from "@frontmcp/testing";

// A 2025-11-25 client with a session, the way most desktop clients connect today:
// the server pushes elicitation/create to it on the call's own stream.

test("an older client with forms gets the same question, pushed by the server", async ({ mcp }) => {
  const legacy = mcp.as("legacy");
  let asked: ElicitationRequest | undefined;
  legacy.onElicitation((request) => {
    asked = request;
    return { action: "accept", content: { confirm: true } };
  });

  const result = await legacy.tools.call("close_ticket", { id: "T-1" });

  expect(asked?.mode).toBe("form");
  expect(asked?.message).toBe('Close T-1 "Cannot log in" and email maria@example.com?');
  expect(result.json()).toEqual({ id: "T-1", closed: true });
});

test("both kinds of client see the same form", async ({ mcp }) => {
  const forms: ElicitationRequest[] = [];
  const legacy = mcp.as("legacy");
  for (const client of [mcp, legacy]) {
    client.onElicitation((request) => {
      forms.push(request);
      return { action: "decline" };
    });
  }
  await mcp.tools.call("close_ticket", { id: "T-2" });
  await legacy.tools.call("close_ticket", { id: "T-2" });

  expect(forms).toHaveLength(2);
  expect(forms[1].message).toBe(forms[0].message);
  expect(forms[1].requestedSchema?.properties).toEqual(forms[0].requestedSchema?.properties);
});
