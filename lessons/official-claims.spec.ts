// The claims of the official-SDK lessons (13 to 16), proved on each lesson's own files through real clients; "the
// Wire tab shows" claims are checked on the HTTP exchanges, captured with the fetch wrapper a Wire-tab tap uses.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../server/app";
import { getLesson } from "../server/lessons/catalog";
import { SERVER_INSTANCE_HEADER } from "../contract/instance-header";
import { sseDataOf } from "../contract/sse";
import { createSession, rawModern, startTestPlayground } from "../server/testing/harness";
import { lessonUrlModeServer } from "../server/testing/official-url-server";
import { pressOutside, until } from "../server/testing/outside";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

type Exchange = { method?: string; request: any; status: number; instance: string | null; body: string };

/** A fetch that records each POST and its whole response body (JSON or an SSE stream), as the Wire tab does. */
function tap(log: Exchange[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(input, init);
    if (init?.method !== "POST") return res;
    const request = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const [mine, theirs] = res.body ? res.body.tee() : [null, null];
    const entry: Exchange = { method: request?.method, request, status: res.status, instance: res.headers.get(SERVER_INSTANCE_HEADER), body: "" };
    log.push(entry);
    if (mine)
      void new Response(mine).text().then(
        (t) => (entry.body = t),
        () => undefined,
      );
    return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch;
}

const files = async (id: string) => ({ ...(await getLesson(id))!.files });
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("13 A server on the official SDK", () => {
  test("a client pinned to 2026-07-28 asks server/discover and gets Method not found, as from a real 1.x server", async () => {
    const s = await createSession(pg, await files("13-support-desk-on-the-official-sdk"));
    const raw = await rawModern(s.mcpUrl, 1, "server/discover", {});
    expect(raw.body.error).toMatchObject({ code: -32601, message: "Method not found" });
    const pinned = new Client({ name: "pinned", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await expect(pinned.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl)))).rejects.toThrow(/did not offer pinned protocol version 2026-07-28/);
  });

  test("each client connection gets its own instance, with its own module state, named on the wire", async () => {
    const s = await createSession(pg, await files("13-support-desk-on-the-official-sdk"));
    const log: Exchange[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const client = new ClientV1({ name: "v1", version: "1.32.2" }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { priority: "p1", area: "billing" } }));
      await client.connect(new TransportV1(new URL(s.mcpUrl), { fetch: tap(log) }));
      const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-1042" } })) as any;
      texts.push(result.content[0].text);
      await client.close();
    }
    // Two processes: both hand out the first reference.
    expect(texts).toEqual(["Escalated T-1042 as ESC-0001: p1 in billing, 1 affected.", "Escalated T-1042 as ESC-0001: p1 in billing, 1 affected."]);
    const instances = new Set(log.filter((e) => e.method === "tools/call").map((e) => e.instance));
    expect(instances.size).toBe(2);
  });

  test("URL mode on the Wire tab: the call's stream carries the link with its elicitationId, then complete, then the answer", async () => {
    const s = await createSession(pg, { "src/server.ts": await lessonUrlModeServer() });
    const log: Exchange[] = [];
    const client = new ClientV1({ name: "v1", version: "1.32.2" }, { capabilities: { elicitation: { form: {}, url: {} } } });
    let link = "";
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      link = (req.params as { url: string }).url;
      return { action: "accept" };
    });
    await client.connect(new TransportV1(new URL(s.mcpUrl), { fetch: tap(log) }));
    const call = client.callTool({ name: "open_billing", arguments: { ticketId: "T-2" } });
    await until(() => link !== "");
    // The link is on the playground's own address: the person can open it.
    expect(new URL(link).origin).toBe(new URL(pg.url).origin);
    await pressOutside(pg, link, "sign-in");
    expect(((await call) as any).content[0].text).toBe("The sign-in finished: the invoice for T-2 is €249.90.");
    const stream = log.find((e) => e.method === "tools/call")!;
    await until(() => stream.body.includes('"result"'));
    await client.close();
    const messages = sseDataOf(stream.body)
      .filter((data) => data.trim() !== "")
      .map((data) => JSON.parse(data));
    expect(messages.map((m) => m.method ?? "result")).toEqual(["elicitation/create", "notifications/elicitation/complete", "result"]);
    const [asked, completed] = messages;
    expect(asked.params).toMatchObject({ mode: "url", url: link, elicitationId: new URL(link).searchParams.get("flow") });
    expect(completed.params).toEqual({ elicitationId: asked.params.elicitationId });
  });
});

describe("15 Porting to SDK 2.x and 2026-07-28", () => {
  test("2026-07-28 on the Wire tab: two tools/call round trips, input_required with the form, then inputResponses", async () => {
    const s = await createSession(pg, await files("15-porting-to-sdk-2"));
    const log: Exchange[] = [];
    const client = new Client(
      { name: "modern", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { priority: "p2", area: "outage" } }) as never);
    await client.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: tap(log) }));
    await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-9" } });
    await settle();
    const calls = log.filter((e) => e.method === "tools/call");
    expect(calls).toHaveLength(2);
    const first = JSON.parse(calls[0].body).result;
    expect(first.resultType).toBe("input_required");
    expect(Object.keys(first.inputRequests.escalation.params.requestedSchema.properties)).toHaveLength(5);
    expect(calls[1].request.params.inputResponses.escalation).toEqual({ action: "accept", content: { priority: "p2", area: "outage" } });
    expect(JSON.parse(calls[1].body).result.content[0].text).toContain("Escalated T-9");
    await client.close();
  });

  test("2025-11-25 on the Wire tab: one tools/call whose stream carries the shim's pushed elicitation/create, then the answer", async () => {
    const s = await createSession(pg, await files("15-porting-to-sdk-2"));
    const log: Exchange[] = [];
    const client = new ClientV1({ name: "v1", version: "1.32.2" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { priority: "p3", area: "other" } }));
    await client.connect(new TransportV1(new URL(s.mcpUrl), { fetch: tap(log) }));
    await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-10" } });
    await settle();
    const calls = log.filter((e) => e.method === "tools/call");
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toContain('"method":"elicitation/create"');
    expect(calls[0].body).toContain("Escalated T-10");
    const answer = log.find((e) => e.request && !e.request.method && e.request.result);
    expect(answer?.request.result).toEqual({ action: "accept", content: { priority: "p3", area: "other" } });
    await client.close();
  });
});
