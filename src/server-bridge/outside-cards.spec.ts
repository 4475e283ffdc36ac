// The carding rule for outside clients' exchanges, on the message shapes real clients send (from traffic.spec.ts).
import { describe, expect, test } from "vitest";
import type { TrafficExchange } from "../../contract/traffic";
import { outsideCard } from "./outside-cards";
import type { WireExchange, WireGroup } from "./wire-log";

let id = 0;
const exchange = (request: unknown, httpMethod = "POST", client = "s:1"): TrafficExchange => ({
  id: ++id,
  client,
  startedAt: id,
  httpMethod,
  requestHeaders: {},
  request,
});
const card = (label: string, outside: "call" | "other", messages: unknown[] = [], client = "s:1"): WireGroup => ({
  id: ++id,
  label,
  persona: "",
  lessonId: "",
  lessonTitle: "",
  startedAt: id,
  client,
  outside,
  exchanges: [{ messages } as WireExchange],
});
const call = (params: Record<string, unknown>) => exchange({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "close_ticket", ...params } });

describe("which card an outside exchange goes in", () => {
  test("a tools/call starts a card of its own, even right after another call", () => {
    expect(outsideCard(call({ arguments: { id: "T-1" } }), [], undefined)).toEqual({ start: "tools/call close_ticket", kind: "call" });
    const before = card("tools/call close_ticket", "call");
    expect(outsideCard(call({ arguments: { id: "T-2" } }), [before], before)).toEqual({ start: "tools/call close_ticket", kind: "call" });
  });

  test("a 2026-07-28 retry with its requestState and inputResponses joins the call it continues, not another tool's", () => {
    const first = card("tools/call close_ticket", "call");
    const retry = call({ requestState: "v1.x.y", inputResponses: { "elicitation-1": { action: "accept" } } });
    expect(outsideCard(retry, [first], first)).toEqual({ join: first });
    const other = card("tools/call get_ticket", "call");
    expect(outsideCard(retry, [first, other], other)).toEqual({ start: "tools/call close_ticket", kind: "call" });
  });

  test("a 2025-11-25 answer joins the card whose stream pushed its question, even when other cards came since", () => {
    const asker = card("tools/call close_ticket", "call", [{ jsonrpc: "2.0", id: 0, method: "elicitation/create", params: {} }]);
    const later = card("tools/list", "other");
    const answer = exchange({ jsonrpc: "2.0", id: 0, result: { action: "accept", content: { confirm: true } } });
    expect(outsideCard(answer, [asker, later], later)).toEqual({ join: asker });
    // Another client's question with the same id is not this one's.
    const theirs = card("tools/call close_ticket", "call", [{ jsonrpc: "2.0", id: 0, method: "elicitation/create" }], "s:2");
    expect(outsideCard(answer, [theirs], undefined)).toEqual({ start: "POST", kind: "other" });
  });

  test("what comes between calls shares one card, its label naming each method once", () => {
    const init = exchange({ jsonrpc: "2.0", id: 0, method: "initialize", params: {} });
    expect(outsideCard(init, [], undefined)).toEqual({ start: "initialize", kind: "other" });
    const connecting = card("initialize", "other");
    expect(outsideCard(exchange({ jsonrpc: "2.0", method: "notifications/initialized" }), [connecting], connecting)).toEqual({
      join: connecting,
      label: "initialize + notifications/initialized",
    });
    expect(outsideCard(exchange(undefined, "GET"), [connecting], connecting)).toEqual({ join: connecting, label: "initialize + GET stream" });
    const listing = card("tools/list", "other");
    expect(outsideCard(exchange({ jsonrpc: "2.0", id: 3, method: "tools/list" }), [listing], listing)).toEqual({ join: listing });
    // After a call, the next stretch starts a card of its own.
    const called = card("tools/call close_ticket", "call");
    expect(outsideCard(exchange(undefined, "DELETE"), [called], called)).toEqual({ start: "end session", kind: "other" });
  });
});
