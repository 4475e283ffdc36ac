// Who sent a request, as the shares count it: the client's address (TRUST_PROXY aware), set once when the request
// arrives, so a route deep inside (an event stream, a new session) charges the same client the limits do.
import type { IncomingMessage } from "node:http";
import type { LiveStreams } from "./event-stream";

export type RequestClient = {
  /** The address the per-client shares are keyed by. */
  key: string;
  /** The live streams of this playground, counted per client. */
  streams: LiveStreams;
};

const clients = new WeakMap<IncomingMessage, RequestClient>();

export function rememberClient(req: IncomingMessage, client: RequestClient): void {
  clients.set(req, client);
}

export function clientOf(req: IncomingMessage): RequestClient | undefined {
  return clients.get(req);
}
