// The claims of lessons 12 to c7, proved against each lesson's own files in a real playground,
// through real MCP clients; the helpers they share are in claims-kit.ts.
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, test } from "vitest";
import { configFromEnv } from "../server/config";
import { getChallengeMaterial } from "../server/lessons/catalog";
import { api, createSession } from "../server/testing/harness";
import { pg, filesOf, session, resultOf, accept, decline, cancel, Host } from "./claims-kit";

describe("12 Connect a real client", () => {
  const ID = "12-connect-a-real-client";
  const question = 'Close T-1 "Cannot log in" and email maria@example.com?';

  test("the server has its own MCP URL, http://127.0.0.1:5173/mcp/<session id> by default", async () => {
    const s = await session(ID);
    expect(s.mcpUrl).toBe(`${pg.url}/mcp/${s.id}`);
    const defaults = configFromEnv({});
    expect([defaults.host, defaults.port]).toEqual(["127.0.0.1", 5173]);
  });

  test("an off-the-shelf 2025-11-25 client (SDK 1.32, as the Inspector uses) connects over Streamable HTTP and gets the same question pushed", async () => {
    const s = await session(ID);
    const client = new ClientV1({ name: "inspector-like", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const pushed: any[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      pushed.push(req.params);
      return { action: "accept", content: { confirm: true } };
    });
    await client.connect(new TransportV1(new URL(s.mcpUrl)));
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(pushed).toHaveLength(1);
    expect(pushed[0].message).toBe(question);
    expect(pushed[0].requestedSchema.properties).toEqual({ confirm: { type: "boolean", description: "Tick to close the ticket and send the email" } });
    expect(result.structuredContent).toEqual({ id: "T-1", closed: true });
    await client.close();
  });

  test("a 2025-11-25 client gets elicitation/create pushed in the middle of the call, instead of input_required", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "legacy");
    expect(host.client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    const calls = host.tap.calls();
    expect(calls).toHaveLength(1);
    const messages = await calls[0].messages;
    const pushedAt = messages.findIndex((m) => m.method === "elicitation/create");
    const resultAt = messages.findIndex((m) => m.id === calls[0].request.id && m.result);
    expect(pushedAt).toBeGreaterThanOrEqual(0);
    expect(resultAt).toBeGreaterThan(pushedAt);
    expect(messages[resultAt].result.resultType).not.toBe("input_required");
    expect(messages[resultAt].result.structuredContent).toEqual({ id: "T-1", closed: true });
    await host.close();
  });

  test("both kinds of client see the same question and the same form", async () => {
    const s = await session(ID);
    const modern = await Host.connect(s.mcpUrl, "modern");
    const legacy = await Host.connect(s.mcpUrl, "legacy");
    await modern.call("close_ticket", { id: "T-1" }, decline);
    await legacy.call("close_ticket", { id: "T-1" }, decline);
    expect(modern.questions[0].message).toBe(question);
    expect(legacy.questions[0].message).toBe(question);
    expect(legacy.questions[0].requestedSchema).toEqual(modern.questions[0].requestedSchema);
    await modern.close();
    await legacy.close();
  });

  test("try it: after the outside client closes T-1, get_ticket in the playground sees it closed", async () => {
    const s = await session(ID);
    const outside = await Host.connect(s.mcpUrl, "legacy");
    await outside.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    await outside.close();
    const playground = await Host.connect(s.mcpUrl, "modern");
    expect(resultOf(await playground.call("get_ticket", { id: "T-1" })).structuredContent).toMatchObject({ id: "T-1", status: "closed" });
    await playground.close();
  });
});

// ---------------------------------------------------------------------------------------------
// Challenges: what their texts say the starter files do ("Try it first") and what they promise.

describe("c1 Confirm before deleting (starter)", () => {
  const ID = "c1-confirm-before-deleting";

  test("try it first: delete_ticket T-1 deletes it at once, nobody was asked; a second call fails because it is gone", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(resultOf(await host.call("delete_ticket", { id: "T-1" })).structuredContent).toEqual({ id: "T-1", deleted: true });
    expect(host.questions).toEqual([]);
    const again = resultOf(await host.call("delete_ticket", { id: "T-1" }));
    expect(again.isError).toBe(true);
    expect(again.content[0].text).toContain("T-1");
    // The other three of the four tickets the text lists are still there.
    for (const id of ["T-2", "T-3", "T-4"]) expect(resultOf(await host.call("delete_ticket", { id })).structuredContent).toEqual({ id, deleted: true });
    await host.close();
  });
});

describe("c2 Act after asking (starter)", () => {
  const ID = "c2-act-after-asking";

  test("one call with one Accept leaves two history entries and two emails", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    expect(host.questions).toHaveLength(1);
    expect(resultOf(await host.call("get_ticket", { id: "T-1" })).structuredContent.history).toHaveLength(2);
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toHaveLength(2);
    await host.close();
  });

  test("a declined call has already emailed the customer twice", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("close_ticket", { id: "T-2" }, decline));
    expect(result.structuredContent).toMatchObject({ closed: false });
    const emails = resultOf(await host.call("list_outbox", {})).structuredContent.emails;
    expect(emails).toEqual([
      { to: "li@example.com", subject: "Your ticket T-2 is closed" },
      { to: "li@example.com", subject: "Your ticket T-2 is closed" },
    ]);
    await host.close();
  });
});

describe("c3 Ask only when needed (starter)", () => {
  const ID = "c3-ask-only-when-needed";

  test('try it first: assign_ticket with agent "bo" asks anyway', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("assign_ticket", { id: "T-1", agent: "bo" }, cancel);
    expect(host.questions).toHaveLength(1);
    expect(host.questions[0].requestedSchema.properties.agent.enum).toBeUndefined();
    await host.close();
  });

  test('it takes any name at all: a typo like "cehn" becomes the agent', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("assign_ticket", { id: "T-2" }, accept({ agent: "cehn" }));
    expect(resultOf(await host.call("get_ticket", { id: "T-2" })).structuredContent.agent).toBe("cehn");
    await host.close();
  });
});

describe("c4 Flatten the form (starter)", () => {
  const ID = "c4-flatten-the-form";

  test("try it first: no form, the call fails before the person sees anything, naming the field and the rule", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("schedule_callback", { id: "T-1" }, accept({})));
    expect(host.questions).toEqual([]);
    expect(host.tap.calls()).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('"contact"');
    expect(result.content[0].text).toContain("nested objects are not allowed");
    expect(resultOf(await host.call("list_callbacks", {})).structuredContent.callbacks).toEqual([]);
    await host.close();
  });
});

describe("c5 Say what happened (starter)", () => {
  const ID = "c5-say-what-happened";

  test("try it first: decline and cancel both return { id, closed: false } and nothing else", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const declined = await host.call("close_ticket", { id: "T-1" }, decline);
    const cancelled = await host.call("close_ticket", { id: "T-1" }, cancel);
    expect(declined.kind === "result" && declined.text).toBe('{"id":"T-1","closed":false}');
    expect(cancelled.kind === "result" && cancelled.text).toBe('{"id":"T-1","closed":false}');
    await host.close();
  });
});

describe("c6 Optional asking (starter)", () => {
  const ID = "c6-optional-asking";

  test("try it first: the no-elicitation persona gets -32021 and no list", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-no-elicitation");
    const outcome = await host.call("close_stale_tickets", {});
    expect(outcome).toMatchObject({ kind: "rpc-error", code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
    await host.close();
  });

  test("it always asks first, naming the stale tickets (T-2, T-4, T-5: untouched for more than 30 days)", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("close_stale_tickets", {}, accept({ confirm: true })));
    expect(host.questions[0].message).toBe(
      'Close 3 stale tickets: T-2 "Invoice shows the wrong total", T-4 "Password reset email never arrives", T-5 "Export to CSV is empty"?',
    );
    expect(result.structuredContent).toEqual({ closed: ["T-2", "T-4", "T-5"] });
    await host.close();
  });
});

describe("c7 Write the tests (starter)", () => {
  const ID = "c7-write-the-tests";

  test("1. with an agent in the input it assigns the ticket and asks nobody", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(resultOf(await host.call("assign_ticket", { id: "T-1", agent: "bo" }, accept({ agent: "ana" }))).structuredContent).toEqual({
      id: "T-1",
      assigned: true,
      agent: "bo",
    });
    expect(host.questions).toEqual([]);
    expect(resultOf(await host.call("get_ticket", { id: "T-1" })).structuredContent.agent).toBe("bo");
    await host.close();
  });

  test("2. without one it asks with a form field named agent offering the three, and assigns the pick", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("assign_ticket", { id: "T-2" }, accept({ agent: "chen" }));
    expect(host.questions[0].requestedSchema.properties.agent.enum).toEqual(["ana", "bo", "chen"]);
    expect(resultOf(await host.call("get_ticket", { id: "T-2" })).structuredContent.agent).toBe("chen");
    await host.close();
  });

  test("3. a pick that is not one of the three is INVALID_INPUT and nothing is assigned", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(resultOf(await host.call("assign_ticket", { id: "T-3" }, accept({ agent: "zed" })))._meta.code).toBe("INVALID_INPUT");
    expect(resultOf(await host.call("get_ticket", { id: "T-3" })).structuredContent.agent).toBeUndefined();
    await host.close();
  });

  test("4. on decline or cancel nothing is assigned", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("assign_ticket", { id: "T-3" }, decline);
    await host.call("assign_ticket", { id: "T-4" }, cancel);
    expect(resultOf(await host.call("get_ticket", { id: "T-3" })).structuredContent.agent).toBeUndefined();
    expect(resultOf(await host.call("get_ticket", { id: "T-4" })).structuredContent.agent).toBeUndefined();
    await host.close();
  });

  test("5. a ticket that does not exist fails with TICKET_NOT_FOUND, without asking", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(resultOf(await host.call("assign_ticket", { id: "T-9" }, accept({ agent: "ana" })))._meta.code).toBe("TICKET_NOT_FOUND");
    expect(host.questions).toEqual([]);
    await host.close();
  });

  test("try it first: the one test there passes, and it would pass on every broken version too", async () => {
    const files = await filesOf(ID);
    const starterTests = Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith(".test.ts")));
    const s = await createSession(pg, files);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect([run.json.passed, run.json.failed]).toEqual([1, 0]);
    const material = (await getChallengeMaterial(ID))!;
    expect(Object.keys(material.broken).length).toBeGreaterThan(0);
    for (const [name, brokenFiles] of Object.entries(material.broken)) {
      const onBroken = await createSession(pg, { ...brokenFiles, ...starterTests });
      const brokenRun = await api(pg, "POST", `/api/sessions/${onBroken.id}/tests`, {});
      expect([brokenRun.json.passed, brokenRun.json.failed], name).toEqual([1, 0]);
    }
  });
});
