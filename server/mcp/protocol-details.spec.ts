// Protocol details a careful learner compares with the spec, each against the real server with the official
// clients: v2 on 2026-07-28 and on 2025-11-25, and the v1 (1.32) client.
import { ProtocolError } from "@modelcontextprotocol/client";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, legacyV2Client, modernClient, rawModern, startTestPlayground, v1Client } from "../testing/harness";
import { modernRequest, responseMessage } from "./modern-request";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

const FORMS = { elicitation: { form: {} } };
type AnyClient = {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: any }> }>;
  callTool(p: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
};

/** One client of each kind, connected to the session. */
async function eachClient(mcpUrl: string, capabilities: Record<string, unknown>): Promise<Array<[string, AnyClient]>> {
  return [
    ["v2 on 2026-07-28", (await modernClient(mcpUrl, capabilities, false)) as unknown as AnyClient],
    ["v2 on 2025-11-25", (await legacyV2Client(mcpUrl, capabilities)) as unknown as AnyClient],
    ["v1 on 2025-11-25", (await v1Client(mcpUrl, capabilities)) as unknown as AnyClient],
  ];
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe("an unknown tool is JSON-RPC error -32602, not a tool result", () => {
  test("every client gets -32602 naming the tool", async () => {
    const s = await createSession(pg, helpDesk());
    for (const [kind, client] of await eachClient(s.mcpUrl, FORMS)) {
      const error = await client.callTool({ name: "no_such_tool", arguments: {} }).then(
        (result) => ({ result }),
        (e: unknown) => e,
      );
      expect(error instanceof ProtocolError || error instanceof McpError, `${kind}: ${JSON.stringify(error)}`).toBe(true);
      expect((error as { code: number }).code, kind).toBe(-32602);
      expect((error as Error).message, kind).toContain("Unknown tool: no_such_tool");
      await client.close();
    }
  });

  test("on the wire: an error member and no result", async () => {
    const s = await createSession(pg, helpDesk());
    const r = await rawModern(s.mcpUrl, 5, "tools/call", { name: "no_such_tool", arguments: {} });
    expect(r.body.result).toBeUndefined();
    expect(r.body.error).toMatchObject({ code: -32602, message: "Unknown tool: no_such_tool" });
    // A known tool still answers with a result.
    expect((await rawModern(s.mcpUrl, 6, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", agent: "ana" } })).body.result).toBeDefined();
  });

  test("sendElicitationResult is unknown to a client that can show forms", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await v1Client(s.mcpUrl, FORMS);
    await expect(client.callTool({ name: "sendElicitationResult", arguments: { elicitId: "x", action: "accept" } })).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });
});

describe("notifications/tools/list_changed when the files change", () => {
  const renamed = () => ({
    ...helpDesk(),
    "assign-ticket.tool.ts": helpDesk()["assign-ticket.tool.ts"].replace('name: "assign_ticket"', 'name: "hand_over_ticket"'),
  });

  test("a 2026-07-28 client's subscriptions/listen stream gets it, and tools/list then shows the new tools", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await modernClient(s.mcpUrl, FORMS, false);
    let changed = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void changed++);
    const subscription = await client.listen({ toolsListChanged: true });
    expect((await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: renamed() })).status).toBe(200);
    await until(() => changed > 0, "list_changed on the listen stream");
    expect(changed).toBe(1);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("hand_over_ticket");
    await subscription.close();
    await client.close();
  });

  test("2025-11-25 sessions (v2 and v1 clients) get it on their own stream", async () => {
    const s = await createSession(pg, helpDesk());
    const v2 = await legacyV2Client(s.mcpUrl, FORMS);
    const v1 = await v1Client(s.mcpUrl, FORMS);
    const seen = { v2: 0, v1: 0 };
    v2.setNotificationHandler("notifications/tools/list_changed", () => void seen.v2++);
    const { ToolListChangedNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js");
    v1.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.v1++);
    // Each client's standalone GET stream must be open before the change, as a real client keeps it.
    await v2.listTools();
    await v1.listTools();
    await new Promise((r) => setTimeout(r, 200));
    expect((await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: renamed() })).status).toBe(200);
    await until(() => seen.v2 > 0 && seen.v1 > 0, "list_changed on both 2025 sessions");
    expect((await v1.listTools()).tools.map((t) => t.name)).toContain("hand_over_ticket");
    await v2.close();
    await v1.close();
  });
});

describe("sendElicitationResult is listed only when the server can ask at all", () => {
  const SERVER_TS = (elicitation: boolean) => `import { App, FrontMcp } from "@frontmcp/sdk";
import { CloseTicketTool } from "./close-ticket.tool";

@App({ id: "desk", name: "Desk", tools: [CloseTicketTool] })
class Desk {}

@FrontMcp({ info: { name: "desk", version: "1.0.0" }, apps: [Desk]${elicitation ? ", elicitation: { enabled: true }" : ""} })
export default class Server {}
`;

  test("a 2025 client without forms sees it with elicitation on, and not with elicitation off", async () => {
    const s = await createSession(pg, helpDesk({ "server.ts": SERVER_TS(true) }));
    const names = async () => {
      const v2 = await legacyV2Client(s.mcpUrl, {});
      const v1 = await v1Client(s.mcpUrl, {});
      const out = [(await v2.listTools()).tools.map((t) => t.name), (await v1.listTools()).tools.map((t) => t.name)];
      await v2.close();
      await v1.close();
      return out;
    };
    for (const list of await names()) expect(list).toEqual(["close_ticket", "sendElicitationResult"]);
    expect((await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: helpDesk({ "server.ts": SERVER_TS(false) }) })).status).toBe(200);
    for (const list of await names()) expect(list).toEqual(["close_ticket"]);
  });

  test("an open 2025 session stops listing it when server.ts turns elicitation off, and calling it is -32602", async () => {
    const s = await createSession(pg, helpDesk({ "server.ts": SERVER_TS(true) }));
    const v1 = await v1Client(s.mcpUrl, {});
    expect((await v1.listTools()).tools.map((t) => t.name)).toContain("sendElicitationResult");
    await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: helpDesk({ "server.ts": SERVER_TS(false) }) });
    expect((await v1.listTools()).tools.map((t) => t.name)).toEqual(["close_ticket"]);
    await expect(v1.callTool({ name: "sendElicitationResult", arguments: { elicitId: "x", action: "accept" } })).rejects.toMatchObject({ code: -32602 });
    // The tool itself says elicitation is off, with no fallback question.
    const result = (await v1.callTool({ name: "close_ticket", arguments: { id: "T-1" } })) as any;
    expect(result._meta.code).toBe("ELICITATION_DISABLED");
    await v1.close();
  });
});

describe("a bare z.int() sends no ±(2^53−1) bounds", () => {
  const COUNT_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";

@Tool({ name: "order_stickers", description: "Orders stickers.", inputSchema: { batches: z.int(), size: z.int().min(1).max(10), weight: z.number() } })
export class OrderStickers extends ToolContext {
  async execute(input: { batches: number; size: number; weight: number }) {
    const answer = await this.elicit("How many per batch?", z.object({ perBatch: z.int(), copies: z.int().min(1) }));
    return { ...input, ...(answer.content ?? {}) };
  }
}
`;
  const INPUT = { batches: { type: "integer" }, size: { type: "integer", minimum: 1, maximum: 10 }, weight: { type: "number" } };
  const FORM = { perBatch: { type: "integer" }, copies: { type: "integer", minimum: 1 } };

  test("in tools/list, for every client", async () => {
    const s = await createSession(pg, { "order.tool.ts": COUNT_TOOL });
    expect(s.tools[0].inputSchema.properties).toEqual(INPUT);
    for (const [kind, client] of await eachClient(s.mcpUrl, FORMS)) {
      expect((await client.listTools()).tools[0].inputSchema.properties, kind).toEqual(INPUT);
      await client.close();
    }
  });

  test("in the form: input_required on 2026-07-28 and the pushed elicitation/create on 2025-11-25", async () => {
    const s = await createSession(pg, { "order.tool.ts": COUNT_TOOL });
    const args = { batches: 3, size: 2, weight: 1.5 };
    const modern = await rawModern(s.mcpUrl, 1, "tools/call", { name: "order_stickers", arguments: args });
    expect(modern.body.result.inputRequests["elicitation-1"].params.requestedSchema.properties).toEqual(FORM);

    const { ElicitRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
    const v1 = await v1Client(s.mcpUrl, FORMS);
    const pushed: any[] = [];
    v1.setRequestHandler(ElicitRequestSchema, async (req) => {
      pushed.push(req.params);
      // biome-ignore lint/correctness/noPrecisionLoss: the point is an integer that a JSON number cannot carry exactly
      return { action: "accept", content: { perBatch: 9007199254740993, copies: 2 } };
    });
    await v1.callTool({ name: "order_stickers", arguments: args });
    expect(pushed[0].requestedSchema.properties).toEqual(FORM);
    await v1.close();
  });
});

describe("x-mcp-header: Mcp-Param-* headers are checked against the arguments (SEP-2243)", () => {
  const REGION_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";

let runs = 0;

@Tool({
  name: "route_ticket",
  description: "Routes a ticket to a region's desk.",
  inputSchema: { id: z.string(), region: z.string().meta({ "x-mcp-header": "Region" }), priority: z.int().meta({ "x-mcp-header": "Priority" }).optional() },
})
export class RouteTicket extends ToolContext {
  async execute(input: { id: string; region: string; priority?: number }) {
    runs++;
    return { routed: input.id, to: input.region, priority: input.priority ?? null, runs };
  }
}
`;
  const call = (mcpUrl: string, headers: Record<string, string>, args: Record<string, unknown> = { id: "T-1", region: "eu-west" }) => {
    const req = modernRequest(
      mcpUrl,
      { id: 3, method: "tools/call", params: { name: "route_ticket", arguments: args } },
      { capabilities: {}, clientName: "raw-test" },
    );
    for (const [k, v] of Object.entries(headers)) req.headers.set(k, v);
    return fetch(req).then(async (res) => ({ status: res.status, body: (await responseMessage(res)) as any }));
  };

  test("the declaration goes out in tools/list, and the v2 client mirrors it into headers the server accepts", async () => {
    const s = await createSession(pg, { "route.tool.ts": REGION_TOOL });
    expect(s.tools[0].inputSchema.properties.region).toEqual({ type: "string", "x-mcp-header": "Region" });
    const seen: Headers[] = [];
    const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "t", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(s.mcpUrl), {
        fetch: (input, init) => {
          seen.push(new Headers(init?.headers));
          return fetch(input, init);
        },
      }),
    );
    await client.listTools();
    const result = (await client.callTool({ name: "route_ticket", arguments: { id: "T-1", region: "eu-west", priority: 2 } })) as any;
    expect(result.structuredContent).toEqual({ routed: "T-1", to: "eu-west", priority: 2, runs: 1 });
    const sent = seen.find((h) => h.get("mcp-name") === "route_ticket")!;
    expect([sent.get("mcp-param-region"), sent.get("mcp-param-priority")]).toEqual(["eu-west", "2"]);
    await client.close();
  });

  test("a missing, different or badly encoded header is -32020 on HTTP 400, and the tool does not run", async () => {
    const s = await createSession(pg, { "route.tool.ts": REGION_TOOL });
    const missing = await call(s.mcpUrl, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: -32020 });
    expect(missing.body.error.message).toContain("Mcp-Param-Region header is absent");
    const different = await call(s.mcpUrl, { "mcp-param-region": "us-east" });
    expect([different.status, different.body.error.code]).toEqual([400, -32020]);
    expect(different.body.error.message).toContain('decodes to "us-east"');
    const badBase64 = await call(s.mcpUrl, { "mcp-param-region": "=?base64?%%%?=" });
    expect([badBase64.status, badBase64.body.error.code]).toEqual([400, -32020]);
    const wrongNumber = await call(s.mcpUrl, { "mcp-param-region": "eu-west", "mcp-param-priority": "3" }, { id: "T-1", region: "eu-west", priority: 2 });
    expect([wrongNumber.status, wrongNumber.body.error.code]).toEqual([400, -32020]);
    // None of the refused calls ran the tool: the first good one is its first run.
    expect((await call(s.mcpUrl, { "mcp-param-region": "eu-west" })).body.result.structuredContent.runs).toBe(1);
  });

  test("matching headers pass, a Base64-sentinel value included; an absent optional argument needs no header", async () => {
    const s = await createSession(pg, { "route.tool.ts": REGION_TOOL });
    const plain = await call(s.mcpUrl, { "mcp-param-region": "eu-west" });
    expect([plain.status, plain.body.result.structuredContent]).toEqual([200, { routed: "T-1", to: "eu-west", priority: null, runs: 1 }]);
    const encoded = await call(s.mcpUrl, { "mcp-param-region": `=?base64?${Buffer.from("zürich").toString("base64")}?=` }, { id: "T-2", region: "zürich" });
    expect(encoded.body.result.structuredContent).toEqual({ routed: "T-2", to: "zürich", priority: null, runs: 2 });
  });

  test("a declaration clients would drop the tool for is refused at load, naming the field and the rule", async () => {
    const withField = (field: string) => REGION_TOOL.replace('region: z.string().meta({ "x-mcp-header": "Region" })', field);
    const cases: Array<[string, string]> = [
      [
        'region: z.number().meta({ "x-mcp-header": "Region" })',
        'field "region": x-mcp-header is allowed on string, integer and boolean fields only, this one is number',
      ],
      ['region: z.string().meta({ "x-mcp-header": "Re gion" })', 'field "region": x-mcp-header must be a header name such as "Region"'],
      [
        'region: z.string().meta({ "x-mcp-header": "PRIORITY" })',
        'field "priority": x-mcp-header "Priority" is already used by field "region" (header names ignore case)',
      ],
      ['region: z.string().nullable().meta({ "x-mcp-header": "Region" })', "this one is not of one type (a union such as .nullable())"],
      ['region: z.string().meta({ "x-mcp-header": "Region" }).nullable()', "x-mcp-header is allowed only on a plain field of the input"],
      ['region: z.array(z.string().meta({ "x-mcp-header": "Region" }))', "x-mcp-header is allowed only on a plain field of the input"],
    ];
    for (const [field, message] of cases) {
      const r = await api(pg, "POST", "/api/sessions", { files: { "route.tool.ts": withField(field) } });
      expect(r.status, field).toBe(422);
      const said = (r.json.diagnostics as Array<{ message: string }>).map((d) => d.message).join("\n");
      expect(said, field).toContain(message);
      expect(said, field).toContain('Tool "route_ticket"');
    }
  });
});
