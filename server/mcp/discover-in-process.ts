// What a session's /mcp answers to `server/discover`, asked in process by the official SDK client through the same
// endpoint code (no socket). POST /api/sessions returns it, so the page's client adopts it (`connect({ prior })`)
// instead of sending the same question before its first call.
import { Client, StreamableHTTPClientTransport, type DiscoverResult } from "@modelcontextprotocol/client";
import { PAGE_CLIENT_HEADER } from "../../contract/traffic";
import type { McpEndpoint } from "./session-endpoint";

const BASE = new URL("http://playground.local/mcp/discover");

/** The endpoint's discover result; undefined when it does not speak 2026-07-28 (a server on the 1.x SDK). */
export async function discoverIn(endpoint: McpEndpoint): Promise<DiscoverResult | undefined> {
  const client = new Client({ name: "elicitation-playground", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const fetch = (url: string | URL | Request, init?: RequestInit) => endpoint.fetch(new Request(url, init));
  try {
    // The page's header: this exchange is the page's own, not an outside client's traffic.
    await client.connect(new StreamableHTTPClientTransport(BASE, { fetch, requestInit: { headers: { [PAGE_CLIENT_HEADER]: "1" } } }));
    return client.getDiscoverResult();
  } catch {
    return undefined;
  } finally {
    await client.close().catch(() => undefined);
  }
}
