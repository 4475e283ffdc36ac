// DNS-rebinding and cross-site protection for /api and /mcp: the Host must be ours, a browser Origin must match it.
import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function hostname(hostHeader: string): string {
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  return hostHeader.split(":")[0].toLowerCase();
}

/**
 * Bound to loopback, only loopback Host names pass (plus ALLOWED_HOSTS). Bound to all interfaces for a room,
 * any Host passes, since the room reaches the machine by an address we cannot know in advance.
 */
export function checkRequestOrigin(req: IncomingMessage, options: { bindHost: string; allowedHosts: string[] }): void {
  const host = req.headers.host;
  if (!host) throw new HttpError(400, "Missing Host header");
  const name = hostname(host);
  const openToRoom = options.bindHost === "0.0.0.0" || options.bindHost === "::";
  if (!openToRoom && !LOOPBACK.has(name) && !options.allowedHosts.includes(name))
    throw new HttpError(403, `Host "${host}" is not allowed; set ALLOWED_HOSTS to serve under another name`);
  const origin = req.headers.origin;
  if (origin === undefined || origin === "null") return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, "Malformed Origin header");
  }
  const sameOrigin = originHost.toLowerCase() === host.toLowerCase();
  const loopbackPeer = LOOPBACK.has(hostname(originHost)) && LOOPBACK.has(name);
  if (!sameOrigin && !loopbackPeer) throw new HttpError(403, `Requests from ${origin} are not allowed`);
}
