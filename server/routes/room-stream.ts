// A room's live event stream (the board, the projector, a learner's page) as the room routes answer it.
import type { IncomingMessage } from "node:http";
import { eventStream, type StreamSink } from "../http/event-stream";
import type { RouteAnswer } from "./route";

/** A live stream: `first` at once, then whatever the room publishes, until the client goes away or the room closes it. */
export function roomStream(
  req: IncomingMessage,
  subscribe: (send: (payload: unknown) => void, sink: StreamSink) => Promise<() => void>,
  first: unknown,
): RouteAnswer {
  return eventStream(req, (sink) => {
    sink.send(JSON.stringify(first));
    return subscribe((payload) => sink.send(JSON.stringify(payload)), sink);
  });
}
