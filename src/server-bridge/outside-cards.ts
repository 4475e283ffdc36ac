// Which Wire tab card an outside client's exchange belongs in, carded as the page's own calls are: a tools/call with
// its rounds and the answers to what the server pushed on its stream in one card; what the client sends between
// calls (initialize, tools/list, its GET stream) in one card per stretch. Pure, so the rule is unit-tested.
import type { TrafficExchange } from "../../contract/traffic";
import type { WireGroup } from "./wire-log";

export type CardChoice = { join: WireGroup; label?: string } | { start: string; kind: "call" | "other" };

type Rpc = { id?: unknown; method?: string; params?: Record<string, unknown> };
const asRpc = (v: unknown): Rpc | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Rpc) : undefined);

/** `groups`: every card on the tab, oldest first; `latest`: this client's newest card, if it is still there. */
export function outsideCard(x: TrafficExchange, groups: readonly WireGroup[], latest: WireGroup | undefined): CardChoice {
  const rpc = asRpc(x.request);
  if (rpc?.method === "tools/call") {
    const label = `tools/call ${String(rpc.params?.name ?? "")}`;
    // A 2026-07-28 retry carries the answers and the state of the round before: the same call, its next round.
    const retry = rpc.params?.requestState !== undefined || rpc.params?.inputResponses !== undefined;
    if (retry && latest?.outside === "call" && latest.label === label) return { join: latest };
    return { start: label, kind: "call" };
  }
  // A 2025-11-25 answer to a question the server pushed joins the call whose stream carried the question.
  if (rpc && rpc.method === undefined && rpc.id !== undefined) {
    const asker = [...groups]
      .reverse()
      .find((g) => g.client === x.client && g.exchanges.some((e) => e.messages.some((m) => asRpc(m)?.method !== undefined && asRpc(m)?.id === rpc.id)));
    if (asker) return { join: asker };
  }
  const method = rpc?.method ?? (x.httpMethod === "GET" ? "GET stream" : x.httpMethod === "DELETE" ? "end session" : x.httpMethod);
  if (latest?.outside === "other") return { join: latest, ...(!latest.label.split(" + ").includes(method) && { label: `${latest.label} + ${method}` }) };
  return { start: method, kind: "other" };
}
