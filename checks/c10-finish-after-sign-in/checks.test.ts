import { expect, test, type McpTestClient, type Persona } from "@frontmcp/testing";

/** A client of that kind whose person accepts the link, then presses `button` on the page (or nothing). */
function person(mcp: McpTestClient, persona: Persona, button: "sign-in" | "cancel" | "none", action: "accept" | "decline" | "cancel" = "accept") {
  const client = mcp.as(persona);
  const asked: Array<{ mode: string; url?: string }> = [];
  client.onElicitation(async (question) => {
    asked.push(question);
    if (button === "sign-in") await client.outside.signIn(question.url!);
    if (button === "cancel") await client.outside.cancel(question.url!);
    return { action };
  });
  return { client, asked };
}
async function sentList(mcp: McpTestClient): Promise<string[]> {
  return (await mcp.tools.call("list_sent", {})).json<{ sent: string[] }>().sent;
}

test("The question is a link to the billing sign-in page", async ({ mcp }) => {
  const { client, asked } = person(mcp, "modern-with-url", "none", "decline");
  await client.tools.call("send_invoice", { id: "INV-7" });
  expect(asked).toHaveLength(1);
  expect(asked[0].mode).toBe("url");
  expect(asked[0].url).toMatch(/\/outside\/[\w-]+\/billing-sign-in\?/);
});

test("Signing in on the page sends the invoice", async ({ mcp }) => {
  const { client } = person(mcp, "modern-with-url", "sign-in");
  const result = await client.tools.call("send_invoice", { id: "INV-7" });
  expect(result.json()).toMatchObject({ id: "INV-7", sent: true });
  expect(await sentList(mcp)).toEqual(["INV-7"]);
});

test("Accept, then Cancel on the page, sends nothing", async ({ mcp }) => {
  const { client } = person(mcp, "modern-with-url", "cancel");
  await client.tools.call("send_invoice", { id: "INV-7" });
  expect(await sentList(mcp)).toEqual([]);
});

test("The result says the sign-in did not finish", async ({ mcp }) => {
  const { client } = person(mcp, "modern-with-url", "cancel");
  const result = await client.tools.call("send_invoice", { id: "INV-8" });
  expect(result.isError === true || result.json<{ sent?: boolean }>().sent === false).toBe(true);
  expect(result.text()).toMatch(/sign.?in|signed|cancel/i);
});

test("A decline sends nothing", async ({ mcp }) => {
  const { client } = person(mcp, "modern-with-url", "none", "decline");
  await client.tools.call("send_invoice", { id: "INV-8" });
  expect(await sentList(mcp)).toEqual([]);
});

test("On 2025-11-25 too: sent after Sign in, not after Cancel", async ({ mcp }) => {
  const signedIn = person(mcp, "legacy-with-url", "sign-in");
  expect((await signedIn.client.tools.call("send_invoice", { id: "INV-7" })).json()).toMatchObject({ sent: true });
  const cancelled = person(mcp, "legacy-with-url", "cancel");
  await cancelled.client.tools.call("send_invoice", { id: "INV-8" });
  expect(await sentList(mcp)).toEqual(["INV-7"]);
});
