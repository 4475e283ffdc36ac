// A 2025-11-25 client that vanishes without ending its session (no DELETE): the Wire feed stops calling it connected
// OUTSIDE_QUIET_SECONDS after its last request or stream ended, on the server's clock (a manual one here), and its next
// request shows it connected again.
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TrafficClient, TrafficEvent } from "../../contract/traffic";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { createSession, startTestPlayground } from "../testing/harness";
import { ManualClock } from "../testing/manual-clock";
import { followTraffic } from "../testing/traffic";
import { DEFAULT_OUTSIDE_QUIET_SECONDS } from "../config";

const QUIET_MS = DEFAULT_OUTSIDE_QUIET_SECONDS * 1000;

let pg: Playground;
const clock = new ManualClock(Date.now());
beforeAll(async () => {
  pg = await startTestPlayground();
  pg.registry.trafficClock = clock;
});
afterAll(() => pg?.close());

const lastClient = (events: TrafficEvent[], key: string) =>
  events.flatMap((e) => (e.kind === "client" && e.client.key === key ? [e.client] : [])).at(-1) as TrafficClient | undefined;
const inFlight = (events: TrafficEvent[]) => {
  const open = new Set<number>();
  for (const e of events) if (e.kind === "request") open.add(e.exchange.id);
  for (const e of events) if (e.kind === "end") open.delete(e.exchange);
  return open.size;
};

test("a client that went away without a DELETE stops showing as connected after its quiet time, and comes back on its next request", async () => {
  const files = { ...(await getLesson("02-asking-with-elicit"))!.files };
  const s = await createSession(pg, files);
  const feed = await followTraffic(pg.url, s.id);
  try {
    const client = new ClientV1({ name: "vanishing-client", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));
    const transport = new TransportV1(new URL(s.mcpUrl));
    await client.connect(transport);
    await client.listTools();
    const sid = transport.sessionId!;
    const key = `s:${sid}`;
    await feed.until((ev) => ev.some((e) => e.kind === "request" && e.exchange.httpMethod === "GET"), "its GET stream");
    expect(lastClient(feed.events, key)?.connected).toBe(true);

    // Its open GET stream keeps it connected however long it is quiet.
    clock.advance(QUIET_MS * 3);
    expect(lastClient(feed.events, key)?.connected).toBe(true);

    // Closing the transport drops the stream but sends no DELETE: the session lives on the server.
    await client.close();
    // The server sees the dropped GET stream end only about 15 s later, even on a quiet machine: wait well past that.
    await feed.until((ev) => inFlight(ev) === 0, "every exchange ended", 60_000);
    clock.advance(QUIET_MS - 1);
    expect(lastClient(feed.events, key)?.connected).toBe(true);
    clock.advance(1);
    const gone = await feed.until((ev) => lastClient(ev, key)?.connected === false && lastClient(ev, key), "the client shown as gone");
    expect(gone.name).toBe("vanishing-client");

    // The same session sends again (a ping on its session id): connected once more.
    const ping = await fetch(s.mcpUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sid,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "ping" }),
    });
    expect(ping.status).toBe(200);
    await ping.text();
    await feed.until((ev) => lastClient(ev, key)?.connected === true && lastClient(ev, key) !== gone, "the client connected again");
  } finally {
    feed.close();
  }
}, 90_000);
