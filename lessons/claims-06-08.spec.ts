// The claims of lessons 06 to 08, proved against each lesson's own files in a real playground,
// through real MCP clients; the helpers they share are in claims-kit.ts.
import { describe, expect, test } from "vitest";
import { PERSONAS, type PersonaName } from "../contract/personas";
import { api, rawModern } from "../server/testing/harness";
import { pg, type Files, filesOf, edit, session, resultOf, accept, emailsIn, ticketOf, withOutboxProbe, Host } from "./claims-kit";

describe("06 Testing a tool that asks", () => {
  const ID = "06-testing-a-tool-that-asks";

  test("run tests: the three tests of close-ticket.test.ts pass", async () => {
    const s = await session(ID);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect(run.status).toBe(200);
    expect(run.json.tests.map((t: any) => [t.name, t.status])).toEqual([
      ["yes closes the ticket", "passed"],
      ["decline leaves it open", "passed"],
      ["an answer of the wrong type is rejected", "passed"],
    ]);
  });

  test('{ confirm: "yes" } never reaches the tool: INVALID_INPUT, does not match the requested schema, ticket still open', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("close_ticket", { id: "T-3" }, accept({ confirm: "yes" })));
    expect(result._meta.code).toBe("INVALID_INPUT");
    expect(result.content[0].text).toContain("does not match the requested schema");
    expect((await ticketOf(s.mcpUrl, "T-3")).status).toBe("open");
    await host.close();
  });

  test("with no handler every question is answered decline, and the test output says a question went unanswered", async () => {
    const probe = `import { expect, test } from "@frontmcp/testing";
test("no handler", async ({ mcp }) => {
  const result = await mcp.tools.call("close_ticket", { id: "T-1" });
  expect(result.json()).toMatchObject({ id: "T-1", closed: false, reason: "The person said no. Do not ask again." });
});
`;
    const s = await session(ID, (f) => ({ ...f, "no-handler.test.ts": probe }));
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file: "no-handler.test.ts" });
    expect(run.json.tests).toHaveLength(1);
    expect(run.json.tests[0].status).toBe("passed");
    expect(run.json.tests[0].logs.join("\n")).toMatch(/question went unanswered.*Close T-1/);
  });

  test("the server is fresh for each test file, but shared by the tests in it", async () => {
    const closeInFirstTest = `import { expect, test } from "@frontmcp/testing";
test("closes T-1", async ({ mcp }) => {
  mcp.onElicitation(() => ({ action: "accept", content: { confirm: true } }));
  expect((await mcp.tools.call("close_ticket", { id: "T-1" })).json()).toEqual({ id: "T-1", closed: true });
});
test("the next test of the same file sees it closed", async ({ mcp }) => {
  expect((await mcp.tools.call("get_ticket", { id: "T-1" })).json().status).toBe("closed");
});
`;
    const otherFile = `import { expect, test } from "@frontmcp/testing";
test("another file sees T-1 open", async ({ mcp }) => {
  expect((await mcp.tools.call("get_ticket", { id: "T-1" })).json().status).toBe("open");
});
`;
    const s = await session(ID, (f) => ({ ...f, "a-shared.test.ts": closeInFirstTest, "b-fresh.test.ts": otherFile }));
    for (const file of ["a-shared.test.ts", "b-fresh.test.ts"]) {
      const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, { file });
      expect(run.json.failed, `${file}: ${run.text}`).toBe(0);
      expect(run.json.passed, file).toBeGreaterThan(0);
    }
  });

  test("try it: with the third test's answer changed to { confirm: true }, it fails and shows expected and received", async () => {
    const s = await session(ID, (f) => edit(f, "close-ticket.test.ts", '{ confirm: "yes" }', "{ confirm: true }"));
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    const third = run.json.tests.find((t: any) => t.name === "an answer of the wrong type is rejected");
    expect(third.status).toBe("failed");
    expect(third.error.expected).toContain("INVALID_INPUT");
    expect(third.error.actual).toBeDefined();
    expect(third.error.actual).not.toBe(third.error.expected);
  });
});

describe("07 Clients that can't ask", () => {
  const ID = "07-clients-that-cannot-ask";
  const reply = { id: "T-1", text: "You can log in again now." };

  test("2026-07-28 · forms: send: true gets the form", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl, "modern");
    const outcome = await host.call("reply_to_customer", { ...reply, send: true }, accept({ approve: true }));
    expect(host.questions).toEqual([
      expect.objectContaining({ key: "elicitation-1", mode: "form", message: "Send this reply to maria@example.com?\n\nYou can log in again now." }),
    ]);
    expect(resultOf(outcome).structuredContent).toMatchObject({ sent: true });
    expect(await emailsIn(s.mcpUrl)).toEqual([{ to: "maria@example.com", subject: "Re: Cannot log in (T-1)" }]);
    await host.close();
  });

  test("every 2026-07-28 request says what the client can do in _meta clientCapabilities", async () => {
    const s = await session(ID);
    for (const persona of ["modern", "modern-no-elicitation"] as const) {
      const host = await Host.connect(s.mcpUrl, persona);
      await host.call("reply_to_customer", reply);
      const [call] = host.tap.calls();
      expect(call.request.params._meta["io.modelcontextprotocol/clientCapabilities"], persona).toEqual(PERSONAS[persona].capabilities);
      await host.close();
    }
  });

  test("2026-07-28 · no elicitation: the call fails with -32021 and data.requiredCapabilities naming the form capability", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl, "modern-no-elicitation");
    const outcome = await host.call("reply_to_customer", { ...reply, send: true }, accept({ approve: true }));
    expect(outcome).toMatchObject({ kind: "rpc-error", code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
    expect(host.questions).toEqual([]);
    expect(await emailsIn(s.mcpUrl)).toEqual([]);
    await host.close();
  });

  test("try it: the Wire tab shows -32021 and requiredCapabilities in the response", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-no-elicitation");
    await host.call("reply_to_customer", { ...reply, send: true });
    const calls = host.tap.calls();
    expect(calls).toHaveLength(1);
    const [response] = await calls[0].messages;
    expect(response.result).toBeUndefined();
    expect(response.error.code).toBe(-32021);
    expect(response.error.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
    await host.close();
  });

  test("2025-11-25 · no forms: tools/list has one more tool, sendElicitationResult", async () => {
    const s = await session(ID);
    const modern = await Host.connect(s.mcpUrl, "modern");
    const legacyNoForms = await Host.connect(s.mcpUrl, "legacy-no-forms");
    const modernTools = await modern.toolNames();
    expect((await legacyNoForms.toolNames()).sort()).toEqual([...modernTools, "sendElicitationResult"].sort());
    await modern.close();
    await legacyNoForms.close();
  });

  test("2026-07-28 clients never see sendElicitationResult (nor do 2025 clients with forms)", async () => {
    const s = await session(ID);
    for (const persona of ["modern", "modern-no-elicitation", "legacy"] as const) {
      const host = await Host.connect(s.mcpUrl, persona);
      expect(await host.toolNames(), persona).not.toContain("sendElicitationResult");
      await host.close();
    }
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "sendElicitationResult", arguments: { elicitId: "x", action: "accept" } });
    expect(r.body.result?.structuredContent).toBeUndefined();
    expect(r.body.error ?? r.body.result.isError).toBeTruthy();
  });

  test("2025-11-25 · no forms: the asking call returns text saying what to ask and how to answer through sendElicitationResult", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl, "legacy-no-forms");
    const asked = resultOf(await host.call("reply_to_customer", { ...reply, send: true }));
    expect(asked.content[0].text).toContain("Ask the person: Send this reply to maria@example.com?");
    expect(asked.content[0].text).toContain("Then call sendElicitationResult with");
    expect(await emailsIn(s.mcpUrl)).toEqual([]);
    // ...and the answer sent back through that tool finishes the call.
    const done = resultOf(
      await host.call("sendElicitationResult", { elicitId: asked.structuredContent.elicitId, action: "accept", content: { approve: true } }),
    );
    expect(done.structuredContent).toMatchObject({ sent: true });
    expect(await emailsIn(s.mcpUrl)).toHaveLength(1);
    await host.close();
  });

  test("without send every client gets the draft back, and nobody is asked", async () => {
    const s = await session(ID);
    for (const persona of Object.keys(PERSONAS) as PersonaName[]) {
      const host = await Host.connect(s.mcpUrl, persona);
      const result = resultOf(await host.call("reply_to_customer", reply, accept({ approve: true })));
      expect(result.structuredContent, persona).toEqual({
        preview: { to: "maria@example.com", subject: "Re: Cannot log in (T-1)", body: "You can log in again now." },
        sent: false,
      });
      expect(host.questions, persona).toEqual([]);
      await host.close();
    }
  });

  test("send is optional in the input, default false", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const tool = (await host.tools()).find((t) => t.name === "reply_to_customer")!;
    expect((tool.inputSchema.properties as any).send).toMatchObject({ type: "boolean", default: false });
    expect(tool.inputSchema.required ?? []).not.toContain("send");
    await host.close();
  });
});

describe("08 Turning elicitation on", () => {
  const ID = "08-turning-elicitation-on";
  const withoutSwitch = (files: Files) => edit(files, "server.ts", "  elicitation: { enabled: true },\n", "");

  test("lessons 1 to 7 have no server.ts; this one does", async () => {
    for (const id of [
      "01-acts-without-asking",
      "02-asking-with-elicit",
      "03-asking-for-a-missing-detail",
      "04-on-the-wire",
      "05-ask-first-then-act",
      "06-testing-a-tool-that-asks",
      "07-clients-that-cannot-ask",
    ])
      expect(Object.keys(await filesOf(id)), id).not.toContain("server.ts");
    expect(Object.keys(await filesOf(ID))).toContain("server.ts");
  });

  test("info gives the server its name and version", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(host.client.getServerVersion()).toMatchObject({ name: "help-desk", version: "1.0.0" });
    await host.close();
  });

  test("a tool that is in no app is not served, even if its file exports it", async () => {
    const s = await session(ID, withOutboxProbe);
    expect(s.tools.map((t: { name: string }) => t.name)).toEqual(["close_ticket"]);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "probe_outbox", arguments: {} });
    expect(r.body.result?.structuredContent).toBeUndefined();
  });

  test("with elicitation: { enabled: true } the question reaches the person", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    expect(host.questions.map((q) => q.message)).toEqual(['Close T-1 "Cannot log in" and email maria@example.com?']);
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true });
    await host.close();
  });

  test("without it, elicit() ends the call with ELICITATION_DISABLED and how to turn it on; no form is shown", async () => {
    const s = await session(ID, withoutSwitch);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("close_ticket", { id: "T-2" }, accept({ confirm: true })));
    expect(host.questions).toEqual([]);
    expect(host.tap.calls()).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(result._meta.code).toBe("ELICITATION_DISABLED");
    expect(result.content[0].text).toMatch(/^Elicitation is disabled in server configuration\b/);
    expect(result.content[0].text).toContain("elicitation: { enabled: true }");
    await host.close();
  });

  test("try it: without the line, the lesson's second test fails and the first still passes", async () => {
    const s = await session(ID, withoutSwitch);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect(run.json.tests.map((t: any) => t.status)).toEqual(["passed", "failed"]);
  });

  test("the playground's automatic server (no server.ts) has elicitation on", async () => {
    const s = await session(ID, (f) => {
      const { "server.ts": _server, ...rest } = f;
      return rest;
    });
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(r.body.result.resultType).toBe("input_required");
  });
});
