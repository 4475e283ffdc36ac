// One learner session's /mcp endpoint: 2026-07-28 requests per request, 2025-11-25 clients in sessions of their own.
import { randomUUID } from "node:crypto";
import {
  createMcpHandler,
  isLegacyRequest,
  ProtocolErrorCode,
  WebStandardStreamableHTTPServerTransport,
  type RequestStateCodec,
} from "@modelcontextprotocol/server";
import { createLearnerServer, type ToolHost } from "./learner-server";
import { watchLegacyIds, type LegacyIds } from "./legacy-ids";
import { ownConsumedStates, type ConsumedStates, type FlowState } from "./request-state";
import type { SessionTraffic } from "./traffic";

export type McpEndpoint = { fetch(req: Request): Promise<Response>; toolsChanged(): void; close(): Promise<void> };

const MAX_LEGACY_SESSIONS = 20;

export type Parsed = { req: Request; parsedBody?: unknown } | { rejected: Response };

/**
 * Reads a POST's JSON body once, so routing (2026 or 2025) and serving share it: the SDK would otherwise clone
 * and parse it twice. A body that is not JSON is handed on as text, for the SDK to answer with its own error.
 */
export async function parseOnce(req: Request, maxBodyBytes: number): Promise<Parsed> {
  if (req.method !== "POST") return { req };
  const text = await req.text();
  if (Buffer.byteLength(text) > maxBodyBytes) return { rejected: jsonRpcError(413, ProtocolErrorCode.InvalidRequest, "The request body is too large") };
  try {
    return { req, parsedBody: JSON.parse(text) };
  } catch {
    return { req: new Request(req.url, { method: req.method, headers: req.headers, body: text }) };
  }
}

/**
 * Transport-level codes that the SDK's own streamable HTTP transport answers with as bare numbers (ProtocolErrorCode
 * has no member for them): -32000 for a request the transport will not take, -32001 for a session it does not hold;
 * SDK 1.x names -32001 `RequestTimeout` too, which is what we answer when a person never answers.
 */
export const TransportErrorCode = { BadRequest: -32000, SessionNotFound: -32001, RequestTimeout: -32001 } as const;

export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** Serves one request, recording it in the session's outside traffic when it is not the page's own. */
export async function served(traffic: SessionTraffic | undefined, req: Request, parsedBody: unknown, serve: () => Promise<Response>): Promise<Response> {
  const record = traffic?.begin(req, parsedBody);
  const response = await serve();
  return record ? record.answered(response) : response;
}

/**
 * `consumed`: where used requestState ids are recorded (shared by all sessions); a store of its own when not given.
 * `traffic`: the session's outside-traffic feed (sessions the page can open have one; a test run's do not).
 */
export function createSessionEndpoint(
  host: ToolHost,
  codec: RequestStateCodec<FlowState>,
  options: { maxBodyBytes: number; onerror?: (e: Error) => void; consumed?: ConsumedStates; traffic?: SessionTraffic },
): McpEndpoint {
  const consumed = options.consumed ?? ownConsumedStates();
  const { traffic } = options;
  const modern = createMcpHandler(() => createLearnerServer(host, "modern", codec, consumed, traffic), {
    legacy: "reject",
    maxRequestBodySize: options.maxBodyBytes,
    onerror: options.onerror,
  });
  const legacy = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; ids: LegacyIds; sendToolListChanged: () => Promise<void> }>();

  async function openLegacy(req: Request, parsedBody: unknown): Promise<Response> {
    if (req.method !== "POST") return jsonRpcError(405, TransportErrorCode.BadRequest, "Method not allowed: start a session with an initialize POST");
    // The oldest connection goes when a learner's page keeps opening new ones.
    if (legacy.size >= MAX_LEGACY_SESSIONS) await legacy.values().next().value!.transport.close();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: options.maxBodyBytes,
      onsessioninitialized: (id) => void legacy.set(id, { transport, ids, sendToolListChanged: () => mcp.server.sendToolListChanged() }),
      onsessionclosed: (id) => void legacy.delete(id),
    });
    transport.onclose = () => void (transport.sessionId && legacy.delete(transport.sessionId));
    const ids = watchLegacyIds(transport);
    const mcp = await createLearnerServer(host, "legacy", codec, consumed, traffic);
    mcp.server.onerror = options.onerror;
    await mcp.connect(transport);
    return transport.handleRequest(req, { parsedBody });
  }

  return {
    async fetch(incoming) {
      const parsed = await parseOnce(incoming, options.maxBodyBytes);
      if ("rejected" in parsed) return parsed.rejected;
      const { req, parsedBody } = parsed;
      return served(traffic, req, parsedBody, async () => {
        if (!(await isLegacyRequest(req, parsedBody))) return modern.fetch(req, { parsedBody });
        const sid = req.headers.get("mcp-session-id");
        if (!sid) return openLegacy(req, parsedBody);
        const open = legacy.get(sid);
        const refused = open?.ids.refusal(parsedBody);
        if (refused) return jsonRpcError(400, ProtocolErrorCode.InvalidRequest, refused);
        return open
          ? open.transport.handleRequest(req, { parsedBody })
          : jsonRpcError(404, TransportErrorCode.SessionNotFound, "Session not found: initialize again");
      });
    },
    toolsChanged() {
      // 2025 sessions get the notification on their own stream; 2026-07-28 clients on their subscriptions/listen streams.
      for (const open of legacy.values()) void open.sendToolListChanged().catch(() => undefined);
      modern.notify.toolsChanged();
    },
    async close() {
      await modern.close();
      await Promise.all([...legacy.values()].map((open) => open.transport.close()));
      legacy.clear();
    },
  };
}
