// Which instance of an official-SDK server answered an exchange, from its response header, in the Wire tab's words.
import { SERVER_INSTANCE_HEADER } from "../../../contract/instance-header";
import type { WireExchange } from "../../server-bridge/wire-log";

export type ServerInstance = { number: number; shared: boolean; label: string; explanation: string };

export function serverInstanceOf(exchange: WireExchange): ServerInstance | undefined {
  const m = /^(\d+); role=(connection|modern)$/.exec(exchange.responseHeaders[SERVER_INSTANCE_HEADER] ?? "");
  if (!m) return undefined;
  const number = Number(m[1]);
  if (m[2] === "modern")
    return {
      number,
      shared: true,
      label: `server instance ${number} · shared by 2026-07-28 requests`,
      explanation: "2026-07-28 requests carry no connection, so every one of them goes to this one copy of your server.",
    };
  return {
    number,
    shared: false,
    label: `server instance ${number} · this connection's own`,
    explanation: "A stdio server gets one process per client: this 2025-11-25 connection has its own copy of your server, with its own module state.",
  };
}
