// The JSON-RPC ids a 2025-11-25 session has open, both ways. The SDK's HTTP transport takes whatever arrives: a request
// reusing the id of one still in flight would take over that request's response stream, and an answer to a question
// the server no longer waits on (answered already, or withdrawn when its call was cancelled) would be dropped without a
// word. This refuses both with HTTP 400, as the transport section says a server that cannot accept input must.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";

type Id = string | number;

const idOf = (m: unknown): Id | undefined => {
  const id = (m as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
};
const isRequest = (m: unknown) => typeof (m as { method?: unknown }).method === "string" && idOf(m) !== undefined;
const isResponse = (m: unknown) => typeof (m as { method?: unknown }).method !== "string" && ("result" in (m as object) || "error" in (m as object));

export type LegacyIds = {
  /** Why a POST body that reuses an id in flight or answers a question not waiting is refused; undefined to serve it. */
  refusal(body: unknown): string | undefined;
};

/** Watches what `transport` sends (questions asked, withdrawn, requests answered); call before the server connects. */
export function watchLegacyIds(transport: Transport): LegacyIds {
  const inFlight = new Set<Id>();
  const asked = new Set<Id>();
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    const id = idOf(message);
    if (isRequest(message)) asked.add(id!);
    else if (id !== undefined && isResponse(message)) inFlight.delete(id);
    else if ((message as { method?: string }).method === "notifications/cancelled") {
      const withdrawn = (message as { params?: { requestId?: Id } }).params?.requestId;
      if (withdrawn !== undefined) asked.delete(withdrawn);
    }
    return send(message, options);
  };
  return {
    refusal(body) {
      const messages = (Array.isArray(body) ? body : [body]).filter((m): m is object => typeof m === "object" && m !== null);
      for (const m of messages) {
        const id = idOf(m);
        if (isRequest(m) && inFlight.has(id!)) return `Invalid Request: id ${JSON.stringify(id)} is in use by a request still in flight in this session`;
        if (id !== undefined && isResponse(m) && !asked.has(id))
          return `Invalid Request: no request ${JSON.stringify(id)} of this server is waiting for an answer (it was answered already, or withdrawn)`;
      }
      for (const m of messages) {
        const id = idOf(m);
        if (isRequest(m)) inFlight.add(id!);
        else if (id !== undefined && isResponse(m)) asked.delete(id);
      }
      return undefined;
    },
  };
}
