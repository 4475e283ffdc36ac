// Every claim a lesson text makes about behaviour, proved against that lesson's own files in a real
// playground, through real MCP clients. One `describe` per lesson; each test is named after the claim.
// "The Wire tab shows ..." claims are checked on the HTTP exchanges, captured with a fetch wrapper the
// client's transport uses (as the Wire tab's tap does) or with raw POSTs.
import { Client, isInputRequiredResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PERSONAS, type PersonaName } from "../contract/personas";
import { sseDataOf } from "../contract/sse";
import type { Playground } from "../server/app";
import { configFromEnv } from "../server/config";
import { getChallengeMaterial, getLesson } from "../server/lessons/catalog";
import { api, createSession, rawModern, startTestPlayground } from "../server/testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(async () => {
  await pg?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Files = Record<string, string>;
type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };
type Question = { key: string; mode: "form" | "url"; message: string; requestedSchema?: any; url?: string };

/** The lesson's starter files, read from lessons/<id>/files/. */
async function filesOf(id: string): Promise<Files> {
  const lesson = await getLesson(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  return { ...lesson.files };
}

/** The learner's edit a lesson asks for; fails loudly if the lesson's file no longer has that text. */
function edit(files: Files, file: string, from: string, to: string): Files {
  const source = files[file];
  if (source === undefined || !source.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  return { ...files, [file]: source.replace(from, to) };
}

/** A read-only window on a store's outbox, added next to a lesson's files so tests can count emails. */
const OUTBOX_PROBE = `import { Tool, ToolContext } from "@frontmcp/sdk";
import { outbox } from "./store";

@Tool({ name: "probe_outbox", description: "Test probe: the outbox.", inputSchema: {} })
export class ProbeOutbox extends ToolContext {
  async execute() {
    return { emails: outbox };
  }
}
`;

async function session(id: string, change: (files: Files) => Files = (f) => f) {
  return createSession(pg, change(await filesOf(id)));
}

/** One recorded POST: the JSON-RPC message sent, the HTTP status, and every JSON-RPC message in the answer. */
type Exchange = { request: any; status: number; contentType: string; messages: Promise<any[]> };

function parseMessages(text: string, contentType: string): any[] {
  if (!text.trim()) return [];
  if (contentType.includes("text/event-stream")) return sseDataOf(text).map((data) => JSON.parse(data));
  return [JSON.parse(text)];
}

/** The fetch the client's transport uses; records each POST it makes, like the Wire tab's tap. */
function wireTap() {
  const exchanges: Exchange[] = [];
  const tapped = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    // GETs (the 2025 standalone stream) pass through untouched; closing the client aborts them.
    if (method !== "POST" || typeof init?.body !== "string") return fetch(input, init);
    const body = init.body;
    return fetch(input, init).then((res) => {
      const contentType = res.headers.get("content-type") ?? "";
      const messages = res
        .clone()
        .text()
        .then((text) => parseMessages(text, contentType));
      messages.catch(() => undefined); // awaited by the tests that read it
      exchanges.push({ request: JSON.parse(body), status: res.status, contentType, messages });
      return res;
    });
  };
  return {
    fetch: tapped as typeof fetch,
    exchanges,
    /** The tools/call POSTs, in order. */
    calls: () => exchanges.filter((e) => e.request.method === "tools/call"),
    clear: () => exchanges.splice(0),
  };
}

type Outcome = { kind: "result"; result: any; rounds: number; text: string } | { kind: "rpc-error"; code: number; message: string; data?: any };

/** A client like the Call tab's: the official v2 client of one persona, driving 2026-07-28 rounds by hand. */
class Host {
  readonly tap = wireTap();
  readonly questions: Question[] = [];
  private answer: (q: Question) => Answer = () => ({ action: "cancel" });
  private constructor(readonly client: Client) {}

  static async connect(mcpUrl: string, persona: PersonaName = "modern"): Promise<Host> {
    const { protocolVersion, capabilities } = PERSONAS[persona];
    const modern = protocolVersion === "2026-07-28";
    const client = new Client(
      { name: "claims-test", version: "1.0.0" },
      {
        capabilities,
        versionNegotiation: { mode: modern ? { pin: "2026-07-28" } : "legacy" },
        ...(modern && { inputRequired: { autoFulfill: false } }),
      },
    );
    const host = new Host(client);
    if (!modern && "elicitation" in capabilities) {
      let pushed = 0;
      client.setRequestHandler("elicitation/create", async (req) => {
        const p = req.params as Record<string, any>;
        const q: Question = {
          key: `pushed-${++pushed}`,
          mode: p.mode === "url" ? "url" : "form",
          message: p.message,
          requestedSchema: p.requestedSchema,
          url: p.url,
        };
        host.questions.push(q);
        return host.answer(q) as never;
      });
    }
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: host.tap.fetch }));
    return host;
  }

  async toolNames(): Promise<string[]> {
    return (await this.client.listTools()).tools.map((t) => t.name);
  }

  async tools() {
    return (await this.client.listTools()).tools;
  }

  /** Calls a tool, answering each question with `answer`, as the Call tab does. */
  async call(name: string, args: Record<string, unknown>, answer: (q: Question) => Answer = () => ({ action: "cancel" })): Promise<Outcome> {
    this.answer = answer;
    const base = { name, arguments: args };
    let params: Record<string, unknown> = base;
    try {
      for (let round = 1; round <= 10; round++) {
        const result: any = await this.client.callTool(params as typeof base, { allowInputRequired: true });
        if (!isInputRequiredResult(result)) return { kind: "result", result, rounds: round, text: result.content?.[0]?.text ?? "" };
        const inputResponses: Record<string, Answer> = {};
        for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
          const p = (request as { params: Record<string, any> }).params;
          const q: Question = { key, mode: p.mode === "url" ? "url" : "form", message: p.message, requestedSchema: p.requestedSchema, url: p.url };
          this.questions.push(q);
          inputResponses[key] = answer(q);
        }
        params = { ...base, inputResponses, ...(result.requestState !== undefined && { requestState: result.requestState }) };
      }
      throw new Error("still asking after 10 rounds");
    } catch (error) {
      const e = error as { code?: unknown; message?: string; data?: unknown };
      if (typeof e.code === "number") return { kind: "rpc-error", code: e.code, message: e.message ?? "", data: e.data };
      throw error;
    }
  }

  close() {
    return this.client.close();
  }
}

function resultOf(outcome: Outcome): any {
  if (outcome.kind !== "result") throw new Error(`expected a result, got ${JSON.stringify(outcome)}`);
  return outcome.result;
}

const accept = (content: Record<string, unknown>) => (): Answer => ({ action: "accept", content });
const decline = (): Answer => ({ action: "decline" });
const cancel = (): Answer => ({ action: "cancel" });

/** The payload of a requestState (`v1.<payload>.<mac>`): readable by anyone, as the Wire tab shows it. */
function decodeState(state: string): { p: { session: string; tool: string; args: string; answers: Answer[]; pending?: string }; exp: number } {
  const [version, payload, mac] = state.split(".");
  expect(version).toBe("v1");
  expect(mac).toMatch(/^[\w-]{43}$/); // an HMAC-SHA256, base64url
  return JSON.parse(Buffer.from(payload, "base64url").toString());
}

async function emailsIn(mcpUrl: string): Promise<Array<{ to: string; subject: string }>> {
  const r = await rawModern(mcpUrl, 900, "tools/call", { name: "probe_outbox", arguments: {} });
  return r.body.result.structuredContent.emails;
}

async function ticketOf(mcpUrl: string, id: string): Promise<any> {
  const r = await rawModern(mcpUrl, 901, "tools/call", { name: "get_ticket", arguments: { id } });
  return r.body.result.structuredContent;
}

const withOutboxProbe = (files: Files): Files => ({ ...files, "probe-outbox.tool.ts": OUTBOX_PROBE });

// ---------------------------------------------------------------------------------------------

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

describe("04 On the wire", () => {
  const ID = "04-on-the-wire";
  const confirmAnswer = { action: "accept", content: { confirm: true } } as const;

  /** The call the lesson walks through, as the Call tab makes it: accept, then accept the email question. */
  async function walkThrough() {
    const s = await session(ID, withOutboxProbe);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, (q) =>
      q.key === "elicitation-1" ? { action: "accept", content: { confirm: true } } : { action: "accept", content: { email: true } },
    );
    const rounds = await Promise.all(host.tap.calls().map(async (e) => ({ request: e.request, status: e.status, response: (await e.messages)[0] })));
    await host.close();
    return { s, outcome, rounds };
  }

  test("the Wire tab shows three tools/call requests for this call, each with a new JSON-RPC id", async () => {
    const { outcome, rounds } = await walkThrough();
    expect(rounds).toHaveLength(3);
    expect(rounds.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(rounds.map((r) => r.request.id)).size).toBe(3);
    expect(rounds.map((r) => r.response.id)).toEqual(rounds.map((r) => r.request.id));
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true, emailed: true });
  });

  test("round 1: tools/call with name and arguments; the answer is input_required with only elicitation-1 and a requestState", async () => {
    const { s, rounds } = await walkThrough();
    const [round1] = rounds;
    expect(round1.request.method).toBe("tools/call");
    expect(round1.request.params).toMatchObject({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(round1.request.params.inputResponses).toBeUndefined();
    expect(round1.request.params.requestState).toBeUndefined();
    const result = round1.response.result;
    expect(result.resultType).toBe("input_required");
    expect(Object.keys(result.inputRequests)).toEqual(["elicitation-1"]);
    expect(result.inputRequests["elicitation-1"].method).toBe("elicitation/create");
    expect(result.inputRequests["elicitation-1"].params.message).toBe('Close T-1 "Cannot log in"?');
    // The requestedSchema is made from the zod object.
    expect(result.inputRequests["elicitation-1"].params.requestedSchema).toMatchObject({
      type: "object",
      properties: { confirm: { type: "boolean", description: "Tick to close the ticket" } },
      required: ["confirm"],
    });
    expect(typeof result.requestState).toBe("string");
    // The Wire tab decodes it: the tool and (a digest of) its arguments, the expiry, the answers so far.
    const state = decodeState(result.requestState);
    expect(state.p).toMatchObject({ session: s.id, tool: "close_ticket", answers: [] });
    expect(state.p.args).toMatch(/^[\w-]{22}$/);
    expect(state.exp * 1000).toBeGreaterThan(Date.now());
  });

  test("round 2: a new tools/call with the same arguments plus inputResponses, and the requestState copied byte for byte", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    expect(round2.request.id).not.toBe(round1.request.id);
    expect(round2.request.params.arguments).toEqual({ id: "T-1" });
    expect(round2.request.params.inputResponses).toEqual({ "elicitation-1": confirmAnswer });
    expect(round2.request.params.requestState).toBe(round1.response.result.requestState);
  });

  test("try it: compared with round 1, only inputResponses and requestState are new in round 2's request", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    const { inputResponses, requestState, ...rest2 } = round2.request.params;
    expect(
      Object.keys(round2.request.params)
        .filter((k) => !(k in round1.request.params))
        .sort(),
    ).toEqual(["inputResponses", "requestState"]);
    expect(rest2).toEqual(round1.request.params);
    expect(round2.request.method).toBe(round1.request.method);
  });

  test("nothing waits: the server keeps no open call, so round 2 may come from a different connection", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    // A wholly separate client, on its own connection, sends the retry.
    const other = await Host.connect(s.mcpUrl);
    const round2: any = await other.client.callTool(
      {
        name: "close_ticket",
        arguments: { id: "T-1" },
        inputResponses: { "elicitation-1": confirmAnswer },
        requestState: first.body.result.requestState,
      } as never,
      { allowInputRequired: true },
    );
    expect(Object.keys(round2.inputRequests)).toEqual(["elicitation-2"]);
    await other.close();
  });

  test("requestState is signed: the client cannot change it", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    const [v, payload, mac] = first.body.result.requestState.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    decoded.p.answers = [confirmAnswer];
    decoded.p.pending = "elicitation-2";
    const forged = [v, Buffer.from(JSON.stringify(decoded)).toString("base64url"), mac].join(".");
    const r = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-2": { action: "accept", content: { email: true } } },
      requestState: forged,
    });
    expect(r.body.result).toBeUndefined();
    expect(r.body.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
  });

  test("action on the wire arrives as answer.status in the code", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const declined = resultOf(await host.call("close_ticket", { id: "T-2" }, decline));
    expect(declined.structuredContent.reason).toBe("The person did not confirm (decline). Leave it open.");
    const cancelled = resultOf(await host.call("close_ticket", { id: "T-2" }, cancel));
    expect(cancelled.structuredContent.reason).toBe("The person did not confirm (cancel). Leave it open.");
    await host.close();
  });

  test("after round 2 the answer is input_required again, keyed elicitation-2, with a new requestState carrying the first answer", async () => {
    const { rounds } = await walkThrough();
    const [round1, round2] = rounds;
    const result = round2.response.result;
    expect(result.resultType).toBe("input_required");
    expect(Object.keys(result.inputRequests)).toEqual(["elicitation-2"]);
    expect(result.inputRequests["elicitation-2"].params.message).toBe("Tell maria@example.com that T-1 is closed?");
    expect(result.requestState).not.toBe(round1.response.result.requestState);
    expect(decodeState(result.requestState).p.answers).toEqual([confirmAnswer]);
  });

  test("round 3 sends only the elicitation-2 answer, and the result is complete", async () => {
    const { s, rounds } = await walkThrough();
    const [, round2, round3] = rounds;
    expect(round3.request.params.inputResponses).toEqual({ "elicitation-2": { action: "accept", content: { email: true } } });
    expect(round3.request.params.requestState).toBe(round2.response.result.requestState);
    expect(round3.response.result.resultType).toBe("complete");
    expect(round3.response.result.structuredContent).toEqual({ id: "T-1", closed: true, emailed: true });
    expect(await emailsIn(s.mcpUrl)).toEqual([{ to: "maria@example.com", subject: "Your ticket T-1 is closed" }]);
  });

  test("an email answer left out gets the schema's default (true) filled in", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-3" }, (q) =>
      q.key === "elicitation-1" ? { action: "accept", content: { confirm: true } } : { action: "accept", content: {} },
    );
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-3", closed: true, emailed: true });
    await host.close();
  });

  test("a requestState made for T-3 is refused when it is sent along with T-1", async () => {
    const s = await session(ID);
    const forT3 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-3" } });
    const replayed = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": confirmAnswer },
      requestState: forT3.body.result.requestState,
    });
    expect(replayed.body.result).toBeUndefined();
    expect(replayed.body.error).toMatchObject({ code: -32602, message: "Invalid or expired requestState" });
    // What binds it: the state holds a hash of the arguments, which differs for T-1.
    const forT1 = await rawModern(s.mcpUrl, 3, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(decodeState(forT1.body.result.requestState).p.args).not.toBe(decodeState(forT3.body.result.requestState).p.args);
    expect(decodeState(forT1.body.result.requestState).p.tool).toBe(decodeState(forT3.body.result.requestState).p.tool);
  });
});

describe("05 Ask first, then act", () => {
  const ID = "05-ask-first-then-act";
  const fixed = (files: Files) =>
    edit(
      edit(files, "close-ticket.tool.ts", '    ticket.history.push("close requested");\n\n', ""),
      "close-ticket.tool.ts",
      '    ticket.status = "closed";',
      '    ticket.history.push("close requested");\n    ticket.status = "closed";',
    );

  test("one call, one question, one Accept: two round trips, and the history says close requested twice", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl);
    const outcome = await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true }));
    expect(host.questions).toHaveLength(1);
    expect(host.tap.calls()).toHaveLength(2);
    expect(resultOf(outcome).structuredContent).toEqual({ id: "T-1", closed: true, history: ["close requested", "close requested", "closed"] });
    await host.close();
  });

  test("even a Decline writes the entry twice: once in the round that asked, once in the round that carried the no", async () => {
    const s = await session(ID);
    const first = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-2" } });
    expect(first.body.result.resultType).toBe("input_required");
    const second = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: { "elicitation-1": { action: "decline" } },
      requestState: first.body.result.requestState,
    });
    expect(second.body.result.structuredContent).toEqual({ id: "T-2", closed: false, history: ["close requested", "close requested"] });
  });

  test("try it: with the push moved below the if, the tests' new expectations hold: [close requested, closed] and []", async () => {
    const s = await session(ID, fixed);
    const host = await Host.connect(s.mcpUrl);
    const accepted = resultOf(await host.call("close_ticket", { id: "T-1" }, accept({ confirm: true })));
    expect(accepted.structuredContent.history).toEqual(["close requested", "closed"]);
    const declined = resultOf(await host.call("close_ticket", { id: "T-2" }, decline));
    expect(declined.structuredContent.history).toEqual([]);
    await host.close();
  });

  test("try it: after that move, both of the lesson's tests fail", async () => {
    const s = await session(ID, fixed);
    const run = await api(pg, "POST", `/api/sessions/${s.id}/tests`, {});
    expect(run.status).toBe(200);
    expect(run.json.tests.map((t: any) => t.status)).toEqual(["failed", "failed"]);
  });
});

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

  test("a client with URL support gets a url and no requestedSchema", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    await host.call("open_billing", { id: "T-2" });
    const [response] = await host.tap.calls()[0].messages;
    expect(response.result.inputRequests["elicitation-1"].params).toEqual({
      mode: "url",
      message: "Sign in to billing to see the invoice for T-2",
      url: "https://billing.example.com/signin?ticket=T-2",
    });
    await host.close();
  });

  test("accept carries no content and only means the person agreed to open the page; the result tells the model to wait", async () => {
    const s = await session(ID);
    const host = await Host.connect(s.mcpUrl, "modern-with-url");
    const result = resultOf(await host.call("open_billing", { id: "T-2" }, () => ({ action: "accept" })));
    expect(host.tap.calls()[1].request.params.inputResponses).toEqual({ "elicitation-1": { action: "accept" } });
    expect(result.structuredContent).toEqual({
      id: "T-2",
      linkOpened: true,
      note: "Wait for the person to say they have signed in before reading the invoice.",
    });
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
