// Following one of the server's event streams from the page (a room's board, a session's outside traffic): read with
// fetch, so a key can travel as a header (EventSource cannot send one, and a key in a URL ends up in logs), framed
// by the shared reader (contract/sse.ts), and reconnected with a backoff after a dropped connection.
import { sseDataReader } from "../../contract/sse";

export type StreamState = "live" | "reconnecting" | "refused";

/**
 * Reads `url` until `signal` aborts; `onData` gets each event's data. A dropped connection, a 5xx or a 429 is tried
 * again after 0.5 s, doubling up to 8 s; any other 4xx stops it as `refused` with its status (the key or the
 * session is not valid there, and asking again will not change that).
 */
export async function followEventStream(
  url: string,
  headers: Record<string, string>,
  onData: (data: string) => void,
  onState: (state: StreamState, status?: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let delay = 500;
  while (!signal.aborted) {
    try {
      // Said to be an event stream, so a draining server (SIGTERM) does not wait for it to end.
      const res = await fetch(url, { headers: { ...headers, accept: "text/event-stream" }, signal });
      if (res.status >= 400 && res.status < 500 && res.status !== 429) return onState("refused", res.status);
      if (!res.ok || !res.body) throw new Error(String(res.status));
      onState("live");
      delay = 500;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const feed = sseDataReader(onData);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(value);
      }
    } catch {
      if (signal.aborted) return;
    }
    onState("reconnecting");
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 8000);
  }
}
