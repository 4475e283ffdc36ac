// How long the HTTP server gives a connection (to send a request's headers, its whole body, and its next request),
// and what a connection gets when Node gives up on it.
//
// The idle time matters most. Node closes a kept-alive connection 5 s (plus 1 s of slack) after its last response
// by default, and a client that sends its next request on it as it closes gets a reset. Who pays depends on who
// reuses the connection:
// - nginx (deploy/) keeps idle upstream connections 60 s and never resends a POST it has sent: the learner gets a 502.
// - Chromium keeps a used idle socket up to 5 minutes and, on a reset before any response header, resends the
//   request on a new connection; the learner sees nothing.
// - Node's fetch (undici: MCP hosts such as Claude Code and mcp-remote, and bench/) follows the server's
//   `Keep-Alive: timeout` hint less 2 s, checked by a coarse timer: a host whose event loop stalls for a second or
//   two sends on a socket the server has closed, and the request fails (`bench/workshop.mjs --official --n 400`
//   lost learners' flows this way, each on a socket reused after the hint had run out).
// Idle connections are therefore kept longer than nginx keeps its own, so the proxy always closes first, and the
// hint tells hint-following clients the same. An idle connection costs a few kilobytes; `close()` ends them all.
//
// The headers and request limits are checked by a sweep of Node's (every 30 s, in the timers phase of the event
// loop), and a new connection's headers are timed from when it was accepted. Two things follow:
// - A client may open a connection and never send on it: undici does in a busy room (some connections of an
//   official-SDK room never carry a byte), and Chromium preconnects. The sweep closes them after 20 to 50 s;
//   there was no request, so nothing is answered (it was a made-up "400 Bad Request").
// - The sweep runs before the same turn of the loop reads the sockets: a request the client sent to a server too busy
//   to read it yet would be killed unread. So a connection is looked at again once that turn has read it, and a
//   request that arrived meanwhile is served.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Longer than nginx's default upstream `keepalive_timeout` (60 s, set in deploy/nginx/playground.conf). */
export const IDLE_CONNECTION_MS = 61_000;

export type ConnectionLimits = {
  /** A request's headers must have arrived by then (slow-header clients hold a connection for nothing). */
  headersMs: number;
  /** And its whole body. */
  requestMs: number;
};
const LIMITS: ConnectionLimits = { headersMs: 20_000, requestMs: 60_000 };

const TIMED_OUT = "HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n";
const BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n";

export function applyConnectionTimeouts(server: Server, limits: ConnectionLimits = LIMITS): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;

  // Each connection's responses not finished yet (more than one when requests are pipelined).
  const unfinished = new WeakMap<Socket, Set<ServerResponse>>();
  /** Answers `head` unless a response is already under way on the connection (`head` would land inside it), then closes it. */
  const refuse = (socket: Socket, head: string): void => {
    const underWay = [...(unfinished.get(socket) ?? [])].some((res) => res.headersSent);
    if (socket.writable && !socket.writableEnded && !underWay) socket.end(head);
    else socket.destroy();
  };

  // Connections the sweep gave up on, until the same turn of the loop has read them.
  const lookingAgain = new WeakSet<Socket>();
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    let responses = unfinished.get(req.socket);
    if (!responses) unfinished.set(req.socket, (responses = new Set()));
    responses.add(res);
    // "close" comes after "finish", and also for a response the client aborted.
    res.once("close", () => responses.delete(res));
    if (!lookingAgain.delete(req.socket)) return;
    // Its request came in after all. The sweep no longer times this one, so its body gets the limit here.
    const timer = setTimeout(() => refuse(req.socket, TIMED_OUT), limits.requestMs);
    req.once("end", () => clearTimeout(timer));
    req.socket.once("close", () => clearTimeout(timer));
  });

  // Requests Node cannot parse (bad request line, header syntax) get a plain 400 and no log line.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== "ERR_HTTP_REQUEST_TIMEOUT") return refuse(socket, BAD_REQUEST);
    lookingAgain.add(socket);
    // Checks run after the poll phase, in which this turn reads every socket that has data.
    setImmediate(() => {
      if (!lookingAgain.delete(socket) || socket.destroyed) return;
      if (socket.bytesRead === 0) socket.destroy();
      else refuse(socket, TIMED_OUT);
    });
  });
}
