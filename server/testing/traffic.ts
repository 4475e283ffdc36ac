// For traffic tests: reads GET /api/sessions/{id}/traffic as the page does, keeping every event it has seen.
import { sseDataReader } from "../../contract/sse";
import type { TrafficEvent, TrafficSnapshot, TrafficStreamEvent } from "../../contract/traffic";

export type TrafficFollower = {
  status: number;
  snapshot: () => TrafficSnapshot | undefined;
  /** The snapshot's events, then each live one, in order. */
  events: TrafficEvent[];
  /** Polls until `test` holds for what has arrived (the feed is live, so a test waits for it, not for a clock). */
  until<T>(test: (events: TrafficEvent[]) => T | undefined | false, what: string, timeoutMs?: number): Promise<T>;
  close(): void;
};

export async function followTraffic(baseUrl: string, sessionId: string): Promise<TrafficFollower> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/sessions/${sessionId}/traffic`, { headers: { accept: "text/event-stream" }, signal: abort.signal });
  const events: TrafficEvent[] = [];
  let snapshot: TrafficSnapshot | undefined;
  const follower: TrafficFollower = {
    status: res.status,
    snapshot: () => snapshot,
    events,
    async until(test, what, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = test(events);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`The traffic feed never showed ${what}; it has ${JSON.stringify(events).slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => abort.abort(),
  };
  if (!res.ok || !res.body) return follower;
  const feed = sseDataReader((data) => {
    const event = JSON.parse(data) as TrafficStreamEvent;
    if (event.kind === "snapshot") {
      snapshot = event;
      events.push(...event.events);
    } else events.push(event);
  });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        feed(value);
      }
    } catch {
      // Aborted by close().
    }
  })();
  await follower.until(() => snapshot, "its snapshot");
  return follower;
}
