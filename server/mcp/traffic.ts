// A session's outside traffic: every exchange of MCP clients other than the page (Claude Code, the Inspector, an SDK
// script) on /mcp/{id}, for the page's Wire tab. The endpoint reports each HTTP request and its answer; the SDK's own
// transports report the JSON-RPC messages they already parsed and send, so nothing here reads JSON-RPC off the wire.
// It is kept in bytes, not entries (a byte cap per session and one for all sessions): the oldest events go first,
// counted, and a message too large for the cap is kept as a stub.
import { randomBytes } from "node:crypto";
import {
  CLIENT_INFO_META_KEY,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  PROTOCOL_VERSION_META_KEY,
  type JSONRPCMessage,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import type { TrafficBudget } from "./traffic-budget";
import { DEFAULT_OUTSIDE_QUIET_SECONDS } from "../config";
import { realTimedClock, type TimedClock } from "./official/instance";
import { INSTANCE_HEADER, SERVER_INSTANCE_HEADER } from "../../contract/instance-header";
import { isWireHeader, PAGE_CLIENT_HEADER, type OmittedMessage, type TrafficClient, type TrafficEvent, type TrafficExchange } from "../../contract/traffic";

function shownHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => void (isWireHeader(name) && (out[name] = value.slice(0, 300))));
  return out;
}

/** How long a feed keeps recording after its last follower left. */
const LINGER_MS = 60_000;

/** Clients remembered per session; the longest-quiet one that holds no connection is forgotten first. */
const MAX_CLIENTS = 32;

type Stored = { seq: number; text: string; bytes: number };
/** An event before the feed numbers and stamps it. */
type NewEvent = TrafficEvent extends infer E ? (E extends unknown ? Omit<E, "seq" | "at"> : never) : never;
type Subscriber = { send(text: string): void; end(): void };

/** What the endpoint holds for one outside HTTP request while it is served. */
class Exchange {
  opened = false;
  client?: TrafficClient;
  /** Messages the server sent on this exchange (its response, or requests and notifications on its stream). */
  messages = 0;
  ended = false;

  constructor(
    readonly record: Omit<TrafficExchange, "client">,
    readonly sessionHeader: string | null,
  ) {}
}

/** The edge's handle on one request: `answered` gets the response, which it hands back (its body watched, not read). */
export type TrafficRecord = { answered(response: Response): Promise<Response> };

export class SessionTraffic {
  /** Changes when this feed is created again (a session rebuilt elsewhere): the page then starts its numbering over. */
  readonly feed = randomBytes(6).toString("base64url");
  bytes = 0;
  private events: Stored[] = [];
  private head = 0;
  private seq = 0;
  private nextExchange = 1;
  private dropped = { events: 0, bytes: 0 };
  private clients = new Map<string, TrafficClient>();
  private subscribers = new Set<Subscriber>();
  private byRequest = new WeakMap<Request, Exchange>();
  /** 2025-11-25 connections: the open GET stream, where the server's unrelated messages go. */
  private standalone = new Map<string, Exchange>();
  private closed = false;
  private lingerUntil = 0;
  /** Per client key: its exchanges still in flight (an open GET stream among them), and the timer that ends a quiet one. */
  private inFlight = new Map<string, number>();
  private quietTimers = new Map<string, unknown>();

  /** `instance`: this playground instance's name, for the `playground-instance` header the HTTP layer adds later. */
  constructor(
    readonly capBytes: number,
    private budget?: TrafficBudget,
    private instance: () => string | undefined = () => undefined,
    private clock: TimedClock = realTimedClock,
    /** How long a quiet client still shows as connected (OUTSIDE_QUIET_SECONDS). */
    private quietMs = DEFAULT_OUTSIDE_QUIET_SECONDS * 1000,
  ) {
    budget?.join(this);
  }

  /**
   * A request reached the endpoint; the page's own requests are not recorded, nor anything while no page follows the
   * feed (a benchmark's or a script's clients cost nothing). `body` is the JSON handed to the SDK.
   */
  begin(req: Request, body: unknown): TrafficRecord | undefined {
    if (this.closed || req.headers.has(PAGE_CLIENT_HEADER) || !this.watched()) return undefined;
    const exchange = new Exchange(
      {
        id: this.nextExchange++,
        startedAt: this.clock.now(),
        httpMethod: req.method,
        requestHeaders: shownHeaders(req.headers),
        ...(body !== undefined && { request: this.fit(body) }),
      },
      req.headers.get("mcp-session-id"),
    );
    this.byRequest.set(req, exchange);
    if (req.method === "GET" && exchange.sessionHeader) this.standalone.set(`s:${exchange.sessionHeader}`, exchange);
    const started = performance.now();
    return {
      answered: async (response) => {
        const sid = response.headers.get("mcp-session-id") ?? exchange.sessionHeader;
        // A request the SDK answered before dispatch (unknown session, a rejected header) names its client as best it can.
        if (!exchange.client) this.open(exchange, this.clientFor(sid ? `s:${sid}` : "unidentified", sid ? "2025-11-25" : "2026-07-28", {}));
        const instance = response.headers.get(SERVER_INSTANCE_HEADER);
        if (instance && exchange.client) this.touchClient(exchange.client, { instance });
        const served = this.instance();
        this.push({
          kind: "response",
          exchange: exchange.record.id,
          status: response.status,
          responseHeaders: { ...shownHeaders(response.headers), ...(served && { [INSTANCE_HEADER]: served }) },
          durationMs: Math.round(performance.now() - started),
        });
        return this.watchBody(exchange, response);
      },
    };
  }

  /**
   * Taps one SDK transport: what it receives (parsed and validated by the SDK) and what the server sends on it.
   * Call it before `server.connect(transport)` (the SDK's Protocol chains the handlers it finds) or after a bridge
   * set its own `onmessage`. `era` is the transport's: a 2025-11-25 session transport, or a 2026-07-28 per-request one.
   */
  tap(transport: Transport, era: TrafficClient["era"]): void {
    const exchangeOf = new Map<RequestId, Exchange>();
    let connectionClient: TrafficClient | undefined;
    const received = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const exchange = extra?.request && this.byRequest.get(extra.request);
      if (exchange) {
        if (!exchange.client) this.open(exchange, (connectionClient = this.identify(transport, era, message, exchange)));
        if (isJSONRPCRequest(message)) exchangeOf.set(message.id, exchange);
      }
      received?.(message, extra);
    };
    const send = transport.send.bind(transport);
    transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
      this.sent(message, options, exchangeOf, transport.sessionId);
      return send(message, options);
    };
    const closed = transport.onclose;
    transport.onclose = () => {
      if (connectionClient?.connected) this.touchClient(connectionClient, { connected: false });
      if (transport.sessionId) this.standalone.delete(`s:${transport.sessionId}`);
      closed?.();
    };
  }

  private sent(message: JSONRPCMessage, options: TransportSendOptions | undefined, exchangeOf: Map<RequestId, Exchange>, sessionId?: string): void {
    if (this.closed) return;
    let exchange: Exchange | undefined;
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      exchange = message.id === undefined ? undefined : exchangeOf.get(message.id);
      if (exchange) exchangeOf.delete(message.id!);
    } else if (options?.relatedRequestId !== undefined) exchange = exchangeOf.get(options.relatedRequestId);
    else if (sessionId) exchange = this.standalone.get(`s:${sessionId}`);
    // Nothing recorded means the page's own traffic, or a message with no stream to go on (the transport drops it too).
    if (!exchange?.opened) return;
    exchange.messages++;
    if (exchange.client?.era === "2025-11-25" && isJSONRPCResultResponse(message) && exchange.client.protocolVersion === undefined) {
      const negotiated = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof negotiated === "string") this.touchClient(exchange.client, { protocolVersion: negotiated });
    }
    this.push({ kind: "message", exchange: exchange.record.id, message: this.fit(message) });
  }

  /** Who sent this: a 2025-11-25 connection by its MCP session id; a 2026-07-28 client by the identity each request carries. */
  private identify(transport: Transport, era: TrafficClient["era"], message: JSONRPCMessage, exchange: Exchange): TrafficClient {
    if (era === "2025-11-25") {
      const sid = transport.sessionId ?? exchange.sessionHeader ?? undefined;
      const key = sid ? `s:${sid}` : "unidentified";
      if (isInitializeRequest(message)) {
        const { clientInfo, protocolVersion } = message.params;
        return this.clientFor(key, era, {
          name: clientInfo.name,
          version: clientInfo.version,
          protocolVersion,
          ...(sid && { mcpSessionId: sid }),
          connected: true,
        });
      }
      // The SDK passed this through a live session transport: the client holds a connection, even if it went quiet before.
      return this.clientFor(key, era, sid ? { mcpSessionId: sid, connected: true } : {});
    }
    const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
    const info = meta?.[CLIENT_INFO_META_KEY] as { name?: unknown; version?: unknown } | undefined;
    const name = typeof info?.name === "string" ? info.name : undefined;
    const version = typeof info?.version === "string" ? info.version : undefined;
    const requested = meta?.[PROTOCOL_VERSION_META_KEY];
    return this.clientFor(`m:${name ?? "?"}@${version ?? "?"}`, era, {
      ...(name !== undefined && { name }),
      ...(version !== undefined && { version }),
      protocolVersion: typeof requested === "string" ? requested : (exchange.record.requestHeaders["mcp-protocol-version"] ?? era),
    });
  }

  private clientFor(key: string, era: TrafficClient["era"], facts: Partial<TrafficClient>): TrafficClient {
    const known = this.clients.get(key);
    if (known) return this.touchClient(known, facts);
    if (this.clients.size >= MAX_CLIENTS) {
      const quiet = [...this.clients.values()].filter((c) => !c.connected).sort((a, b) => a.lastSeen - b.lastSeen)[0];
      if (quiet) this.clients.delete(quiet.key);
    }
    const now = this.clock.now();
    const client: TrafficClient = { key, era, connected: false, firstSeen: now, lastSeen: now, ...facts };
    this.clients.set(key, client);
    this.push({ kind: "client", client });
    return client;
  }

  /** Updates what is known of a client, and tells the page when something it shows changed. */
  private touchClient(client: TrafficClient, facts: Partial<TrafficClient>, seen = true): TrafficClient {
    const before = JSON.stringify({ ...client, lastSeen: 0 });
    Object.assign(client, facts, seen && { lastSeen: this.clock.now() });
    if (JSON.stringify({ ...client, lastSeen: 0 }) !== before) this.push({ kind: "client", client: { ...client } });
    return client;
  }

  private open(exchange: Exchange, client: TrafficClient): void {
    exchange.client = client;
    if (exchange.opened) return;
    exchange.opened = true;
    this.inFlight.set(client.key, (this.inFlight.get(client.key) ?? 0) + 1);
    this.clock.clearTimeout(this.quietTimers.get(client.key));
    this.quietTimers.delete(client.key);
    this.touchClient(client, {});
    this.push({ kind: "request", exchange: { ...exchange.record, client: client.key } });
  }

  /** Notes when the response ends, without reading it; a JSON body the server wrote itself (an error) is kept too. */
  private async watchBody(exchange: Exchange, response: Response): Promise<Response> {
    const id = exchange.record.id;
    const type = response.headers.get("content-type") ?? "";
    if (!response.body) {
      this.ended(exchange);
      return response;
    }
    if (type.includes("application/json") && exchange.messages === 0) {
      // The SDK answered this itself (no message passed through the transport): its body is one small JSON document.
      const text = await response.text();
      try {
        const parsed = JSON.parse(text) as unknown;
        for (const message of Array.isArray(parsed) ? parsed : [parsed]) this.push({ kind: "message", exchange: id, message: this.fit(message) });
      } catch {
        // Not JSON after all: the exchange shows its status only.
      }
      this.ended(exchange);
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    const reader = response.body.getReader();
    const end = (error?: string) => {
      const key = `s:${exchange.sessionHeader}`;
      if (exchange.sessionHeader && this.standalone.get(key) === exchange) this.standalone.delete(key);
      this.ended(exchange, error);
    };
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            end();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          end((error as Error).message);
          controller.error(error);
        }
      },
      cancel: async (reason) => {
        end("the client closed the stream");
        await reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  /** An exchange's response ended: once a client has nothing left in flight, its quiet time starts. */
  private ended(exchange: Exchange, error?: string): void {
    if (exchange.ended) return;
    exchange.ended = true;
    this.push({ kind: "end", exchange: exchange.record.id, ...(error && { error }) });
    const client = exchange.client;
    if (!client) return;
    const left = (this.inFlight.get(client.key) ?? 1) - 1;
    if (left > 0) return void this.inFlight.set(client.key, left);
    this.inFlight.delete(client.key);
    if (client.connected && !this.closed)
      this.quietTimers.set(
        client.key,
        this.clock.setTimeout(() => this.quiet(client), this.quietMs),
      );
  }

  /** A connected client sent nothing and held no stream for `quietMs`: it shows as gone, its last request's time kept. */
  private quiet(client: TrafficClient): void {
    this.quietTimers.delete(client.key);
    if (this.inFlight.has(client.key) || !client.connected) return;
    this.touchClient(client, { connected: false }, false);
  }

  /** A value small enough for the feed, or a stub that says what it was. */
  private fit(value: unknown): unknown {
    const text = JSON.stringify(value) ?? "null";
    const bytes = Buffer.byteLength(text);
    const limit = Math.max(1024, Math.floor(this.capBytes / 4));
    if (bytes <= limit) return value;
    const message = value as { method?: unknown; id?: unknown };
    const stub: OmittedMessage = {
      omitted: true,
      bytes,
      ...(typeof message?.method === "string" && { method: message.method }),
      ...(message?.id !== undefined && { id: message.id }),
      preview: text.slice(0, 400),
    };
    return stub;
  }

  private push(event: NewEvent): void {
    if (this.closed) return;
    const full = { ...event, seq: ++this.seq, at: this.clock.now() } as TrafficEvent;
    const text = JSON.stringify(full);
    const bytes = Buffer.byteLength(text);
    this.events.push({ seq: full.seq, text, bytes });
    this.bytes += bytes;
    if (this.budget) this.budget.used += bytes;
    while (this.bytes > this.capBytes && this.dropOldest()) {}
    this.budget?.settle();
    for (const subscriber of this.subscribers) subscriber.send(text);
  }

  /** Drops the oldest event, counted; false when there is nothing left to drop. */
  dropOldest(): boolean {
    const oldest = this.events[this.head];
    if (!oldest) return false;
    this.head++;
    this.bytes -= oldest.bytes;
    if (this.budget) this.budget.used -= oldest.bytes;
    this.dropped.events++;
    this.dropped.bytes += oldest.bytes;
    // Compact now and then rather than shifting the array on every drop.
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
    return true;
  }

  /** Someone follows the feed, or did a moment ago (a page reconnecting after a dropped stream loses nothing). */
  private watched(): boolean {
    return this.subscribers.size > 0 || this.clock.now() < this.lingerUntil;
  }

  /** The snapshot first, then every event as it happens, each as the JSON text of one SSE `data:` line. */
  subscribe(subscriber: Subscriber): () => void {
    const events = this.events.slice(this.head).map((e) => e.text);
    subscriber.send(
      `{"kind":"snapshot","feed":${JSON.stringify(this.feed)},"capBytes":${this.capBytes},"dropped":${JSON.stringify(this.dropped)},` +
        `"clients":${JSON.stringify([...this.clients.values()])},"events":[${events.join(",")}]}`,
    );
    if (this.closed) subscriber.end();
    else this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      if (!this.subscribers.size) this.lingerUntil = this.clock.now() + LINGER_MS;
    };
  }

  /** The session ended: its streams end, and its bytes go back to the budget. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.quietTimers.values()) this.clock.clearTimeout(timer);
    this.quietTimers.clear();
    this.budget?.leave(this);
    this.events = [];
    this.head = 0;
    this.bytes = 0;
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
  }
}
