// DNS-rebinding and cross-site protection: the Host must be one of ours, a browser Origin must be exactly our origin.
import type { IncomingMessage } from "node:http";
import { hostname as machineName, networkInterfaces } from "node:os";
import { localhostAllowedHostnames, validateHostHeader, validateOriginHeader } from "@modelcontextprotocol/server";
import { HttpError } from "./respond";

/**
 * The Host names this server answers to. Bound to loopback: loopback names plus ALLOWED_HOSTS. Bound to every
 * interface for a room: also the machine's own name and addresses, so a learner typing the printed address gets in
 * while a rebinding name (evil.example pointing at us) does not.
 */
export function allowedHostnames(bindHost: string, allowedHosts: string[]): string[] {
  const names = new Set([...localhostAllowedHostnames(), ...allowedHosts.map((h) => h.toLowerCase())]);
  if (bindHost === "0.0.0.0" || bindHost === "::") {
    const own = machineName().toLowerCase();
    names.add(own);
    names.add(`${own}.local`);
    for (const addresses of Object.values(networkInterfaces()))
      for (const a of addresses ?? []) names.add(a.family === "IPv6" ? `[${a.address.replace(/%.*$/, "")}]` : a.address);
  } else if (!/^(127\.|localhost$|\[?::1\]?$)/.test(bindHost)) names.add(bindHost.includes(":") ? `[${bindHost}]` : bindHost);
  return [...names];
}

/** The request's Host, checked with the SDK's validator; the origin our own URLs (the session's MCP URL) are built on. */
export function checkHost(req: IncomingMessage, allowed: string[]): string {
  // Node keeps the first of several Host headers; a proxy may route by another, so a request with two is refused.
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") hosts++;
  if (hosts > 1) throw new HttpError(400, "The request has more than one Host header");
  // A Host is a name and a port: user info, a path or a query in it would be read away by the URL parser.
  if (/[@/?#\\]/.test(req.headers.host ?? "")) throw new HttpError(400, "The Host header must be a host name and an optional port");
  const result = validateHostHeader(req.headers.host, allowed);
  if (!result.ok)
    throw new HttpError(
      result.errorCode === "invalid_host" ? 403 : 400,
      result.errorCode === "invalid_host" ? `Host "${result.hostname}" is not allowed; a teacher can add it to ALLOWED_HOSTS` : result.message,
    );
  return `http://${req.headers.host!.toLowerCase()}`;
}

/**
 * A browser's Origin must be our own origin, port included: the SDK's validator refuses `null` and unparsable
 * values, and it is port-agnostic, so another local page (http://localhost:9999) is refused by the comparison after it.
 */
export function checkOrigin(req: IncomingMessage, ownOrigin: string): void {
  const origin = req.headers.origin;
  const result = validateOriginHeader(origin, [new URL(ownOrigin).hostname]);
  if (!result.ok) throw new HttpError(403, `Requests from ${origin === "null" ? "an opaque (null) origin" : JSON.stringify(origin)} are not allowed`);
  if (origin && new URL(origin).origin !== new URL(ownOrigin).origin) throw new HttpError(403, `Requests from ${origin} are not allowed`);
}

/**
 * Behind a proxy that ends TLS (TRUST_PROXY), the browser's origin is https while the request reaching us is http:
 * take the scheme the proxy forwards, so the Origin check and the session's MCP URL use the page's real origin.
 */
export function proxiedOrigin(req: IncomingMessage, origin: string, trustProxy: boolean): string {
  if (!trustProxy) return origin;
  const proto = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    .trim()
    .toLowerCase();
  return proto === "https" ? origin.replace(/^http:/, "https:") : origin;
}
