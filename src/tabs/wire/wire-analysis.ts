// Turns raw exchanges into what a learner reads: which JSON-RPC method each one carried,
// which are rounds of the tools/call, what each round's result type was.
import { rebuiltSession, servedBy, type WireExchange, type WireGroup } from "../../server-bridge/wire-log";

type ExchangeRole = "round" | "answer" | "connect" | "stream" | "other";

export interface RpcMessage {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface ReadExchange {
  exchange: WireExchange;
  role: ExchangeRole;
  request?: RpcMessage;
  /** The response to this request (matched by id), if it arrived. */
  response?: RpcMessage;
  /** Requests the server pushed on this response stream (2025-11-25 elicitation/create). */
  pushed: RpcMessage[];
  /** Notifications on this response stream (2025-11-25 notifications/elicitation/complete), in order. */
  notices: RpcMessage[];
  round?: number;
  resultType?: string;
  label: string;
  /** The playground instance that answered (several sit behind a load balancer in a hosted playground). */
  instance?: string;
  /** That instance rebuilt the session from the database to answer this (module state started over). */
  rebuilt: boolean;
}

const CONNECT_METHODS = new Set(["initialize", "notifications/initialized", "server/discover"]);

export function readGroup(group: WireGroup): ReadExchange[] {
  let round = 0;
  return group.exchanges.map((exchange) => {
    const body = exchange.requestBody as RpcMessage | undefined;
    const request = body && typeof body === "object" && !Array.isArray(body) ? body : undefined;
    const messages = exchange.messages.filter((m): m is RpcMessage => !!m && typeof m === "object");
    const response = messages.find((m) => request?.id !== undefined && m.id === request.id && ("result" in m || "error" in m));
    const pushed = messages.filter((m) => typeof m.method === "string" && m.id !== undefined);
    const notices = messages.filter((m) => typeof m.method === "string" && m.id === undefined);
    let role: ExchangeRole = "other";
    let label = `${exchange.httpMethod}`;
    if (exchange.httpMethod === "GET") {
      role = "stream";
      label = "GET (server→client stream)";
    } else if (exchange.httpMethod === "DELETE") {
      role = "connect";
      label = "DELETE (end session)";
    } else if (request?.method) {
      label = request.method;
      if (request.method === "tools/call") {
        role = "round";
        label = `tools/call ${String(request.params?.name ?? "")}`;
      } else if (CONNECT_METHODS.has(request.method)) role = "connect";
    } else if (request && ("result" in request || "error" in request)) {
      role = "answer";
      label = `answer to request ${String(request.id)}`;
    }
    const resultType = response?.result && typeof response.result.resultType === "string" ? response.result.resultType : undefined;
    return {
      exchange,
      role,
      request,
      response,
      pushed,
      notices,
      round: role === "round" ? ++round : undefined,
      resultType,
      label,
      instance: servedBy(exchange),
      rebuilt: rebuiltSession(exchange),
    };
  });
}

/** The instances that answered a call's rounds, in order of first appearance. */
export function roundInstances(rows: ReadExchange[]): string[] {
  return [...new Set(rows.filter((r) => r.role === "round" && r.instance).map((r) => r.instance!))];
}

export function statusClass(status: number | undefined): string {
  if (status === undefined) return "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200";
  if (status < 300) return "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100";
  if (status < 500) return "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100";
  return "bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100";
}

export const resultTypeClass = (t: string) =>
  t === "input_required"
    ? "bg-amber-200 text-amber-900 dark:bg-amber-700 dark:text-amber-50"
    : "bg-emerald-200 text-emerald-900 dark:bg-emerald-700 dark:text-emerald-50";
