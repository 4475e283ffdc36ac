// How long the HTTP server gives a connection: to send a request's headers, its whole body, and its next request.
//
// The idle time matters most. Node closes a kept-alive connection 5 s (plus 1 s of slack) after its last response
// by default, and a client that sends its next request on it as it closes gets a reset. Who pays depends on who
// reuses the connection:
// - nginx (deploy/) keeps idle upstream connections 60 s and never resends a POST it has sent: the learner gets a 502.
// - Chromium keeps a used idle socket up to 5 minutes and, on a reset before any response header, resends the
//   request on a new connection; the learner sees nothing.
// - Node's fetch (undici: MCP hosts such as Claude Code and mcp-remote, and bench/) follows the server's
//   `Keep-Alive: timeout` hint less 2 s, checked by a coarse timer: a host whose event loop stalls for a second or
//   two sends on a socket the server has closed, and the request fails (9 to 162 of 400 learners' flows in
//   `bench/workshop.mjs --official --n 400`, each on a socket reused after 4 to 5 s idle).
// Idle connections are therefore kept longer than nginx keeps its own, so the proxy always closes first, and the
// hint tells hint-following clients the same. An idle connection costs a few kilobytes; `close()` ends them all.
import type { Server } from "node:http";

/** Longer than nginx's default upstream `keepalive_timeout` (60 s, set in deploy/nginx/playground.conf). */
export const IDLE_CONNECTION_MS = 61_000;
/** A request's headers must have arrived by then (slow-header clients hold a connection for nothing). */
const HEADERS_MS = 20_000;
/** And its whole body. */
const REQUEST_MS = 60_000;

export function applyConnectionTimeouts(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = HEADERS_MS;
  server.requestTimeout = REQUEST_MS;
}
