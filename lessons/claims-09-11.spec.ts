// The claims of lessons 09 to 11, proved against each lesson's own files in a real playground,
// through real MCP clients; the helpers they share are in claims-kit.ts.
import { describe, expect, test } from "vitest";
import { api, rawModern } from "../server/testing/harness";
import { pressOutside, until } from "../server/testing/outside";
import { pg, edit, session, resultOf, accept, decline, cancel, ticketOf, Host, type Question } from "./claims-kit";

describe("09 A richer form: escalating a ticket", () => {
  const ID = "09-a-richer-form";

  test("the form asks for five things; only priority and area are required", async () => {
    const s = await session(ID);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "escalate_ticket", arguments: { id: "T-1" } });
    const schema = r.body.result.inputRequests["elicitation-1"].params.requestedSchema;
    expect(schema.required).toEqual(["priority", "area"]);
    expect(schema.properties.priority.oneOf).toEqual([
      { const: "p1", title: "P1: service down" },
      { const: "p2", title: "P2: major feature broken" },
      { const: "p3", title: "P3: minor issue" },
    ]);
    expect(schema.properties.area).toMatchObject({ type: "string", enum: ["billing", "login", "api", "mobile-app"] });
    expect(schema.properties.customersAffected).toMatchObject({ type: "integer", minimum: 1, maximum: 10000, default: 1 });
    expect(schema.properties.contactEmail).toMatchObject({ type: "string", format: "email" });
    expect(schema.properties.outage).toMatchObject({ type: "boolean", default: false });
    expect(Object.keys(schema.properties).sort()).toEqual(["area", "contactEmail", "customersAffected", "outage", "priority"]);
  });

  test("try it: fill only priority and area and Accept: defaults are filled in, 1 customer and no outage", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("escalate_ticket", { id: "T-1" }, accept({ priority: "p2", area: "login" })));
    expect(result.structuredContent).toEqual({
      id: "T-1",
      escalated: true,
      escalation: { priority: "p2", area: "login", customersAffected: 1, outage: false },
    });
    expect((await ticketOf(s.mcpUrl, "T-1")).escalation).toEqual({ priority: "p2", area: "login", customersAffected: 1, outage: false });
    await host.close();
  });

  test("the server checks again, because a client can send anything", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    for (const [content, field] of [
      [{ priority: "p9", area: "login" }, "priority"],
      [{ priority: "p1", area: "login", customersAffected: 0 }, "customersAffected"],
      [{ priority: "p1", area: "login", customersAffected: 2.5 }, "customersAffected"],
      [{ area: "login" }, "priority"],
    ] as const) {
      const result = resultOf(await host.call("escalate_ticket", { id: "T-2" }, accept(content)));
      expect(result._meta?.code, JSON.stringify(content)).toBe("INVALID_INPUT");
      expect(result.content[0].text, JSON.stringify(content)).toContain(field);
    }
    expect((await ticketOf(s.mcpUrl, "T-2")).escalation).toBeUndefined();
    await host.close();
  });

  test("a mistyped email is rejected", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("escalate_ticket", { id: "T-4" }, accept({ priority: "p1", area: "api", contactEmail: "dev at shop" })));
    expect(result._meta.code).toBe("INVALID_INPUT");
    expect(result.content[0].text).toContain("contactEmail");
    expect((await ticketOf(s.mcpUrl, "T-4")).escalation).toBeUndefined();
    await host.close();
  });

  test("decline changes nothing; cancel writes nothing", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    expect(resultOf(await host.call("escalate_ticket", { id: "T-2" }, decline)).structuredContent).toMatchObject({ escalated: false });
    expect(resultOf(await host.call("escalate_ticket", { id: "T-3" }, cancel)).structuredContent).toMatchObject({ escalated: false });
    expect((await ticketOf(s.mcpUrl, "T-2")).escalation).toBeUndefined();
    expect((await ticketOf(s.mcpUrl, "T-3")).escalation).toBeUndefined();
    await host.close();
  });

  test("try it: a client without forms gets a plain-text error naming the two answers to get, not -32021", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-no-elicitation");
    const outcome = await host.call("escalate_ticket", { id: "T-1" });
    expect(outcome.kind).toBe("result");
    const result = resultOf(outcome);
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
    expect(result.content[0].type).toBe("text");
    expect(result.content[0].text).toContain("priority of T-1");
    expect(result.content[0].text).toContain("product area");
    const [response] = await host.tap.calls()[0].messages;
    expect(response.error).toBeUndefined();
    expect(host.tap.calls()[0].status).toBe(200);
    await host.close();
  });
});

describe("10 Sensitive data goes through URL mode", () => {
  const ID = "10-sensitive-data-url-mode";
  const signInPage = (s: { id: string; mcpUrl: string }) =>
    new RegExp(`^${new URL(s.mcpUrl).origin}/outside/${s.id}/billing-sign-in\\?ticket=T-2&flow=[\\w-]{22}$`);
  const signingIn = (action: "sign-in" | "cancel") => (q: Question) => {
    void pressOutside(pg, q.url!, action);
    return { action: "accept" as const };
  };

  test("2026-07-28: the question is a link to the playground's pretend sign-in page, with no requestedSchema and no elicitationId", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    await host.call("open_billing", { id: "T-2" });
    const [response] = await host.tap.calls()[0].messages;
    const params = response.result.inputRequests["elicitation-1"].params;
    expect(params).toEqual({ mode: "url", message: "Sign in to billing to see the invoice for T-2", url: expect.stringMatching(signInPage(s)) });
    const page = await (await fetch(params.url)).text();
    expect(page).toContain("Pretend outside page");
    await host.close();
  });

  test("accept carries no content and only opens the page: the call waits for Sign in, then reads the invoice", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    // Accept alone: nobody has pressed anything on the page yet.
    const call = host.call("open_billing", { id: "T-2" }, () => ({ action: "accept" }));
    await until(() => host.questions.length === 1);
    expect((await pressOutside(pg, host.questions[0].url!, "sign-in")).status).toBe(303);
    // Only a call that waited for the page can say signed in.
    expect(resultOf(await call).structuredContent).toEqual({ id: "T-2", linkOpened: true, signedIn: true, invoice: { total: "€249.90", lines: 3 } });
    expect(host.tap.calls()[1].request.params.inputResponses).toEqual({ "elicitation-1": { action: "accept" } });
    await host.close();
  });

  test("Cancel on the page: accepted, not signed in, no invoice", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    const result = resultOf(await host.call("open_billing", { id: "T-2" }, signingIn("cancel")));
    expect(result.structuredContent).toEqual({ id: "T-2", linkOpened: true, signedIn: false, reason: "The sign-in did not finish (cancelled)." });
    await host.close();
  });

  test("decline and cancel: they did not open it", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    for (const answer of [decline, cancel]) {
      const result = resultOf(await host.call("open_billing", { id: "T-2" }, answer));
      expect(result.structuredContent).toMatchObject({ id: "T-2", linkOpened: false });
    }
    await host.close();
  });

  test("2025-11-25: the pushed question carries an elicitationId; after Sign in, notifications/elicitation/complete names it", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "legacy-with-url");
    const result = resultOf(await host.call("open_billing", { id: "T-2" }, signingIn("sign-in")));
    expect(result.structuredContent).toMatchObject({ signedIn: true });
    const messages = await host.tap.calls()[0].messages;
    const pushed = messages.find((m) => m.method === "elicitation/create");
    expect(pushed.params).toMatchObject({
      mode: "url",
      message: "Sign in to billing to see the invoice for T-2",
      url: expect.stringMatching(signInPage(s)),
      elicitationId: new URL(pushed.params.url).searchParams.get("flow"),
    });
    const complete = messages.find((m) => m.method === "notifications/elicitation/complete");
    expect(complete.params).toEqual({ elicitationId: pushed.params.elicitationId });
    // The notice comes before the call's result, on the same stream.
    expect(messages.indexOf(complete)).toBeLessThan(messages.findIndex((m) => m.result));
    await host.close();
  });

  test("read_invoice on 2025-11-25 answers -32042 listing the page; on 2026-07-28 it asks in URL mode instead", async () => {
    const s = await session(ID);
    const old = await Host.connect(s.mcpUrl, "legacy-with-url");
    const outcome = await old.call("read_invoice", { id: "T-2" });
    expect(outcome).toMatchObject({ kind: "rpc-error", code: -32042 });
    const [listed] = (outcome as { data: { elicitations: any[] } }).data.elicitations;
    expect(listed).toEqual({
      mode: "url",
      message: "Sign in to billing to read the invoice for T-2",
      url: expect.stringMatching(signInPage(s)),
      elicitationId: expect.any(String),
    });
    await old.close();
    const web = await Host.connect(s.mcpUrl, "modern-with-url");
    const result = resultOf(await web.call("read_invoice", { id: "T-2" }, signingIn("sign-in")));
    expect(web.questions[0]).toMatchObject({ mode: "url", url: listed.url });
    expect(result.structuredContent).toEqual({ id: "T-2", invoice: { total: "€249.90", lines: 3 } });
    await web.close();
  });

  test("a client that declares only forms gets -32021 with requiredCapabilities elicitation.url", async () => {
    const s = await session(ID);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "open_billing", arguments: { id: "T-2" } }, { elicitation: { form: {} } });
    expect(r.body.result).toBeUndefined();
    expect(r.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
  });

  test("try it: as modern, which declares only forms, the Wire tab shows -32021 naming url", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern");
    const outcome = await host.call("open_billing", { id: "T-2" });
    expect(outcome).toMatchObject({ kind: "rpc-error", code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
    await host.close();
  });
});

describe("11 Ask once: approval", () => {
  const ID = "11-ask-once-approval";
  const approveAndRemember = accept({ approve: true, remember: true });

  test('the first call asks with the tool\'s message and two boxes: "Allow this call" (unticked, required) and "Remember for this session" (ticked)', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("email_customer", { id: "T-1", text: "We are on it." });
    expect(host.questions).toHaveLength(1);
    expect(host.questions[0].message).toBe("Let the assistant email customers about their tickets?");
    const schema = host.questions[0].requestedSchema;
    expect(Object.keys(schema.properties)).toEqual(["approve", "remember"]);
    // The form's boxes start from these defaults: the person must tick "Allow this call" themselves.
    expect(schema.properties.approve).toEqual({ type: "boolean", title: "Allow this call", default: false });
    expect(schema.properties.remember).toEqual({ type: "boolean", title: "Remember for this session", default: true });
    expect(schema.required).toEqual(["approve"]);
    await host.close();
  });

  test('Accept with "Allow this call" left unticked runs nothing, like a no', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("email_customer", { id: "T-1", text: "We are on it." }, accept({ approve: false, remember: true })));
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain('did not approve "email_customer", so nothing was run');
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toEqual([]);
    await host.close();
  });

  test("allowed, not remembered: this call runs, and the next one asks again", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const first = resultOf(await host.call("email_customer", { id: "T-1", text: "We are on it." }, accept({ approve: true, remember: false })));
    expect(first.structuredContent).toEqual({ id: "T-1", sentTo: "maria@example.com" });
    await host.call("email_customer", { id: "T-2", text: "Fixed." }, accept({ approve: true, remember: false }));
    expect(host.questions).toHaveLength(2);
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toHaveLength(2);
    await host.close();
  });

  test("allowed and remembered: this call runs, and later calls run without asking", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const first = resultOf(await host.call("email_customer", { id: "T-1", text: "We are on it." }, approveAndRemember));
    expect(first.structuredContent).toEqual({ id: "T-1", sentTo: "maria@example.com" });
    host.tap.clear();
    const second = resultOf(await host.call("email_customer", { id: "T-2", text: "Fixed, please check." }, decline));
    expect(second.structuredContent).toEqual({ id: "T-2", sentTo: "li@example.com" });
    expect(host.questions).toHaveLength(1);
    expect(host.tap.calls()).toHaveLength(1);
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toHaveLength(2);
    await host.close();
  });

  test("no (or cancel): the result says so and execute() does not run at all", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    for (const answer of [decline, cancel]) {
      const result = resultOf(await host.call("email_customer", { id: "T-1", text: "We are on it." }, answer));
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toContain('did not approve "email_customer", so nothing was run');
    }
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toEqual([]);
    // A no is not remembered: the next call asks again.
    expect(host.questions).toHaveLength(2);
    await host.close();
  });

  test("try it: Reset forgets every approval, so the next call asks again", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("email_customer", { id: "T-1", text: "We are on it." }, approveAndRemember);
    await host.call("email_customer", { id: "T-1", text: "Again." }, approveAndRemember);
    expect(host.questions).toHaveLength(1);
    expect((await api(pg, "POST", `/api/sessions/${s.id}/reset`)).status).toBe(200);
    await host.call("email_customer", { id: "T-1", text: "After reset." }, approveAndRemember);
    expect(host.questions).toHaveLength(2);
    await host.close();
  });

  test("approval: true works too, with a standard message", async () => {
    const s = await session(ID, (f) =>
      edit(f, "email-customer.tool.ts", 'approval: { message: "Let the assistant email customers about their tickets?" }', "approval: true"),
    );
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("email_customer", { id: "T-3", text: "Hello." }, approveAndRemember));
    expect(host.questions).toHaveLength(1);
    expect(host.questions[0].message).toContain("email_customer");
    expect(host.questions[0].requestedSchema.properties.remember).toMatchObject({ type: "boolean" });
    expect(result.structuredContent).toEqual({ id: "T-3", sentTo: "sam@example.com" });
    await host.close();
  });
});
