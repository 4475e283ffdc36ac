// One JSON-RPC request as a 2026-07-28 client sends it: the headers the spec asks for, and the `_meta` envelope
// filled in where the message leaves keys out (the message's own keys win, so `clientCapabilities: {}` stays empty).
import { sseDataOf } from "../../contract/sse";

const PROTOCOL_2026 = "2026-07-28";

export function modernRequest(url: string, message: Record<string, unknown>, envelope: { capabilities: unknown; clientName: string }): Request {
  const params = (message.params ?? {}) as Record<string, unknown>;
  const meta = {
    "io.modelcontextprotocol/protocolVersion": PROTOCOL_2026,
    "io.modelcontextprotocol/clientCapabilities": envelope.capabilities,
    "io.modelcontextprotocol/clientInfo": { name: envelope.clientName, version: "1.0.0" },
    ...((params._meta ?? {}) as Record<string, unknown>),
  };
  const name = typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": String(meta["io.modelcontextprotocol/protocolVersion"]),
      "mcp-method": String(message.method ?? ""),
      ...(name !== undefined && { "mcp-name": name }),
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...message, params: { ...params, _meta: meta } }),
  });
}

/** The JSON-RPC message of a response, whether it came as JSON or as the last event of an SSE stream. */
export async function responseMessage(response: Response): Promise<unknown> {
  const text = await response.text();
  const data = response.headers.get("content-type")?.includes("text/event-stream") ? sseDataOf(text).at(-1) : text;
  return JSON.parse(data ?? "null");
}
