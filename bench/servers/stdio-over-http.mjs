// For the bare baseline only: stands in for SDK 1.x's StdioServerTransport so an unchanged stdio server file serves
// one client over the SDK's own Streamable HTTP transport on the host (no sandbox, no playground).
import { randomUUID } from "node:crypto";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

export class StdioServerTransport extends StreamableHTTPServerTransport {
  constructor() {
    super({ sessionIdGenerator: () => randomUUID() });
    globalThis.__benchTransport = this;
  }
}
