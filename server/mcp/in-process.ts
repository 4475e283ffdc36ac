// One MCP connection inside this process: the SDK's linked in-memory transports, served by the SDK's own
// connection entry (`serveStdio`, which picks the era from the opening exchange: `server/discover` for
// 2026-07-28, `initialize` for 2025-11-25). The JSON-RPC is the SDK's on both ends; what is skipped is only the
// HTTP framing a test client in the same process has no use for (Request objects, body parsing, SSE).
import { InMemoryTransport, type McpServerFactory, type Transport } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

export type InProcessConnection = { transport: Transport; close(): Promise<void> };

/** Starts serving one connection from `factory`; hand `transport` to an SDK `Client`'s `connect`. */
export function connectInProcess(factory: McpServerFactory, onerror?: (error: Error) => void): InProcessConnection {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(factory, { transport: server, legacy: "serve", ...(onerror && { onerror }) });
  return { transport: client, close: () => served.close() };
}
