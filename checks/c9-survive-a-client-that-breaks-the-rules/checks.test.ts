import { expect, test, type ElicitationRequest, type ElicitationResponse, type McpTestClient } from "@frontmcp/testing";

/** A ticked yes to whatever the form calls its box. */
function yes(request: ElicitationRequest): ElicitationResponse {
  const fields = Object.entries(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.filter(([, f]) => f.type === "boolean").map(([name]) => [name, true])) };
}

async function status(mcp: McpTestClient, id: string): Promise<string> {
  return (await mcp.tools.call("get_ticket", { id })).json().status;
}
async function emails(mcp: McpTestClient): Promise<number> {
  return (await mcp.tools.call("list_outbox", {})).json().emails.length;
}
/** A misbehaving client that answers yes, breaking `breaks`, closing `id`. */
async function breaking(mcp: McpTestClient, breaks: string, id = "T-1") {
  const client = mcp.as("misbehaving", { breaks: breaks as never });
  client.onElicitation(yes);
  return client.tools.call("close_ticket", { id });
}

test("A refused requestState closes nothing and emails no one", async ({ mcp }) => {
  await breaking(mcp, "state-reserialised");
  await breaking(mcp, "state-edited");
  expect(await status(mcp, "T-1")).toBe("open");
  expect(await emails(mcp)).toBe(0);
});

test("A round 2 for another ticket or tool closes nothing", async ({ mcp }) => {
  await breaking(mcp, "state-other-arguments");
  await breaking(mcp, "state-other-tool", "T-3");
  expect([await status(mcp, "T-1"), await status(mcp, "T-2"), await status(mcp, "T-3")]).toEqual(["open", "open", "open"]);
  expect(await emails(mcp)).toBe(0);
});

test("An answer outside the form closes nothing", async ({ mcp }) => {
  for (const breaks of ["answer-extra-field", "answer-wrong-type", "accept-without-content"]) await breaking(mcp, breaks);
  expect(await status(mcp, "T-1")).toBe("open");
  expect(await emails(mcp)).toBe(0);
});

test("An action outside the enum is asked again, and a no closes nothing", async ({ mcp }) => {
  let asked = 0;
  const client = mcp.as("misbehaving", { breaks: "answer-outside-enum" });
  client.onElicitation((request) => (++asked === 1 ? yes(request) : { action: "decline" }));
  await client.tools.call("close_ticket", { id: "T-1" });
  expect(asked).toBe(2);
  expect(await status(mcp, "T-1")).toBe("open");
  expect(await emails(mcp)).toBe(0);
});

test("A call cancelled while the person reads the form closes nothing", async ({ mcp }) => {
  await breaking(mcp, "answer-after-cancel");
  expect(await status(mcp, "T-1")).toBe("open");
  expect(await emails(mcp)).toBe(0);
});

test("A question answered twice closes the ticket once and sends one email", async ({ mcp }) => {
  await breaking(mcp, "answer-twice");
  expect(await status(mcp, "T-1")).toBe("closed");
  expect(await emails(mcp)).toBe(1);
});

test("A reused id changes nothing, and the call still closes after a yes", async ({ mcp }) => {
  await breaking(mcp, "id-in-flight");
  expect(await status(mcp, "T-1")).toBe("closed");
  expect(await emails(mcp)).toBe(1);
});

test("A correct client's ticked yes closes the ticket and sends one email", async ({ mcp }) => {
  mcp.onElicitation(yes);
  expect((await mcp.tools.call("close_ticket", { id: "T-2" })).json()).toMatchObject({ closed: true });
  expect(await status(mcp, "T-2")).toBe("closed");
  expect(await emails(mcp)).toBe(1);
});
