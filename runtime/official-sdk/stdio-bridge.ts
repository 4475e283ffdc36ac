// The stdio transport an official-SDK project connects to, in place of the SDK's StdioServerTransport: the same
// JSON-RPC messages, one per line on a real stdio pipe, cross the sandbox boundary instead. It implements the SDK's
// own Transport interface, so the SDK's Server/McpServer drive it exactly as they drive stdio.
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Messages the server wrote since the host last looked; serialized at once, as stdio writes them. */
const outbox: Array<{ json: string; related?: string | number }> = [];
let connected: StdioServerTransport | undefined;

export class StdioServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private closed = false;

  // The SDK's constructor takes (stdin, stdout, options); a sandboxed server has exactly one pipe, so they are unused.
  constructor(..._streams: unknown[]) {}

  async start(): Promise<void> {
    if (connected === this) throw new Error("StdioServerTransport already started! If using Server class, note that connect() calls start() automatically.");
    if (connected) throw new Error("This server already connected another StdioServerTransport: a stdio process has one stdin and one stdout");
    connected = this;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error("StdioServerTransport is closed");
    const related = options?.relatedRequestId;
    outbox.push({ json: JSON.stringify(message), ...(related !== undefined && { related }) });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (connected === this) connected = undefined;
    this.onclose?.();
  }

  /** The host wrote a line to this process's stdin. */
  receive(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }
}

export function connectedTransport(): StdioServerTransport | undefined {
  return connected;
}

/** The outbox as a JSON array text; only strings are joined here, no learner value is touched. */
export function takeOutboxJson(): string {
  const entries = outbox.splice(0).map((o) => `{"message":${o.json}${o.related === undefined ? "" : `,"related":${JSON.stringify(o.related)}`}}`);
  return `[${entries.join(",")}]`;
}
