// 2026-07-28: real HTTP with the official v2 client, rounds by hand and automatic, plus raw requests.
import { isInputRequiredResult, MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import { createRequestStateCodec } from "@modelcontextprotocol/server";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { createSession, modernClient, rawModern, startTestPlayground, TEST_SECRET } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

const FORM = { elicitation: { form: {} } };

/** The retry of a round, carrying inputResponses and requestState (fields the typed params do not list). */
function retry(client: Awaited<ReturnType<typeof modernClient>>, params: Record<string, unknown>) {
  return client.callTool(params as Parameters<typeof client.callTool>[0], { allowInputRequired: true });
}

async function firstRound(mcpUrl: string, name: string, args: Record<string, unknown>) {
  const client = await modernClient(mcpUrl, FORM);
  const round1 = await client.callTool({ name, arguments: args }, { allowInputRequired: true });
  if (!isInputRequiredResult(round1)) throw new Error("expected input_required, got " + JSON.stringify(round1));
  return { client, round1 };
}

describe("confirmation tool on 2026-07-28, rounds driven by hand", () => {
  test("round 1 asks with elicitation-1, the full schema and a signed requestState; accept closes the ticket", async () => {
    const s = await createSession(pg, helpDesk());
    const { client, round1 } = await firstRound(s.mcpUrl, "close_ticket", { id: "T-1" });
    const ask = round1.inputRequests!["elicitation-1"] as any;
    expect(ask.method).toBe("elicitation/create");
    expect(ask.params.message).toBe('Close T-1 "Cannot log in"?');
    expect(ask.params.requestedSchema).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { confirm: { type: "boolean", description: "Tick to close the ticket" } },
      required: ["confirm"],
      additionalProperties: false,
    });
    expect(round1.requestState).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    const round2 = await retry(client, {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
      requestState: round1.requestState,
    });
    expect(round2).toMatchObject({ content: [{ type: "text", text: '{"id":"T-1","closed":true}' }], structuredContent: { id: "T-1", closed: true } });
    expect(round2.isError).toBeFalsy();
    await client.close();
  });

  test.each([
    ["decline", "declined"],
    ["cancel", "cancelled"],
  ])("%s leaves the ticket open and says so", async (action, reason) => {
    const s = await createSession(pg, helpDesk());
    const { client, round1 } = await firstRound(s.mcpUrl, "close_ticket", { id: "T-2" });
    const round2 = await retry(client, {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: { "elicitation-1": { action } },
      requestState: round1.requestState,
    });
    expect(round2.structuredContent).toEqual({ id: "T-2", closed: false, reason });
    await client.close();
  });

  test("an answer that does not match the schema is INVALID_INPUT, naming the field", async () => {
    const s = await createSession(pg, helpDesk());
    const { client, round1 } = await firstRound(s.mcpUrl, "close_ticket", { id: "T-1" });
    const round2 = (await retry(client, {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: "yes" } } },
      requestState: round1.requestState,
    })) as any;
    expect(round2.isError).toBe(true);
    expect(round2._meta.code).toBe("INVALID_INPUT");
    expect(round2.content[0].text).toContain("does not match the requested schema");
    expect(round2.content[0].text).toContain("confirm");
    await client.close();
  });

  test("the automatic client runs its elicitation handler and retries by itself", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await modernClient(s.mcpUrl, FORM, false);
    const asked: string[] = [];
    client.setRequestHandler("elicitation/create", async (req) => {
      asked.push((req.params as { message: string }).message);
      return { action: "accept", content: { confirm: true } };
    });
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(asked).toEqual(['Close T-1 "Cannot log in"?']);
    expect(result.structuredContent).toEqual({ id: "T-1", closed: true });
    await client.close();
  });
});

describe("capabilities", () => {
  test("a client without elicitation gets -32021 naming the missing form capability", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await modernClient(s.mcpUrl, {});
    const error = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } }).catch((e) => e);
    expect(error).toBeInstanceOf(MissingRequiredClientCapabilityError);
    expect(error.code).toBe(-32021);
    expect(error.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
    await client.close();
  });

  test("raw: HTTP 400 with -32021; URL mode needs elicitation.url", async () => {
    const s = await createSession(pg, helpDesk());
    const noCaps = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } }, {});
    expect(noCaps.status).toBe(400);
    expect(noCaps.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } });
    const formOnly = await rawModern(s.mcpUrl, 2, "tools/call", { name: "connect_crm", arguments: {} }, FORM);
    expect(formOnly.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
    const withUrl = await rawModern(s.mcpUrl, 3, "tools/call", { name: "connect_crm", arguments: {} }, { elicitation: { form: {}, url: {} } });
    expect(withUrl.body.result.inputRequests["elicitation-1"].params).toEqual({
      mode: "url",
      message: "Sign in to the CRM",
      url: "https://crm.example.com/sign-in?session=abc",
    });
    const accepted = await rawModern(
      s.mcpUrl,
      4,
      "tools/call",
      {
        name: "connect_crm",
        arguments: {},
        inputResponses: { "elicitation-1": { action: "accept" } },
        requestState: withUrl.body.result.requestState,
      },
      { elicitation: { form: {}, url: {} } },
    );
    expect(accepted.body.result.structuredContent).toEqual({ consent: "accept" });
  });
});

describe("requestState integrity", () => {
  async function stateFor(mcpUrl: string, args: Record<string, unknown>) {
    const r = await rawModern(mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: args });
    return r.body.result.requestState as string;
  }
  const accept = { "elicitation-1": { action: "accept", content: { confirm: true } } };

  test("a tampered payload is rejected with -32602 invalid_request_state", async () => {
    const s = await createSession(pg, helpDesk());
    const state = await stateFor(s.mcpUrl, { id: "T-1" });
    const [v, body, mac] = state.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    payload.p.answers = [{ action: "accept", content: { confirm: true } }];
    const forged = [v, Buffer.from(JSON.stringify(payload)).toString("base64url"), mac].join(".");
    const r = await rawModern(s.mcpUrl, 2, "tools/call", { name: "close_ticket", arguments: { id: "T-1" }, inputResponses: accept, requestState: forged });
    expect(r.status).toBe(200);
    expect(r.body.error).toMatchObject({ code: -32602, message: "Invalid or expired requestState", data: { reason: "invalid_request_state" } });
  });

  test("state replayed on other arguments, another tool or another session is rejected", async () => {
    const s = await createSession(pg, helpDesk());
    const other = await createSession(pg, helpDesk());
    const state = await stateFor(s.mcpUrl, { id: "T-1" });
    const otherArgs = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: accept,
      requestState: state,
    });
    expect(otherArgs.body.error?.code).toBe(-32602);
    const otherTool = await rawModern(s.mcpUrl, 3, "tools/call", {
      name: "reopen_ticket",
      arguments: { id: "T-1" },
      inputResponses: accept,
      requestState: state,
    });
    expect(otherTool.body.error?.code).toBe(-32602);
    const otherSession = await rawModern(other.mcpUrl, 4, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: accept,
      requestState: state,
    });
    expect(otherSession.body.error?.code).toBe(-32602);
    // Key order in the arguments does not matter: the same arguments still pass.
    const same = await rawModern(s.mcpUrl, 5, "tools/call", { name: "close_ticket", arguments: { id: "T-1" }, inputResponses: accept, requestState: state });
    expect(same.body.result.structuredContent).toEqual({ id: "T-1", closed: true });
  });

  test("an expired state is rejected", async () => {
    const s = await createSession(pg, helpDesk());
    // Minted with the server's own key (PLAYGROUND_SECRET) but already past its expiry.
    const key = createHash("sha256").update(`playground-request-state\0${TEST_SECRET}`).digest();
    const codec = createRequestStateCodec({ key: new Uint8Array(key), ttlSeconds: -5 });
    const expired = await codec.mint({ session: s.id, tool: "close_ticket", args: "x", answers: [] });
    const r = await rawModern(s.mcpUrl, 2, "tools/call", { name: "close_ticket", arguments: { id: "T-1" }, inputResponses: accept, requestState: expired });
    expect(r.body.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
  });
});

describe("how tools that ask behave", () => {
  test("asks for a missing enum value only when the argument is absent", async () => {
    const s = await createSession(pg, helpDesk());
    const given = await rawModern(s.mcpUrl, 1, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "bo" } });
    expect(given.body.result).toMatchObject({ resultType: "complete", structuredContent: { id: "T-1", agent: "bo" } });
    const missing = await rawModern(s.mcpUrl, 2, "tools/call", { name: "assign_ticket", arguments: { id: "T-1" } });
    expect(missing.body.result.resultType).toBe("input_required");
    expect(missing.body.result.inputRequests["elicitation-1"].params.requestedSchema.properties.agent).toEqual({ type: "string", enum: ["ana", "bo", "chen"] });
  });

  test("code before elicit() runs once per round trip: one accepted call shows the side effect twice", async () => {
    const s = await createSession(pg, helpDesk());
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "reopen_ticket", arguments: { id: "T-1" } });
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "reopen_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
      requestState: r1.body.result.requestState,
    });
    expect(r2.body.result.structuredContent.history).toEqual(["reopen requested for T-1", "reopen requested for T-1"]);
  });

  test("a tool that asks twice: elicitation-2 follows, carrying the first answer in the state", async () => {
    const s = await createSession(pg, helpDesk());
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "escalate", arguments: { id: "T-1" } });
    expect(Object.keys(r1.body.result.inputRequests)).toEqual(["elicitation-1"]);
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "escalate",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { priority: "P1" } } },
      requestState: r1.body.result.requestState,
    });
    expect(Object.keys(r2.body.result.inputRequests)).toEqual(["elicitation-2"]);
    const decoded = JSON.parse(Buffer.from(r2.body.result.requestState.split(".")[1], "base64url").toString());
    expect(decoded.p.answers).toEqual([{ action: "accept", content: { priority: "P1" } }]);
    const r3 = await rawModern(s.mcpUrl, 3, "tools/call", {
      name: "escalate",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-2": { action: "accept", content: { notify: true } } },
      requestState: r2.body.result.requestState,
    });
    expect(r3.body.result.structuredContent).toEqual({ id: "T-1", priority: "P1", notify: true });
  });

  test("tools/list shows the input schema and annotations unchanged, and never sendElicitationResult", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await modernClient(s.mcpUrl, FORM);
    const { tools } = await client.listTools();
    const close = tools.find((t) => t.name === "close_ticket")!;
    expect(close.annotations).toEqual({ destructiveHint: true });
    expect(close.inputSchema.properties).toEqual({ id: { type: "string", description: "Ticket id, like T-1" } });
    expect(tools.map((t) => t.name)).not.toContain("sendElicitationResult");
    const call = await client.callTool({ name: "sendElicitationResult", arguments: { elicitId: "x", action: "accept" } }).catch((e) => e);
    // Exactly "no such tool" as a JSON-RPC error, not some other failure (a crash, a tool error) that happens to fail too.
    expect(call).toBeInstanceOf(ProtocolError);
    expect(call.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(call.message).toMatch(/Unknown tool: sendElicitationResult/);
    await client.close();
  });
});

describe("a question with a named key", () => {
  // Module state counts the runs, so the test sees how often execute() started.
  const named = {
    "greet.tool.ts": `import { Tool, ToolContext, z } from "@frontmcp/sdk";
let runs = 0;
@Tool({ name: "greet", inputSchema: {} })
export class GreetTool extends ToolContext {
  async execute() {
    runs++;
    const a = await this.elicit("What is your name?", z.object({ name: z.string() }), { key: "user_name" });
    const b = await this.elicit("Favourite colour?", z.object({ color: z.string() }));
    return { name: a.content?.name ?? null, color: b.content?.color ?? null, runs };
  }
}
@Tool({ name: "bad_key", inputSchema: {} })
export class BadKeyTool extends ToolContext {
  async execute() {
    await this.elicit("Name?", z.object({ name: z.string() }), { key: "two words" });
  }
}
`,
  };
  const alice = { action: "accept", content: { name: "Alice" } };

  test("round 1 asks under user_name; the retry answers under user_name; the next question keeps the default elicitation-k key", async () => {
    const s = await createSession(pg, named);
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "greet", arguments: {} });
    expect(Object.keys(r1.body.result.inputRequests)).toEqual(["user_name"]);
    expect(r1.body.result.inputRequests.user_name.params.message).toBe("What is your name?");
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "greet",
      arguments: {},
      inputResponses: { user_name: alice },
      requestState: r1.body.result.requestState,
    });
    expect(Object.keys(r2.body.result.inputRequests)).toEqual(["elicitation-2"]);
    const r3 = await rawModern(s.mcpUrl, 3, "tools/call", {
      name: "greet",
      arguments: {},
      inputResponses: { "elicitation-2": { action: "accept", content: { color: "blue" } } },
      requestState: r2.body.result.requestState,
    });
    expect(r3.body.result.structuredContent).toEqual({ name: "Alice", color: "blue", runs: 3 });
  });

  test("with the state, only the asked key counts: an answer under elicitation-1 is ignored and the question stands", async () => {
    const s = await createSession(pg, named);
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "greet", arguments: {} });
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "greet",
      arguments: {},
      inputResponses: { "elicitation-1": alice },
      requestState: r1.body.result.requestState,
    });
    expect(Object.keys(r2.body.result.inputRequests)).toEqual(["user_name"]);
  });

  test("a first request answering under the named key up front runs the tool twice, as the round trip would have", async () => {
    const s = await createSession(pg, named);
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", {
      name: "greet",
      arguments: {},
      inputResponses: { user_name: alice, unrelated: { action: "accept", content: {} } },
    });
    expect(Object.keys(r1.body.result.inputRequests)).toEqual(["elicitation-2"]);
    const decoded = JSON.parse(Buffer.from(r1.body.result.requestState.split(".")[1], "base64url").toString());
    expect(decoded.p).toMatchObject({ answers: [alice], pending: "elicitation-2" });
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "greet",
      arguments: {},
      inputResponses: { "elicitation-2": { action: "decline" } },
      requestState: r1.body.result.requestState,
    });
    expect(r2.body.result.structuredContent).toEqual({ name: "Alice", color: null, runs: 3 });
  });

  test("a key that is not 1-64 letters, digits, _ . or - fails the call before asking", async () => {
    const s = await createSession(pg, named);
    const r = await rawModern(s.mcpUrl, 1, "tools/call", { name: "bad_key", arguments: {} });
    expect(r.body.result).toMatchObject({ isError: true, _meta: { code: "INVALID_SCHEMA" } });
    expect(r.body.result.content[0].text).toContain('"two words"');
  });
});
