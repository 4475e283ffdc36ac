import { describe, expect, test } from "vitest";
import type { WireExchange, WireGroup } from "../../server-bridge/wire-log";
import { readGroup, roundInstances } from "./wire-analysis";

let seq = 0;
function round(id: number, headers: Record<string, string>): WireExchange {
  const requestBody = { jsonrpc: "2.0", id, method: "tools/call", params: { name: "close_ticket", arguments: { id: "T-1" } } };
  return {
    seq: ++seq,
    groupId: 1,
    startedAt: seq,
    httpMethod: "POST",
    url: "/mcp/s",
    requestHeaders: {},
    requestBody,
    status: 200,
    responseHeaders: headers,
    responseText: "",
    messages: [],
    state: "done",
  };
}
const group = (exchanges: WireExchange[]): WireGroup => ({
  id: 1,
  label: "tools/call close_ticket",
  persona: "p",
  lessonId: "l",
  lessonTitle: "L",
  startedAt: 0,
  exchanges,
});

describe("which instance answered", () => {
  test("each exchange carries its playground-instance; a call moved between instances lists both, in order", () => {
    const rows = readGroup(
      group([round(1, { "playground-instance": "web-a" }), round(2, { "playground-instance": "web-b", "playground-session-rebuilt": "1" })]),
    );
    expect(rows.map((r) => [r.instance, r.rebuilt])).toEqual([
      ["web-a", false],
      ["web-b", true],
    ]);
    expect(roundInstances(rows)).toEqual(["web-a", "web-b"]);
  });

  test("one instance (or a server that sends no header) is not a move", () => {
    expect(roundInstances(readGroup(group([round(1, { "playground-instance": "web-a" }), round(2, { "playground-instance": "web-a" })])))).toEqual(["web-a"]);
    expect(roundInstances(readGroup(group([round(1, {}), round(2, {})])))).toEqual([]);
  });
});
