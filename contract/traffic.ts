// The outside-traffic contract: what GET /api/sessions/{id}/traffic streams (server/mcp/traffic.ts writes it,
// src/server-bridge/outside-traffic.ts reads it). "Outside" means every MCP client on the session's URL except the
// page's own: Claude Code, the MCP Inspector, an SDK script.

import { INSTANCE_HEADER, SERVER_INSTANCE_HEADER, SESSION_REBUILT_HEADER } from "./instance-header";

/** Headers the Wire tab shows, of the page's own exchanges and of outside clients' alike (names in lower case). */
export const isWireHeader = (name: string) =>
  name.startsWith("mcp-") ||
  name === "content-type" ||
  name === "accept" ||
  name === "last-event-id" ||
  name === INSTANCE_HEADER ||
  name === SERVER_INSTANCE_HEADER ||
  name === SESSION_REBUILT_HEADER;

/** Sent by the page's own MCP client on every request, so the server leaves the page's traffic out of the feed. */
export const PAGE_CLIENT_HEADER = "playground-page-client";

/** Who is talking: as much as the client's protocol era tells. */
export type TrafficClient = {
  /** Stable within the session: the MCP session id on 2025-11-25, name and version on 2026-07-28. */
  key: string;
  era: "2025-11-25" | "2026-07-28";
  /** From `initialize` (2025-11-25) or each request's `_meta` (2026-07-28), when the client sent it. */
  name?: string;
  version?: string;
  /** The version the client asked for (2025-11-25: in initialize; 2026-07-28: on every request). */
  protocolVersion?: string;
  /** 2025-11-25 only: the `mcp-session-id` the server gave this connection. */
  mcpSessionId?: string;
  /** Official-SDK projects: the `playground-server-instance` header of its last answer (which process served it). */
  instance?: string;
  /** 2025-11-25: the connection is open (initialized, not yet ended). 2026-07-28 clients hold no connection: false. */
  connected: boolean;
  firstSeen: number;
  lastSeen: number;
};

/** One HTTP request of an outside client to /mcp/{id}, as the Wire tab shows the page's own. */
export type TrafficExchange = {
  id: number;
  client: string;
  startedAt: number;
  httpMethod: string;
  requestHeaders: Record<string, string>;
  /** The JSON body the client sent (a message, or a batch). */
  request?: unknown;
};

export type TrafficEvent = { seq: number; at: number } & (
  | { kind: "client"; client: TrafficClient }
  | { kind: "request"; exchange: TrafficExchange }
  | { kind: "response"; exchange: number; status: number; responseHeaders: Record<string, string>; durationMs: number }
  /** A JSON-RPC message the server sent on this exchange: its response, or a request or notification on its stream. */
  | { kind: "message"; exchange: number; message: unknown }
  /** The exchange's response stream ended. */
  | { kind: "end"; exchange: number; error?: string }
);

/** A message too large for the feed's cap stands in for itself with this (the client still got the whole of it). */
export type OmittedMessage = { omitted: true; bytes: number; method?: string; id?: unknown; preview: string };

/** The first event of every stream: what the feed holds now, and what its byte cap has dropped so far. */
export type TrafficSnapshot = {
  kind: "snapshot";
  /** Changes when the server's feed starts over (the session was rebuilt on another instance): numbering starts over too. */
  feed: string;
  clients: TrafficClient[];
  events: TrafficEvent[];
  dropped: { events: number; bytes: number };
  capBytes: number;
};

export type TrafficStreamEvent = TrafficSnapshot | TrafficEvent;
