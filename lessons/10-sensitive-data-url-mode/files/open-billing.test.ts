import { expect, test } from "@frontmcp/testing";

const withUrlSupport = { "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {}, url: {} } } };

test("the question is a link, not a form", async ({ mcp }) => {
  const first = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "open_billing", arguments: { id: "T-2" }, _meta: withUrlSupport },
  });

  expect(first.result.resultType).toBe("input_required");
  const question = first.result.inputRequests["elicitation-1"].params;
  expect(question).toMatchObject({ mode: "url", url: "https://billing.example.com/signin?ticket=T-2" });
  expect(question.requestedSchema).toBeUndefined();
});

test("accept carries no content, and only means the page may be opened", async ({ mcp }) => {
  const first = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "open_billing", arguments: { id: "T-2" }, _meta: withUrlSupport },
  });
  const second = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      name: "open_billing",
      arguments: { id: "T-2" },
      inputResponses: { "elicitation-1": { action: "accept" } },
      requestState: first.result.requestState,
      _meta: withUrlSupport,
    },
  });
  expect(second.result.structuredContent).toMatchObject({ id: "T-2", linkOpened: true });
});

test("a client that only does forms cannot be sent a link: -32021 names url", async ({ mcp }) => {
  const result = await mcp.tools.call("open_billing", { id: "T-1" });
  expect(result).toHaveErrorCode(-32021);
  expect(result.error?.data).toEqual({ requiredCapabilities: { elicitation: { url: {} } } });
});
