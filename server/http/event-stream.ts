// A text/event-stream answer for the JSON API (a room's board, a session's outside traffic): one `data:` line of JSON
// per event, a comment now and then so proxies keep a quiet stream open, and a cap on the streams one instance holds.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteAnswer } from "../routes/route";
import { HttpError } from "./respond";

/** Live streams (teachers' boards, learners' pages, Wire tabs) one instance keeps open at most. */
const MAX_STREAMS = 2000;
/** How often a quiet stream gets a comment, so proxies keep it open. */
const KEEP_ALIVE_MS = 15_000;
let open = 0;

/** What a stream's source gets: `send` takes one event's JSON text; `end` closes the stream from the server's side. */
export type StreamSink = { send(json: string): void; end(): void };

/** `subscribe` starts the flow of events (sending any first one at once) and gives back how to stop it. */
export function eventStream(req: IncomingMessage, subscribe: (sink: StreamSink) => Promise<() => void> | (() => void)): RouteAnswer {
  if (open >= MAX_STREAMS) throw new HttpError(503, "Too many live streams on this server; reload in a minute");
  return {
    stream(res: ServerResponse) {
      open++;
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
        open--;
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
