import { expect, test } from "@frontmcp/testing";

const withUrlSupport = { "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {}, url: {} } } };

test("the question is a link to the billing sign-in page, not a form", async ({ mcp }) => {
  const first = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "open_billing", arguments: { id: "T-2" }, _meta: withUrlSupport },
  });

  expect(first.result.resultType).toBe("input_required");
  const question = first.result.inputRequests["elicitation-1"].params;
  expect(question.mode).toBe("url");
  expect(question.url).toMatch(/\/outside\/[\w-]+\/billing-sign-in\?ticket=T-2&flow=/);
  expect(question.requestedSchema).toBeUndefined();
  // 2026-07-28 has no elicitationId: requestState ties the retry to this question.
  expect(question.elicitationId).toBeUndefined();
});

test("accept only opens the page: the tool finishes once the person signed in there", async ({ mcp }) => {
  const web = mcp.as("modern-with-url");
  web.onElicitation(async (question) => {
    await web.outside.signIn(question.url!); // the person signs in on the page
    return { action: "accept" };
  });
  const result = await web.tools.call("open_billing", { id: "T-2" });
  expect(result.json()).toMatchObject({ id: "T-2", linkOpened: true, signedIn: true });
});

test("Cancel on the page: accepted, but not signed in, so no invoice", async ({ mcp }) => {
  const web = mcp.as("modern-with-url");
  web.onElicitation(async (question) => {
    await web.outside.cancel(question.url!);
    return { action: "accept" };
  });
  const result = await web.tools.call("open_billing", { id: "T-1" });
  expect(result.json()).toEqual({ id: "T-1", linkOpened: true, signedIn: false, reason: "The sign-in did not finish (cancelled)." });
});

test("2025-11-25: the same tool, the question pushed", async ({ mcp }) => {
  const old = mcp.as("legacy-with-url");
  old.onElicitation(async (question) => {
    await old.outside.signIn(question.url!);
    return { action: "accept" };
  });
  expect((await old.tools.call("open_billing", { id: "T-2" })).json()).toMatchObject({ signedIn: true });
});

test("2025-11-25: read_invoice answers -32042 first; the client opens the page and calls again", async ({ mcp }) => {
  const old = mcp.as("legacy-with-url");
  old.onElicitation(async (question) => {
    await old.outside.signIn(question.url!);
    return { action: "accept" };
  });
  expect((await old.tools.call("read_invoice", { id: "T-1" })).json()).toEqual({ id: "T-1", invoice: { total: "€12.00", lines: 1 } });
});

test("a client that only does forms cannot be sent a link: -32021 names url", async ({ mcp }) => {
  const result = await mcp.tools.call("open_billing", { id: "T-1" });
  expect(result).toHaveErrorCode(-32021);
  expect(result.error?.data).toEqual({ requiredCapabilities: { elicitation: { url: {} } } });
});
