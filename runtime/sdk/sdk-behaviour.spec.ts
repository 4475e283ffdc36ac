// The @frontmcp/sdk contract of AUTHORING-API.md, through a real session: errors, shaping, forms, servers, approval.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../server/app";
import { STORE } from "../../server/testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../../server/testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

const tool = (name: string, inputSchema: string, body: string, extra = "") => `import { Tool, ToolContext, PublicMcpError, z } from "@frontmcp/sdk";
import { tickets } from "./store";
@Tool({ name: "${name}", inputSchema: ${inputSchema}${extra} })
export class T_${name} extends ToolContext {
  async execute(input: any) {
${body}
  }
}
`;

async function callOnce(files: Record<string, string>, name: string, args: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) {
  const s = await createSession(pg, { "store.ts": STORE, ...files });
  return { session: s, response: await rawModern(s.mcpUrl, 1, "tools/call", { name, arguments: args }, capabilities) };
}

describe("results and errors", () => {
  test("a plain object becomes JSON text plus structuredContent; a string becomes text; a CallToolResult passes through", async () => {
    const s = await createSession(pg, {
      "store.ts": STORE,
      "a.ts": tool("obj", "{}", "    return { a: 1, b: [true] };"),
      "b.ts": tool("str", "{}", '    return "hello";'),
      "c.ts": tool("raw", "{}", '    return { content: [{ type: "text", text: "as is" }], isError: false };'),
    });
    const get = async (name: string) => (await rawModern(s.mcpUrl, 1, "tools/call", { name, arguments: {} })).body.result;
    expect(await get("obj")).toMatchObject({ content: [{ type: "text", text: '{"a":1,"b":[true]}' }], structuredContent: { a: 1, b: [true] } });
    expect(await get("str")).toMatchObject({ content: [{ type: "text", text: "hello" }] });
    expect((await get("str")).structuredContent).toBeUndefined();
    expect(await get("raw")).toMatchObject({ content: [{ type: "text", text: "as is" }], isError: false });
  });

  test("this.fail and PublicMcpError set isError, the message and _meta.code", async () => {
    const s = await createSession(pg, {
      "store.ts": STORE,
      "a.ts": tool("fails", "{}", '    this.fail(new PublicMcpError("Ticket T-9 does not exist", "NOT_FOUND"));'),
      "b.ts": tool("fails_plain", "{}", '    this.fail("plain words");'),
    });
    const a = (await rawModern(s.mcpUrl, 1, "tools/call", { name: "fails", arguments: {} })).body.result;
    expect(a).toMatchObject({ isError: true, content: [{ text: "Ticket T-9 does not exist" }], _meta: { code: "NOT_FOUND" } });
    const b = (await rawModern(s.mcpUrl, 2, "tools/call", { name: "fails_plain", arguments: {} })).body.result;
    expect(b).toMatchObject({ isError: true, content: [{ text: "plain words" }], _meta: { code: "PUBLIC_ERROR" } });
  });

  test("any other throw is TOOL_EXECUTION_ERROR naming the tool and the line in the learner's file", async () => {
    const { response } = await callOnce({ "crash.tool.ts": tool("crash", "{}", "    const t: any = undefined;\n    return t.title;") }, "crash");
    const result = response.body.result;
    expect(result._meta.code).toBe("TOOL_EXECUTION_ERROR");
    expect(result.content[0].text).toMatch(/^Tool "crash" failed: .*undefined.* \(at crash\.tool\.ts:7\)$/);
  });

  test("input is validated before execute: INVALID_INPUT with the issues", async () => {
    const { response } = await callOnce({ "a.ts": tool("typed", "{ id: z.string(), n: z.number().int() }", "    return input;") }, "typed", { id: 5, n: 1.5 });
    const result = response.body.result;
    expect(result._meta.code).toBe("INVALID_INPUT");
    expect(result.content[0].text).toContain("id:");
    expect(result.content[0].text).toContain("n:");
  });
});

describe("forms", () => {
  const RICH = `{
      type: "object",
      properties: {
        priority: { type: "string", title: "Priority", oneOf: [{ const: "P1", title: "P1 service down" }, { const: "P2", title: "P2 major feature broken" }, { const: "P3", title: "P3 minor issue" }] },
        area: { type: "string", enum: ["billing", "login", "api", "mobile-app"] },
        affected: { type: "integer", minimum: 1, maximum: 10000, default: 1 },
        email: { type: "string", format: "email" },
        outage: { type: "boolean", default: false },
        channels: { type: "array", items: { type: "string", enum: ["email", "sms"] }, minItems: 1 },
      },
      required: ["priority", "area"],
    }`;
  const files = {
    "rich.tool.ts": tool("rich", "{}", `    const a = await this.elicit("Escalate?", ${RICH});\n    return { status: a.status, content: a.content ?? null };`),
  };

  async function answer(content: Record<string, unknown>) {
    const s = await createSession(pg, { "store.ts": STORE, ...files });
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "rich", arguments: {} });
    return {
      round1: r1.body.result,
      final: (
        await rawModern(s.mcpUrl, 2, "tools/call", {
          name: "rich",
          arguments: {},
          inputResponses: { "elicitation-1": { action: "accept", content } },
          requestState: r1.body.result.requestState,
        })
      ).body.result,
    };
  }

  test("a plain JSON schema with titled options goes out unchanged; defaults are filled in when left out", async () => {
    const { round1, final } = await answer({ priority: "P2", area: "api" });
    expect(round1.inputRequests["elicitation-1"].params.requestedSchema.properties.priority.oneOf[0]).toEqual({ const: "P1", title: "P1 service down" });
    expect(final.structuredContent).toEqual({ status: "accept", content: { priority: "P2", area: "api", affected: 1, outage: false } });
  });

  test.each([
    [{ priority: "P9", area: "api" }, "priority"],
    [{ priority: "P1", area: "api", email: "not-an-email" }, "email"],
    [{ priority: "P1", area: "api", affected: 0 }, "affected"],
    [{ priority: "P1" }, "area"],
    [{ priority: "P1", area: "api", channels: ["fax"] }, "channels"],
    [{ priority: "P1", area: "api", extra: 1 }, "extra"],
  ])("%j is rejected naming %s", async (content, field) => {
    const { final } = await answer(content);
    expect(final._meta.code).toBe("INVALID_INPUT");
    expect(final.content[0].text).toContain("does not match the requested schema");
    expect(final.content[0].text).toContain(field);
  });

  test.each([
    ["z.object({ address: z.object({ city: z.string() }) })", /address.*nested objects/],
    ["z.object({ code: z.string().regex(/^[A-Z]+$/) })", /code.*regular expressions/],
    ["z.object({ n: z.number().positive() })", /n.*exclusive bounds/],
    ['{ type: "object", properties: { tags: { type: "array", items: { type: "object" } } } }', /tags.*multi-select enums/],
  ])("a schema that breaks the flat rule fails before anything is sent: %s", async (schema, message) => {
    const { response } = await callOnce({ "bad.tool.ts": tool("bad", "{}", `    await this.elicit("Q?", ${schema});\n    return "asked";`) }, "bad");
    expect(response.status).toBe(200);
    expect(response.body.result.isError).toBe(true);
    expect(response.body.result.content[0].text).toMatch(message);
  });

  test("canElicit reflects the request's client", async () => {
    const files = { "c.tool.ts": tool("can", "{}", '    return { form: this.canElicit(), url: this.canElicit("url") };') };
    const s = await createSession(pg, { "store.ts": STORE, ...files });
    const ask = async (caps: Record<string, unknown>) =>
      (await rawModern(s.mcpUrl, 1, "tools/call", { name: "can", arguments: {} }, caps)).body.result.structuredContent;
    expect(await ask({})).toEqual({ form: false, url: false });
    expect(await ask({ elicitation: {} })).toEqual({ form: true, url: false });
    expect(await ask({ elicitation: { url: {} } })).toEqual({ form: false, url: true });
    expect(await ask({ elicitation: { form: {}, url: {} } })).toEqual({ form: true, url: true });
  });
});

describe("servers", () => {
  const confirm = tool(
    "close",
    "{ id: z.string() }",
    '    const a = await this.elicit("Close " + input.id + "?", z.object({ ok: z.boolean() }));\n    return { status: a.status };',
  );
  const server = (elicitation: string) => `import { App, FrontMcp } from "@frontmcp/sdk";
import { T_close } from "./close.tool";
@App({ id: "desk", name: "Help desk", tools: [T_close] })
class DeskApp {}
@FrontMcp({ info: { name: "help-desk", version: "2.0.0" }, apps: [DeskApp]${elicitation} })
export default class Server {}
`;

  test("a project's own @FrontMcp server without elicitation on fails elicit() with ELICITATION_DISABLED and says how", async () => {
    const { response } = await callOnce({ "close.tool.ts": confirm, "server.ts": server("") }, "close", { id: "T-1" });
    expect(response.body.result._meta).toMatchObject({
      code: "ELICITATION_DISABLED",
      "io.modelcontextprotocol/serverInfo": { name: "help-desk", version: "2.0.0" },
    });
    expect(response.body.result.content[0].text).toMatch(/^Elicitation is disabled in server configuration.*elicitation: \{ enabled: true \}/);
  });

  test("with elicitation enabled it asks; the automatic server (no server.ts) asks too", async () => {
    const own = await callOnce({ "close.tool.ts": confirm, "server.ts": server(", elicitation: { enabled: true }") }, "close", { id: "T-1" });
    expect(own.response.body.result.resultType).toBe("input_required");
    const auto = await callOnce({ "close.tool.ts": confirm }, "close", { id: "T-1" });
    expect(auto.response.body.result.resultType).toBe("input_required");
    expect(auto.response.body.result._meta["io.modelcontextprotocol/serverInfo"].name).toBe("playground");
  });

  test("only tools in the server's apps are served", async () => {
    const other = tool("hidden", "{}", '    return "hidden";');
    const s = await createSession(pg, { "store.ts": STORE, "close.tool.ts": confirm, "hidden.tool.ts": other, "server.ts": server("") });
    expect(s.tools.map((t) => t.name)).toEqual(["close"]);
  });
});

describe("approval", () => {
  const files = {
    "refund.tool.ts": tool(
      "refund",
      "{ amount: z.number() }",
      "    return { refunded: input.amount };",
      ', approval: { message: "Allow refunds for this session?" }',
    ),
  };
  const approve = (approve: boolean, remember: boolean) => ({ "elicitation-1": { action: "accept", content: { approve, remember } } });

  test("asks first; a remembered yes lets later calls through; reset forgets", async () => {
    const s = await createSession(pg, { "store.ts": STORE, ...files });
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "refund", arguments: { amount: 5 } });
    expect(r1.body.result.inputRequests["elicitation-1"].params.message).toBe("Allow refunds for this session?");
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "refund",
      arguments: { amount: 5 },
      inputResponses: approve(true, true),
      requestState: r1.body.result.requestState,
    });
    expect(r2.body.result.structuredContent).toEqual({ refunded: 5 });
    const r3 = await rawModern(s.mcpUrl, 3, "tools/call", { name: "refund", arguments: { amount: 7 } });
    expect(r3.body.result.structuredContent).toEqual({ refunded: 7 });
    await api(pg, "POST", `/api/sessions/${s.id}/reset`);
    const r4 = await rawModern(s.mcpUrl, 4, "tools/call", { name: "refund", arguments: { amount: 7 } });
    expect(r4.body.result.resultType).toBe("input_required");
  });

  test("a no runs nothing and says so; a yes without remember asks again next time", async () => {
    const s = await createSession(pg, { "store.ts": STORE, ...files });
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "refund", arguments: { amount: 5 } });
    const no = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "refund",
      arguments: { amount: 5 },
      inputResponses: approve(false, true),
      requestState: r1.body.result.requestState,
    });
    expect(no.body.result).toMatchObject({ isError: true, _meta: { code: "APPROVAL_DENIED" } });
    const r3 = await rawModern(s.mcpUrl, 3, "tools/call", { name: "refund", arguments: { amount: 5 } });
    const once = await rawModern(s.mcpUrl, 4, "tools/call", {
      name: "refund",
      arguments: { amount: 5 },
      inputResponses: approve(true, false),
      requestState: r3.body.result.requestState,
    });
    expect(once.body.result.structuredContent).toEqual({ refunded: 5 });
    const again = await rawModern(s.mcpUrl, 5, "tools/call", { name: "refund", arguments: { amount: 5 } });
    expect(again.body.result.resultType).toBe("input_required");
  });
});
