// The claims of lessons 01 to 03, proved against each lesson's own files in a real playground,
// through real MCP clients; the helpers they share are in claims-kit.ts.
import { describe, expect, test } from "vitest";
import { api, rawModern } from "../server/testing/harness";
import { pg, filesOf, edit, session, resultOf, accept, decline, cancel, emailsIn, withOutboxProbe, Host } from "./claims-kit";

describe("01 A tool that acts without asking", () => {
  const ID = "01-acts-without-asking";

  test("close_ticket with T-1 closes the ticket and emails the customer, and no question reaches the person", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" });
    expect(host.questions).toEqual([]);
    expect(host.tap.calls()).toHaveLength(1);
    const [response] = await host.tap.calls()[0].messages;
    expect(response.result.resultType).toBe("complete");
    expect(response.result.inputRequests).toBeUndefined();
    // What the Call tab shows as the result text.
    expect(outcome.kind === "result" && outcome.text).toBe('{"id":"T-1","status":"closed","emailed":"maria@example.com"}');
    expect(resultOf(await host.call("list_outbox", {})).structuredContent.emails).toEqual([{ to: "maria@example.com", subject: "Your ticket T-1 is closed" }]);
    await host.close();
  });

  test("destructiveHint goes out in tools/list exactly as written, and the Call tab's tool list has it for its badge", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const tool = (await host.tools()).find((t) => t.name === "close_ticket")!;
    expect(tool.annotations).toEqual({ destructiveHint: true });
    // The Call tab lists the tools the session API returned; its "destructive" badge reads this flag.
    expect(s.tools.find((t) => t.name === "close_ticket").annotations).toEqual({ destructiveHint: true });
    // list_outbox only reads, and says so.
    expect((await host.tools()).find((t) => t.name === "list_outbox")!.annotations).toEqual({ readOnlyHint: true });
    await host.close();
  });

  test("it is a hint, not a lock: every kind of client closes the ticket the same way", async () => {
    for (const [persona, ticket] of [
      ["modern", "T-1"],
      ["modern-no-elicitation", "T-2"],
      ["legacy", "T-3"],
      ["legacy-no-forms", "T-1"],
    ] as const) {
      const s = await session(ID);
      const host = await Host.connect(s.mcpUrl, persona);
      const outcome = await host.call("close_ticket", { id: ticket });
      expect(resultOf(outcome).structuredContent, persona).toMatchObject({ id: ticket, status: "closed" });
      expect(host.questions, persona).toEqual([]);
      await host.close();
    }
  });

  test("an unknown id fails with the tool's own error code TICKET_NOT_FOUND", async () => {
    const s = await session(ID);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-99" } });
    expect(r.body.result.isError).toBe(true);
    expect(r.body.result._meta.code).toBe("TICKET_NOT_FOUND");
    expect(r.body.result.content[0].text).toBe("There is no ticket T-99.");
  });

  test("try it: calling again with T-1 finds it already closed, a second email still goes out, and list_outbox shows both", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    await host.call("close_ticket", { id: "T-1" });
    const again = await host.call("close_ticket", { id: "T-1" });
    expect(resultOf(again).structuredContent).toEqual({ id: "T-1", status: "closed", emailed: "maria@example.com" });
    expect(host.questions).toEqual([]);
    const email = { to: "maria@example.com", subject: "Your ticket T-1 is closed" };
    expect(resultOf(await host.call("list_outbox", {})).structuredContent).toEqual({ emails: [email, email] });
    await host.close();
  });
});

describe("02 Asking with this.elicit()", () => {
  const ID = "02-asking-with-elicit";
  const confirmed = accept({ confirm: true });

  test("close_ticket stops and asks before it closes anything: a form with one boolean field", async () => {
    const s = await session(ID, withOutboxProbe);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(r.body.result.resultType).toBe("input_required");
    const ask = r.body.result.inputRequests["elicitation-1"];
    expect(ask.params.message).toBe('Close T-1 "Cannot log in" and email maria@example.com?');
    expect(Object.keys(ask.params.requestedSchema.properties)).toEqual(["confirm"]);
    // The text from .describe() travels as the field's description, shown next to the field.
    expect(ask.params.requestedSchema.properties.confirm).toEqual({ type: "boolean", description: "Tick to close the ticket and send the email" });
    // Nothing closed, nothing sent while the question is open.
    expect(await emailsIn(s.mcpUrl)).toEqual([]);
  });

  test("accept with the box ticked closes the ticket; the Wire tab shows two tools/call requests", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, confirmed);
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true });
    expect(host.tap.calls()).toHaveLength(2);
    expect(await emailsIn(s.mcpUrl)).toEqual([{ to: "maria@example.com", subject: "Your ticket T-1 is closed" }]);
    // The ticket really is closed: the next call says so without asking.
    const again = await host.call("close_ticket", { id: "T-1" }, confirmed);
    expect(resultOf(again).structuredContent).toEqual({ id: "T-1", closed: true, note: "It was already closed. Nothing was sent." });
    expect(host.questions).toHaveLength(1);
    await host.close();
  });

  test("the answer's value travels as action on the wire (as the Call and Wire tabs show it) and reaches the code as status", async () => {
    for (const [answer, action] of [
      [confirmed, "accept"],
      [decline, "decline"],
      [cancel, "cancel"],
    ] as const) {
      const s = await session(ID);
      const host = await Host.connect(s.mcpUrl);
      const result = resultOf(await host.call("close_ticket", { id: "T-3" }, answer));
      const round2 = host.tap.calls()[1].request;
      expect(round2.params.inputResponses["elicitation-1"].action, action).toBe(action);
      expect(round2.params.inputResponses["elicitation-1"]).not.toHaveProperty("status");
      // The tool branches on answer.status: each of the three values gives its own result.
      if (action === "accept") expect(result.structuredContent).toEqual({ id: "T-3", closed: true });
      else expect(JSON.stringify(result.structuredContent)).toContain(action === "decline" ? "said no" : "closed the form");
      await host.close();
    }
    expect((await filesOf(ID))["close-ticket.tool.ts"]).toMatch(/answer\.status/);
  });

  test("content is checked against the schema: confirm must be a real boolean", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, accept({ confirm: "true" }));
    expect(resultOf(outcome).isError).toBe(true);
    expect(resultOf(outcome)._meta.code).toBe("INVALID_INPUT");
    await host.close();
  });

  test("decline: the ticket stays open and the result says the person said no and not to ask again", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, decline);
    expect(resultOf(outcome).structuredContent).toEqual({
      id: "T-1",
      closed: false,
      reason: "The person said no. Leave the ticket open and do not ask again.",
    });
    expect(await emailsIn(s.mcpUrl)).toEqual([]);
    await host.close();
  });

  test("cancel: the ticket stays open, with a different reason", async () => {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, cancel);
    expect(resultOf(outcome).structuredContent).toEqual({
      id: "T-1",
      closed: false,
      reason: "The person closed the form without answering. Do not retry now; ask them in the chat.",
    });
    expect(await emailsIn(s.mcpUrl)).toEqual([]);
    await host.close();
  });

  test("a form holds only flat fields: a nested object or a list of objects fails the call before anything is asked", async () => {
    const from = 'confirm: z.boolean().describe("Tick to close the ticket and send the email"),';
    for (const [field, extra] of [
      ["contact", "contact: z.object({ name: z.string() }),"],
      ["people", "people: z.array(z.object({ name: z.string() })),"],
    ] as const) {
      const s = await session(ID, (f) => edit(f, "close-ticket.tool.ts", from, `${from}\n        ${extra}`));
      const host = await Host.connect(s.mcpUrl);
      const result = resultOf(await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true })));
      expect(host.questions, field).toEqual([]);
      expect(result.isError, field).toBe(true);
      expect(result.content[0].text, field).toContain(`"${field}"`);
      await host.close();
    }
  });

  test("try it: Accept, Decline and Cancel give three different results, with Reset in between", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const texts: string[] = [];
    for (const answer of [confirmed, decline, cancel]) {
      const outcome = await host.call("close_ticket", { id: "T-1" }, answer);
      texts.push(outcome.kind === "result" ? outcome.text : "");
      const reset = await api(pg, "POST", `/api/sessions/${s.id}/reset`);
      expect(reset.status).toBe(200);
    }
    expect(texts[0]).toBe('{"id":"T-1","closed":true}');
    expect(new Set(texts).size).toBe(3);
    // After the reset, T-1 is open again, so each of the three calls asked.
    expect(host.questions).toHaveLength(3);
    await host.close();
  });
});

describe("03 Asking for a missing detail", () => {
  const ID = "03-asking-for-a-missing-detail";

  test("agent is optional in the input schema, one of ana, bo or chen", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const tool = (await host.tools()).find((t) => t.name === "assign_ticket")!;
    expect(tool.inputSchema.required).toEqual(["id"]);
    expect((tool.inputSchema.properties as any).agent.enum).toEqual(["ana", "bo", "chen"]);
    await host.close();
  });

  test("with agent in the input the tool assigns the ticket and asks nobody", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("assign_ticket", { id: "T-2", agent: "ana" }, accept({ agent: "bo" }));
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-2", agent: "ana" });
    expect(host.questions).toEqual([]);
    expect(host.tap.calls()).toHaveLength(1);
    await host.close();
  });

  test("without agent the tool asks the person to pick from the same three names, as an enum", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("assign_ticket", { id: "T-1" }, accept({ agent: "chen" }));
    expect(host.questions).toHaveLength(1);
    expect(host.questions[0].requestedSchema.properties.agent).toEqual({
      type: "string",
      enum: ["ana", "bo", "chen"],
      description: "The agent who will own this ticket",
    });
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", agent: "chen" });
    await host.close();
  });

  test('an answer of "zed" never reaches the code: INVALID_INPUT, does not match the requested schema', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("assign_ticket", { id: "T-1" }, accept({ agent: "zed" })));
    expect(result.isError).toBe(true);
    expect(result._meta.code).toBe("INVALID_INPUT");
    expect(result.content[0].text).toContain("does not match the requested schema");
    expect(result.structuredContent).toBeUndefined();
    await host.close();
  });

  test('the input schema guards the model\'s side the same way: agent "zed" is INVALID_INPUT', async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const result = resultOf(await host.call("assign_ticket", { id: "T-1", agent: "zed" }, accept({ agent: "bo" })));
    expect(result.isError).toBe(true);
    expect(result._meta.code).toBe("INVALID_INPUT");
    expect(host.questions).toEqual([]);
    await host.close();
  });
});
