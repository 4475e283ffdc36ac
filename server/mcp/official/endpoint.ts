// /mcp/{id} for an official-SDK project. The project is a stdio server, and the playground bridges HTTP to it as a
// client's launcher would: each 2025-11-25 connection gets its own process (instance), and 2026-07-28 requests, which
// carry no connection, all go to one shared instance. The HTTP side is the SDK's own transports; the JSON-RPC comes
// from the real SDK inside the sandbox, unchanged except that shared-instance request ids are made unique.
import { randomUUID } from "node:crypto";
import {
  classifyInboundRequest,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  isLegacyRequest,
  PerRequestHTTPServerTransport,
  ProtocolErrorCode,
  WebStandardStreamableHTTPServerTransport,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/server";
import { SERVER_INSTANCE_HEADER } from "../../../contract/instance-header";
import { toolError, type ToolErrorCode } from "../../../contract/tool-errors";
import type { McpEndpoint } from "../session-endpoint";
import { jsonRpcError, parseOnce, served, TransportErrorCode } from "../session-endpoint";
import type { OutsideFlows } from "../../outside/outside-flows";
import type { SessionTraffic } from "../traffic";
import type { Clock, OfficialInstance } from "./instance";

/** What the endpoint needs from the project: a fresh instance on demand, numbered in the order they start. */
export type InstanceSource = {
  open<C>(role: "connection" | "modern"): Promise<OfficialInstance<C>>;
  readonly clock: Clock;
  /** The session's pretend outside pages, which its tools may open (`@playground/outside`). */
  readonly outside?: OutsideFlows;
};

/** How long a question the server asked may wait for its answer before the bridge gives up on it. */
export const ANSWER_WAIT_MS = 10 * 60_000;
const MAX_CONNECTIONS = 8;

export type Pending = { method: string; tool?: string };

/** What the bridge answers for a request whose step the sandbox stopped: the server itself never will. */
export function stoppedAnswer(id: RequestId, pending: Pending | undefined, text: string, code: ToolErrorCode): JSONRPCMessage {
  if (pending?.method === "tools/call") return { jsonrpc: "2.0", id, result: toolError(`Tool "${pending.tool}" failed: ${text}`, code) } as JSONRPCMessage;
  return { jsonrpc: "2.0", id, error: { code: ProtocolErrorCode.InternalError, message: text } };
}

export function pendingOf(message: { method: string; params?: Record<string, unknown> }): Pending {
  return { method: message.method, ...(typeof message.params?.name === "string" && { tool: message.params.name }) };
}

function withInstanceHeader(response: Response, instance: { number: number; role: string }): Response {
  const headers = new Headers(response.headers);
  headers.set(SERVER_INSTANCE_HEADER, `${instance.number}; role=${instance.role}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A 2025-11-25 connection: the SDK's sessionful HTTP transport on one side, one instance's stdio on the other. */
class Connection {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Client requests the server has not answered yet. */
  private open = new Map<RequestId, Pending>();
  /** Questions the server asked (elicitation/create...), by id, with the call whose stream carried them. */
  private asked = new Map<RequestId, { stream?: RequestId; timer: unknown }>();

  constructor(
    readonly instance: OfficialInstance<RequestId>,
    maxBodyBytes: number,
    private clock: Clock,
    private onClosed: (c: Connection) => void,
    traffic?: SessionTraffic,
  ) {
    this.transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), maxRequestBodySize: maxBodyBytes });
    this.transport.onmessage = (message) => this.fromClient(message);
    this.transport.onclose = () => void this.close();
    traffic?.tap(this.transport, "2025-11-25");
    instance.onOutput = (message, related, cause) => this.fromServer(message, related, cause);
    instance.onStopped = (cause, text, code) => {
      if (cause === undefined || !this.open.has(cause)) return;
      void this.transport.send(stoppedAnswer(cause, this.open.get(cause), text, code));
      this.open.delete(cause);
    };
    instance.onExit = () => void this.close();
  }

  private fromClient(message: JSONRPCMessage): void {
    let cause: RequestId | undefined;
    if (isJSONRPCRequest(message)) {
      this.open.set(message.id, pendingOf(message));
      cause = message.id;
    } else if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const asked = message.id === undefined ? undefined : this.asked.get(message.id);
      if (asked) {
        this.clock.clearTimeout(asked.timer);
        this.asked.delete(message.id!);
        cause = asked.stream;
      }
    }
    void this.instance.deliver(message, cause);
  }

  private fromServer(message: JSONRPCMessage, related: RequestId | undefined, cause: RequestId | undefined): void {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      if (message.id !== undefined) this.open.delete(message.id);
      void this.transport.send(message).catch(() => undefined);
      return;
    }
    // stdio has one stream; over HTTP a message the server sent while serving a call belongs on that call's stream.
    const candidate = related ?? cause;
    const stream = candidate !== undefined && this.open.has(candidate) ? candidate : undefined;
    if (isJSONRPCRequest(message)) {
      const id = message.id;
      const timer = this.clock.setTimeout(() => {
        this.asked.delete(id);
        void this.instance.deliver(
          { jsonrpc: "2.0", id, error: { code: TransportErrorCode.RequestTimeout, message: `No answer came within ${ANSWER_WAIT_MS / 60_000} minutes` } },
          stream,
        );
      }, ANSWER_WAIT_MS);
      this.asked.set(id, { stream, timer });
    }
    void this.transport.send(message, stream === undefined ? undefined : { relatedRequestId: stream }).catch(() => undefined);
  }

  async handle(req: Request, parsedBody: unknown): Promise<Response> {
    return withInstanceHeader(await this.transport.handleRequest(req, { parsedBody }), this.instance);
  }

  private closing = false;
  get closed(): boolean {
    return this.closing;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const { timer } of this.asked.values()) this.clock.clearTimeout(timer);
    this.asked.clear();
    this.onClosed(this);
    await this.transport.close().catch(() => undefined);
    await this.instance.close();
  }
}

type ModernRoute = { transport: PerRequestHTTPServerTransport; id: RequestId; pending: Pending };

/** 2026-07-28 requests: one SDK per-request HTTP transport each, all served by the one shared instance. */
class ModernRequests {
  private routes = new Map<number, ModernRoute>();
  private nextId = 1;
  private instance?: Promise<OfficialInstance<number>>;

  constructor(
    private source: InstanceSource,
    private traffic?: SessionTraffic,
  ) {}

  /** `origin`: where the request that starts the shared instance reached the playground (its pages' links). */
  private shared(origin: string): Promise<OfficialInstance<number>> {
    this.instance ??= this.source.open<number>("modern").then((instance) => {
      if (this.source.outside) instance.pages = { flows: this.source.outside, origin };
      instance.onOutput = (message, related, cause) => this.fromServer(message, related, cause);
      instance.onStopped = (cause, text, code) => {
        const route = cause === undefined ? undefined : this.routes.get(cause);
        if (!route) return;
        this.routes.delete(cause!);
        void route.transport.send(stoppedAnswer(route.id, route.pending, text, code));
      };
      instance.onExit = () => {
        this.instance = undefined;
        for (const route of this.routes.values()) void route.transport.close();
        this.routes.clear();
      };
      return instance;
    });
    this.instance.catch(() => (this.instance = undefined));
    return this.instance;
  }

  private fromServer(message: JSONRPCMessage, related: RequestId | undefined, cause: number | undefined): void {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const route = typeof message.id === "number" ? this.routes.get(message.id) : undefined;
      if (!route) return;
      this.routes.delete(message.id as number);
      void route.transport.send({ ...message, id: route.id });
      return;
    }
    const key = typeof related === "number" ? related : cause;
    const route = key === undefined ? undefined : this.routes.get(key);
    // No connection exists for anything else the server says unasked: over 2026-07-28 it has nowhere to go.
    if (route) void route.transport.send(message, { relatedRequestId: route.id });
  }

  async handle(req: Request, parsedBody: unknown): Promise<Response> {
    const out = classifyInboundRequest({
      httpMethod: req.method,
      protocolVersionHeader: req.headers.get("mcp-protocol-version") ?? undefined,
      mcpMethodHeader: req.headers.get("mcp-method") ?? undefined,
      mcpNameHeader: req.headers.get("mcp-name") ?? undefined,
      body: parsedBody,
    });
    if (out.kind === "reject") {
      const id = (parsedBody as { id?: RequestId } | undefined)?.id ?? null;
      return Response.json(
        { jsonrpc: "2.0", id, error: { code: out.code, message: out.message, ...(out.data !== undefined && { data: out.data }) } },
        { status: out.httpStatus },
      );
    }
    if (out.kind === "legacy") return jsonRpcError(400, ProtocolErrorCode.InvalidRequest, "This request belongs to a 2025-11-25 session");
    const instance = await this.shared(new URL(req.url).origin);
    const transport = new PerRequestHTTPServerTransport({ classification: out.classification, responseMode: "auto" });
    await transport.start();
    transport.onmessage = (message) => {
      if (isJSONRPCRequest(message)) {
        const hostId = this.nextId++;
        this.routes.set(hostId, { transport, id: message.id, pending: pendingOf(message) });
        transport.onclose = () => this.routes.delete(hostId);
        void instance.deliver({ ...message, id: hostId }, hostId);
      } else if (isJSONRPCNotification(message)) void instance.deliver(message, undefined);
    };
    this.traffic?.tap(transport, "2026-07-28");
    return withInstanceHeader(await transport.handleMessage(out.message, { request: req }), instance);
  }

  async close(): Promise<void> {
    const instance = await this.instance?.catch(() => undefined);
    this.instance = undefined;
    await instance?.close();
  }
}

export function createOfficialEndpoint(
  source: InstanceSource,
  options: { maxBodyBytes: number; traffic?: SessionTraffic },
): McpEndpoint & { closeInstances(): Promise<void> } {
  const { traffic } = options;
  const connections = new Map<string, Connection>();
  const starting = new Set<Connection>();
  /** Slots taken: connections open, starting, or whose instance is still being opened. */
  let reserved = 0;
  let modern = new ModernRequests(source, traffic);

  async function openConnection(req: Request, parsedBody: unknown): Promise<Response> {
    if (req.method !== "POST") return jsonRpcError(405, TransportErrorCode.BadRequest, "Method not allowed: start a session with an initialize POST");
    // The slot is taken before anything is awaited, so concurrent initializes all see each other and at most
    // MAX_CONNECTIONS instances ever live. A page that keeps reconnecting gives up its oldest open connection;
    // when every slot is still starting, the newcomer is told to wait (the limit, not the server, is full).
    if (reserved >= MAX_CONNECTIONS) {
      const oldest = connections.values().next().value;
      if (!oldest)
        return jsonRpcError(
          503,
          TransportErrorCode.BadRequest,
          `This session already has ${MAX_CONNECTIONS} connections starting (the limit per session); try again in a second`,
          { "retry-after": "1" },
        );
      void oldest.close(); // gives its slot back at once (see release)
    }
    reserved++;
    let connection: Connection | undefined;
    try {
      const instance = await source.open<RequestId>("connection");
      if (source.outside) instance.pages = { flows: source.outside, origin: new URL(req.url).origin };
      connection = new Connection(instance, options.maxBodyBytes, source.clock, (c) => release(c), traffic);
      starting.add(connection);
      const response = await connection.handle(req, parsedBody);
      starting.delete(connection);
      if (connection.transport.sessionId && !connection.closed) connections.set(connection.transport.sessionId, connection);
      else await connection.close();
      return response;
    } catch (error) {
      if (connection) await connection.close();
      else reserved--;
      throw error;
    }
  }

  /** A connection that closed gives its slot back, once. */
  function release(c: Connection): void {
    starting.delete(c);
    const sid = c.transport.sessionId;
    if (sid && connections.get(sid) === c) connections.delete(sid);
    reserved--;
  }

  async function closeInstances(): Promise<void> {
    const all = [...connections.values(), ...starting];
    connections.clear();
    starting.clear();
    const old = modern;
    modern = new ModernRequests(source, traffic);
    await Promise.all([...all.map((c) => c.close()), old.close()]);
  }

  return {
    async fetch(incoming) {
      const parsed = await parseOnce(incoming, options.maxBodyBytes);
      if ("rejected" in parsed) return parsed.rejected;
      const { req, parsedBody } = parsed;
      return served(traffic, req, parsedBody, async () => {
        if (!(await isLegacyRequest(req, parsedBody))) return modern.handle(req, parsedBody);
        const sid = req.headers.get("mcp-session-id");
        if (!sid) return openConnection(req, parsedBody);
        const open = connections.get(sid);
        return open ? open.handle(req, parsedBody) : jsonRpcError(404, TransportErrorCode.SessionNotFound, "Session not found: initialize again");
      });
    },
    // A changed project is a restarted server: its processes end, and clients connect again.
    toolsChanged() {
      void closeInstances();
    },
    closeInstances,
    close: closeInstances,
  };
}
