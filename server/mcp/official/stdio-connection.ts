// A 2025-11-25 connection to an official-SDK project inside this process, for the test fixture: what a stdio client
// has with the process it launched. The client's messages go to a fresh instance's stdin and everything the instance
// writes comes back, through the SDK's linked in-memory transports; the JSON-RPC is the SDK's on both ends (the real
// SDK in the sandbox, the official client on the host), and only the HTTP framing of /mcp is skipped (Request
// objects, SSE streams, which a client in the same process has no use for). 2026-07-28 requests share one instance
// across clients, so they keep the /mcp endpoint.
import {
  InMemoryTransport,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  ProtocolErrorCode,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/server";
import type { InProcessConnection } from "../in-process";
import { pendingOf, stoppedAnswer, type InstanceSource, type Pending } from "./endpoint";
import type { OfficialInstance } from "./instance";

/** Starts a fresh instance for one client; hand `transport` to an SDK `Client`'s `connect`. `onClosed` runs once it ends. */
export function connectStdio(source: InstanceSource, onClosed: () => void): InProcessConnection {
  const [client, server] = InMemoryTransport.createLinkedPair();
  /** Client requests the instance has not answered yet: a step the sandbox stopped is answered for it. */
  const open = new Map<RequestId, Pending>();
  /** Questions the server asked, by id, with the call it asked them in: a step the answer starts belongs to that call. */
  const asked = new Map<RequestId, RequestId | undefined>();
  let closed = false;
  const send = (message: JSONRPCMessage) => void server.send(message).catch(() => undefined);
  const started: Promise<OfficialInstance<RequestId> | undefined> = source.open<RequestId>("connection").then(
    (instance) => {
      instance.onOutput = (message, related, cause) => {
        if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined) open.delete(message.id);
        if (isJSONRPCRequest(message)) asked.set(message.id, related ?? cause);
        send(message);
      };
      instance.onStopped = (cause, text, code) => {
        if (cause === undefined || !open.has(cause)) return;
        send(stoppedAnswer(cause, open.get(cause), text, code));
        open.delete(cause);
      };
      instance.onExit = () => void close();
      if (closed) void instance.close();
      return instance;
    },
    (error: Error) => {
      // The server did not start: every request the client sent is answered with why, as a launcher reports it.
      for (const id of open.keys()) send({ jsonrpc: "2.0", id, error: { code: ProtocolErrorCode.InternalError, message: error.message } });
      open.clear();
      return undefined;
    },
  );
  server.onmessage = (message) => {
    let cause: RequestId | undefined;
    if (isJSONRPCRequest(message)) {
      open.set(message.id, pendingOf(message));
      cause = message.id;
    } else if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id !== undefined) {
      cause = asked.get(message.id);
      asked.delete(message.id);
    }
    void started.then((instance) => instance?.deliver(message, cause));
  };
  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    onClosed();
    await server.close().catch(() => undefined);
    await (await started)?.close();
  }
  server.onclose = () => void close();
  void server.start();
  return { transport: client, close };
}
