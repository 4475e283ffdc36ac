// The outside-traffic feed behind the Wire tab: real official SDK clients (1.32 and 2.x) on a session's /mcp URL over
// real HTTP, and what GET /api/sessions/{id}/traffic reports of them; the page's own client is left out; the byte cap
// holds; one session's feed shows nothing of another's.
import { readFile } from "node:fs/promises";
import { Client as ClientV2, isInputRequiredResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PAGE_CLIENT_HEADER, type TrafficClient, type TrafficEvent, type TrafficExchange } from "../../contract/traffic";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { createSession, modernClient, startTestPlayground } from "../testing/harness";
import { followTraffic, type TrafficFollower } from "../testing/traffic";
import { SessionTraffic } from "./traffic";
import { TrafficBudget } from "./traffic-budget";

let pg: Playground;
let files: Record<string, string>;
const open: TrafficFollower[] = [];
beforeAll(async () => {
  pg = await startTestPlayground();
  files = { ...(await getLesson("02-asking-with-elicit"))!.files };
});
afterAll(async () => {
  for (const follower of open) follower.close();
  await pg?.close();
});

async function follow(id: string, on: Playground = pg): Promise<TrafficFollower> {
  const follower = await followTraffic(on.url, id);
  open.push(follower);
  return follower;
}

type Msg = { id?: unknown; method?: string; params?: any; result?: any; error?: any };
const requests = (events: TrafficEvent[]) => events.flatMap((e) => (e.kind === "request" ? [e.exchange] : []));
const messagesOf = (events: TrafficEvent[], exchange: number) =>
  events.flatMap((e) => (e.kind === "message" && e.exchange === exchange ? [e.message as Msg] : []));
const methodOf = (x: TrafficExchange) => (x.request as Msg | undefined)?.method;
const lastClient = (events: TrafficEvent[], key: string) =>
  events.flatMap((e) => (e.kind === "client" && e.client.key === key ? [e.client] : [])).at(-1) as TrafficClient | undefined;
/** The exchange carrying a `method` request (the `nth` one), once its response has arrived. */
const answered = (events: TrafficEvent[], method: string, nth = 0) => {
  const x = requests(events).filter((r) => methodOf(r) === method)[nth];
  return x && messagesOf(events, x.id).some((m) => m.id === (x.request as Msg).id && ("result" in m || "error" in m)) ? x : undefined;
};

describe("a 2025-11-25 client (the official 1.32 SDK) on a FrontMCP lesson", () => {
  test("the feed names it and shows initialize, tools/list, and a tools/call whose pushed elicitation/create is answered", async () => {
    const s = await createSession(pg, files);
    const feed = await follow(s.id);
    expect(feed.status).toBe(200);
    const client = new ClientV1({ name: "claude-code-lookalike", version: "2.1.9" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { confirm: true } }));
    const transport = new TransportV1(new URL(s.mcpUrl));
    await client.connect(transport);
    const listed = await client.listTools();
    const result = (await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } })) as { structuredContent?: unknown; content: any[] };
    expect(JSON.stringify(result)).toContain('"closed":true');

    const call = await feed.until((ev) => answered(ev, "tools/call"), "the tools/call answered");
    const key = `s:${transport.sessionId}`;
    const named = lastClient(feed.events, key)!;
    expect(named).toMatchObject({
      era: "2025-11-25",
      name: "claude-code-lookalike",
      version: "2.1.9",
      protocolVersion: "2025-11-25",
      mcpSessionId: transport.sessionId,
      connected: true,
    });
    // The 1.32 client also opens its GET stream for the server's own messages after initialized.
    const posts = requests(feed.events).filter((x) => x.httpMethod === "POST");
    expect(posts.slice(0, 3).map(methodOf)).toEqual(["initialize", "notifications/initialized", "tools/list"]);
    expect(requests(feed.events).some((x) => x.httpMethod === "GET")).toBe(true);
    for (const x of requests(feed.events)) expect(x.client).toBe(key);

    // tools/list: the same tools the client got.
    const list = answered(feed.events, "tools/list")!;
    const listAnswer = messagesOf(feed.events, list.id).find((m) => m.id === (list.request as Msg).id)!;
    expect(listAnswer.result.tools.map((t: { name: string }) => t.name)).toEqual(listed.tools.map((t) => t.name));

    // The call's stream carried the pushed question, then the result; the answer came in a POST of its own.
    const onCall = messagesOf(feed.events, call.id);
    const pushed = onCall.find((m) => m.method === "elicitation/create")!;
    expect(pushed.params.message).toContain("T-1");
    expect(pushed.params.requestedSchema.properties.confirm.type).toBe("boolean");
    expect(onCall.indexOf(pushed)).toBeLessThan(onCall.findIndex((m) => m.id === (call.request as Msg).id));
    const answer = requests(feed.events).find((x) => (x.request as Msg | undefined)?.id === pushed.id && "result" in (x.request as Msg))!;
    expect((answer.request as Msg).result).toEqual({ action: "accept", content: { confirm: true } });
    expect(answer.requestHeaders["mcp-session-id"]).toBe(transport.sessionId);
    const status = (x: TrafficExchange) => feed.events.find((e) => e.kind === "response" && e.exchange === x.id) as { status: number } | undefined;
    expect(status(call)?.status).toBe(200);
    expect(status(answer)?.status).toBe(202);

    // Ending the session: the client is no longer connected.
    await transport.terminateSession();
    await feed.until((ev) => lastClient(ev, key)?.connected === false && lastClient(ev, key), "the client disconnected");
    await client.close();
  });

  test("the page's own client (its header on every request) is not in the feed", async () => {
    const s = await createSession(pg, files);
    const feed = await follow(s.id);
    const page = new ClientV2({ name: "elicitation-playground", version: "1.0.0" }, { capabilities: {} });
    await page.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { requestInit: { headers: { [PAGE_CLIENT_HEADER]: "1" } } }));
    await page.listTools();
    await page.close();
    // An outside client afterwards shows, so the feed was live while the page's traffic went by unrecorded.
    const outside = await modernClient(s.mcpUrl, {});
    await outside.listTools();
    await feed.until((ev) => answered(ev, "tools/list"), "the outside tools/list");
    expect(requests(feed.events).every((x) => x.client.startsWith("m:"))).toBe(true);
    expect(feed.events.some((e) => e.kind === "client" && e.client.name === "elicitation-playground")).toBe(false);
    await outside.close();
  });
});

describe("a 2026-07-28 client (the official 2.x SDK)", () => {
  test("the feed shows the round pair: input_required with a requestState, then the retry with inputResponses and the result", async () => {
    const s = await createSession(pg, files);
    const feed = await follow(s.id);
    const client = await modernClient(s.mcpUrl, { elicitation: { form: {} } });
    const first = await client.callTool({ name: "close_ticket", arguments: { id: "T-2" } }, { allowInputRequired: true });
    if (!isInputRequiredResult(first)) throw new Error("expected input_required");
    const [key] = Object.keys(first.inputRequests ?? {});
    // The retry repeats the call with the answer and the state, as the Call tab sends it.
    const retry = {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: { [key]: { action: "accept", content: { confirm: true } } },
      requestState: first.requestState,
    };
    const done = await client.callTool(retry as { name: string }, { allowInputRequired: true });
    expect(JSON.stringify(done)).toContain('"closed":true');

    await feed.until((ev) => answered(ev, "tools/call", 1), "both rounds answered");
    const [round1, round2] = requests(feed.events).filter((x) => methodOf(x) === "tools/call");
    const reply1 = messagesOf(feed.events, round1.id).at(-1)!;
    expect(reply1.result.resultType).toBe("input_required");
    expect(typeof reply1.result.requestState).toBe("string");
    const sent = (round2.request as Msg).params;
    expect(sent.requestState).toBe(reply1.result.requestState);
    expect(sent.inputResponses[key]).toEqual({ action: "accept", content: { confirm: true } });
    expect(JSON.stringify(messagesOf(feed.events, round2.id).at(-1)!.result)).toContain('\\"closed\\":true');
    expect(round1.requestHeaders["mcp-method"]).toBe("tools/call");
    // Which playground instance answered, as the page's own exchanges show it.
    const response1 = feed.events.find((e) => e.kind === "response" && e.exchange === round1.id) as { responseHeaders: Record<string, string> };
    expect(response1.responseHeaders["playground-instance"]).toBe(pg.lifecycle.instance);

    const who = lastClient(feed.events, round1.client)!;
    expect(who).toMatchObject({ era: "2026-07-28", name: "playground-test", version: "1.0.0", protocolVersion: "2026-07-28", connected: false });
    expect(round2.client).toBe(round1.client);
    await client.close();
  });
});

describe("an official-SDK project (the support desk, SDK 1.x)", () => {
  test("a 2025-11-25 connection is named with the instance that served it, and its pushed question shows", async () => {
    const desk = await readFile(new URL("../../lessons/13-support-desk-on-the-official-sdk/files/src/server.ts", import.meta.url), "utf8");
    const s = await createSession(pg, { "src/server.ts": desk });
    const feed = await follow(s.id);
    // The page's own connection first: its instance is not the outside client's.
    let pageInstance: string | null = null;
    const page = new ClientV2({ name: "elicitation-playground", version: "1.0.0" }, { capabilities: {} });
    const seeing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      pageInstance ??= res.headers.get("playground-server-instance");
      return res;
    };
    await page.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: seeing, requestInit: { headers: { [PAGE_CLIENT_HEADER]: "1" } } }));
    const client = new ClientV1({ name: "inspector-lookalike", version: "0.20.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));
    const transport = new TransportV1(new URL(s.mcpUrl));
    await client.connect(transport);
    await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-7" } });
    const call = await feed.until((ev) => answered(ev, "tools/call"), "the escalate_ticket call answered");
    expect(messagesOf(feed.events, call.id).some((m) => m.method === "elicitation/create")).toBe(true);
    const who = lastClient(feed.events, `s:${transport.sessionId}`)!;
    expect(who).toMatchObject({ name: "inspector-lookalike", era: "2025-11-25", connected: true });
    expect(who.instance).toMatch(/^\d+; role=connection$/);
    expect(pageInstance).toMatch(/^\d+; role=connection$/);
    expect(who.instance).not.toBe(pageInstance);
    await page.close();
    await transport.terminateSession();
    await client.close();
  });
});

describe("what is recorded", () => {
  test("nothing while no page follows the feed: a script's or a benchmark's clients cost nothing", async () => {
    const s = await createSession(pg, files);
    const unwatched = await modernClient(s.mcpUrl, {});
    await unwatched.listTools();
    const feed = await follow(s.id);
    expect(feed.snapshot()!.events).toEqual([]);
    await unwatched.listTools();
    await feed.until((ev) => answered(ev, "tools/list"), "the tools/list made while followed");
    expect(requests(feed.events).map(methodOf)).toEqual(["tools/list"]);
    await unwatched.close();
  });
});

describe("shutting down", () => {
  test("a draining server does not wait for a page's open feed (an event stream, which never ends by itself)", async () => {
    const other = await startTestPlayground({ drainMs: 10_000 });
    const s = await createSession(other, files);
    const feed = await followTraffic(other.url, s.id);
    const drained = await other.shutdown();
    feed.close();
    expect(drained).toEqual({ finished: true, leftInFlight: 0 });
  });
});

describe("who may read a feed", () => {
  test("a session's feed shows none of another session's traffic; an unknown session's feed is 404", async () => {
    const a = await createSession(pg, files);
    const b = await createSession(pg, files);
    const feedB = await follow(b.id);
    const feedA = await follow(a.id);
    const client = await modernClient(a.mcpUrl, {});
    await client.listTools();
    await feedA.until((ev) => answered(ev, "tools/list"), "A's tools/list");
    // B's stream was open all along: give it one event of its own so "nothing of A" is measured after A's traffic.
    const other = await modernClient(b.mcpUrl, {});
    await other.callTool({ name: "close_ticket", arguments: { id: "T-404" } }).catch(() => undefined);
    await feedB.until((ev) => answered(ev, "tools/call"), "B's own call");
    expect(requests(feedB.events).map(methodOf)).toEqual(["server/discover", "tools/call"]);
    expect(requests(feedA.events).map(methodOf)).toEqual(["server/discover", "tools/list"]);
    const missing = await followTraffic(pg.url, "AAAAAAAAAAAAAAAAAAAAAA");
    expect(missing.status).toBe(404);
    await client.close();
    await other.close();
  });
});

describe("the byte cap", () => {
  test("a busy client fills its session's feed to the cap, no further: the oldest events go, counted", async () => {
    const small = await startTestPlayground({ trafficBytes: 8 * 1024 });
    try {
      const s = await createSession(small, files);
      const page = await followTraffic(small.url, s.id);
      const client = await modernClient(s.mcpUrl, {});
      for (let i = 0; i < 40; i++) await client.listTools();
      // A request too large for the cap is kept as a stub that says how large it was.
      await client.callTool({ name: "close_ticket", arguments: { id: "x".repeat(6000) } }).catch(() => undefined);
      // What a page opening the feed now is given.
      const feed = await followTraffic(small.url, s.id);
      const snap = feed.snapshot()!;
      feed.close();
      page.close();
      const held = snap.events.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e)), 0);
      console.log(
        `traffic feed: ${snap.events.length} events in ${held} bytes held (cap ${snap.capBytes}), ${snap.dropped.events} dropped (${snap.dropped.bytes} bytes)`,
      );
      expect(snap.capBytes).toBe(8 * 1024);
      expect(held).toBeLessThanOrEqual(8 * 1024);
      expect(snap.dropped.events).toBeGreaterThan(100);
      expect(snap.events[0].seq).toBe(snap.dropped.events + 1);
      const stub = snap.events.find((e) => e.kind === "request" && (e.exchange.request as { omitted?: boolean }).omitted);
      expect(stub && stub.kind === "request" && stub.exchange.request).toMatchObject({ omitted: true, method: "tools/call" });
      await client.close();
    } finally {
      await small.close();
    }
  });

  test("one budget for all sessions: over it, the largest feed gives up its oldest events", () => {
    const budget = new TrafficBudget(10_000);
    const big = new SessionTraffic(8000, budget);
    const quiet = new SessionTraffic(8000, budget);
    const watching = { send: () => undefined, end: () => undefined };
    big.subscribe(watching);
    quiet.subscribe(watching);
    const req = (n: number) => new Request("http://127.0.0.1/mcp/x", { method: "POST", headers: { "mcp-method": `m${n}` } });
    for (let i = 0; i < 60; i++)
      big.begin(req(i), { jsonrpc: "2.0", id: i, method: "tools/list", params: { pad: "p".repeat(100) } })?.answered(new Response(null));
    for (let i = 0; i < 10; i++) quiet.begin(req(i), { jsonrpc: "2.0", id: i, method: "ping" })?.answered(new Response(null));
    expect(budget.used).toBeLessThanOrEqual(10_000);
    expect(budget.used).toBe(big.bytes + quiet.bytes);
    expect(big.bytes).toBeLessThanOrEqual(8000);
    expect(quiet.bytes).toBeGreaterThan(0);
    quiet.close();
    expect(budget.used).toBe(big.bytes);
    big.close();
    expect(budget.used).toBe(0);
  });
});
