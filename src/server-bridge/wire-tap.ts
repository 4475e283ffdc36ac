// A fetch wrapper handed to the MCP transport: it forwards the request untouched and copies
// the request, the status, the headers and the response body (JSON or SSE) into the wire log.
import { sseDataReader } from "../../contract/sse";
import { wireLog, type WireExchange } from "./wire-log";

function headersToObject(h: HeadersInit | Headers | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(h).forEach((v, k) => (out[k] = v));
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(stream: ReadableStream<Uint8Array>, ex: WireExchange, isSse: boolean, t0: number) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const feedSse = sseDataReader((data) => ex.messages.push(parseJson(data) ?? data));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      ex.responseText += chunk;
      if (isSse) {
        feedSse(chunk);
        wireLog.changed();
      }
    }
    if (!isSse && ex.responseText) {
      const parsed = parseJson(ex.responseText);
      if (parsed !== undefined) ex.messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    }
    ex.state = "done";
  } catch (err) {
    // Closing the client aborts an open SSE stream; that is an ending, not a failure to report loudly.
    ex.state = "done";
    ex.error = (err as Error).name === "AbortError" ? "stream closed by the client" : (err as Error).message;
  }
  ex.completedMs = performance.now() - t0;
  wireLog.changed();
}

const lastStatusByPath = new Map<string, number>();

/** Whether the server's latest answer on this MCP URL was 404: the session it names is gone. */
export function answeredNotFound(mcpUrl: string): boolean {
  return lastStatusByPath.get(new URL(mcpUrl, location.href).pathname) === 404;
}

export const tappedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const requestText = typeof init?.body === "string" ? init.body : undefined;
  const t0 = performance.now();
  const ex = wireLog.record({
    startedAt: Date.now(),
    httpMethod: request.method,
    url: request.url,
    requestHeaders: headersToObject(init?.headers ?? request.headers),
    requestText,
    requestBody: requestText ? parseJson(requestText) : undefined,
    responseHeaders: {},
    responseText: "",
    messages: [],
    state: "pending",
  });
  let res: Response;
  try {
    res = await fetch(input, init);
  } catch (err) {
    ex.state = "failed";
    ex.error = (err as Error).message;
    ex.durationMs = performance.now() - t0;
    wireLog.changed();
    throw err;
  }
  ex.durationMs = performance.now() - t0;
  ex.status = res.status;
  lastStatusByPath.set(new URL(request.url).pathname, res.status);
  ex.responseHeaders = headersToObject(res.headers);
  if (!res.body) {
    ex.state = "done";
    ex.completedMs = ex.durationMs;
    wireLog.changed();
    return res;
  }
  const isSse = (res.headers.get("content-type") ?? "").includes("text/event-stream");
  ex.state = "streaming";
  wireLog.changed();
  const [forLog, forClient] = res.body.tee();
  void readBody(forLog, ex, isSse, t0);
  return new Response(forClient, { status: res.status, statusText: res.statusText, headers: res.headers });
};
