// A text/event-stream answer for the JSON API (a room's board, a session's outside traffic): one `data:` line of JSON
// per event, a comment now and then so proxies keep a quiet stream open, and a cap on the streams one instance holds,
// of which one client holds at most its share (so a teacher's board opens while a script holds its whole share).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteAnswer } from "../routes/route";
import { clientOf } from "./request-client";
import { HttpError } from "./respond";

/** How often a quiet stream gets a comment, so proxies keep it open. */
const KEEP_ALIVE_MS = 15_000;

/** LIVE_STREAMS and LIVE_STREAMS_PER_CLIENT: the streams one instance keeps open, and one client's share of them. */
export type StreamLimits = { total: number; perClient: number };

/** The live streams of one playground, counted per client. */
export class LiveStreams {
  private open = 0;
  private byClient = new Map<string, number>();

  constructor(readonly limits: StreamLimits) {}

  /** Takes a slot for `client`, or throws the answer a client at its share (429) or a full server (503) gets. */
  admit(client: string): () => void {
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.limits.perClient)
      throw new HttpError(
        429,
        `Your address holds ${held} live streams, its share on this server (LIVE_STREAMS_PER_CLIENT); close a tab or try again in a minute`,
        { code: "STREAM_SHARE" },
        { "retry-after": "30" },
      );
    if (this.open >= this.limits.total)
      throw new HttpError(503, `This server holds ${this.open} live streams, its limit (LIVE_STREAMS); try again in a minute`, {}, { "retry-after": "30" });
    this.open++;
    this.byClient.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}

/** What a stream's source gets: `send` takes one event's JSON text; `end` closes the stream from the server's side. */
export type StreamSink = { send(json: string): void; end(): void };

/** `subscribe` starts the flow of events (sending any first one at once) and gives back how to stop it. */
export function eventStream(req: IncomingMessage, subscribe: (sink: StreamSink) => Promise<() => void> | (() => void)): RouteAnswer {
  const client = clientOf(req);
  if (!client) throw new Error("eventStream needs the request's client (rememberClient)");
  const release = client.streams.admit(client.key);
  return {
    stream(res: ServerResponse) {
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const keepAlive = setInterval(() => res.write(": still here\n\n"), KEEP_ALIVE_MS);
      let unsubscribe: (() => void) | undefined;
      let closed = false;
      req.socket.setTimeout(0);
      res.on("close", () => {
        closed = true;
        release();
        clearInterval(keepAlive);
        unsubscribe?.();
      });
      const sink: StreamSink = { send: (json) => void (closed || res.write(`data: ${json}\n\n`)), end: () => res.end() };
      Promise.resolve()
        .then(() => subscribe(sink))
        .then(
          (stop) => (closed ? stop() : (unsubscribe = stop)),
          () => res.destroy(),
        );
    },
  };
}
