// ANY /mcp/{id}: hands the request to that session's MCP endpoint through the SDK's Node adapter.
import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { SESSION_REBUILT_HEADER } from "../../contract/instance-header";
import { TransportErrorCode } from "../mcp/session-endpoint";
import type { SessionRegistry } from "../session/registry";
import { servedSteps } from "../session/served-steps";

function notFound(): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: TransportErrorCode.SessionNotFound, message: "Unknown or expired playground session" } }),
    {
      status: 404,
      headers: { "content-type": "application/json" },
    },
  );
}

/**
 * The request at the origin the browser used: the SDK's Node adapter always builds http://{Host}, and behind a proxy
 * that ends TLS (TRUST_PROXY) the playground's origin is the forwarded one (`proxiedOrigin`). A tool's outside page
 * links are made from this URL, so they must carry the origin the person can open.
 */
async function atOrigin(req: Request, origin: string): Promise<Request> {
  const url = new URL(req.url);
  if (url.origin === origin) return req;
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.text();
  return new Request(new URL(url.pathname + url.search, origin), { method: req.method, headers: req.headers, body, signal: req.signal });
}

/** `origin`: the playground's own origin as this request reached it (`proxiedOrigin`). */
export function mcpHandler(registry: SessionRegistry): (req: IncomingMessage, res: ServerResponse, origin: string) => Promise<void> {
  const serve = async (req: Request) => {
    const id = /^\/mcp\/([^/?]+)/.exec(new URL(req.url).pathname)?.[1] ?? "";
    const found = await registry.resolve(id);
    const endpoint = found?.session.mcpEndpoint;
    if (!endpoint) return notFound();
    // Served and read for the lesson steps it shows (a call made, a form answered): the tick's own evidence.
    const res = await servedSteps(found.session).observe(req, (r) => endpoint.fetch(r));
    // This instance had to rebuild the session (its instance died or the id moved): the Wire tab says so.
    if (found.rebuilt) res.headers.set(SESSION_REBUILT_HEADER, "1");
    return res;
  };
  return async (req, res, origin) => {
    await toNodeHandler({ fetch: async (r: Request) => serve(await atOrigin(r, origin)) })(req, res);
  };
}
