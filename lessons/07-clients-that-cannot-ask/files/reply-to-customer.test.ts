import { expect, test } from "@frontmcp/testing";

const reply = { id: "T-1", text: "You can log in again now." };

test("a client without elicitation still gets the preview", async ({ mcp }) => {
  const noForms = mcp.as("modern-no-elicitation");
  const result = await noForms.tools.call("reply_to_customer", reply);
  expect(result).toBeSuccessful();
  expect(result.json()).toMatchObject({ sent: false, preview: { to: "maria@example.com" } });
});

test("asking that client anything fails with -32021, naming the missing capability", async ({ mcp }) => {
  const noForms = mcp.as("modern-no-elicitation");
  const result = await noForms.tools.call("reply_to_customer", { ...reply, send: true });
  expect(result).toHaveErrorCode(-32021);
  expect(result.error?.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
});

test("the same, as a raw request that declares no capabilities", async ({ mcp }) => {
  const response = await mcp.raw.request({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name: "reply_to_customer",
      arguments: { ...reply, send: true },
      _meta: { "io.modelcontextprotocol/clientCapabilities": {} },
    },
  });
  expect(response).toHaveErrorCode(-32021);
});

test("only older clients without forms see sendElicitationResult", async ({ mcp }) => {
  expect(await mcp.tools.list()).not.toContainTool("sendElicitationResult");
  expect(await mcp.as("modern-no-elicitation").tools.list()).not.toContainTool("sendElicitationResult");
  expect(await mcp.as("legacy-no-forms").tools.list()).toContainTool("sendElicitationResult");
});

test("an older client without forms is told how to answer through sendElicitationResult", async ({ mcp }) => {
  const result = await mcp.as("legacy-no-forms").tools.call("reply_to_customer", { ...reply, id: "T-2", send: true });
  expect(result).toHaveTextContent("sendElicitationResult");
});
