import { describe, expect, test } from "vitest";
import type { WireExchange, WireGroup } from "../../server-bridge/wire-log";
import { arrowsFor } from "./sequence";
import { readGroup } from "./wire-analysis";

let seq = 0;
function exchange(httpMethod: string, requestBody: unknown, messages: unknown[], status = 200): WireExchange {
  return {
    seq: ++seq,
    groupId: 1,
    startedAt: seq,
    httpMethod,
    url: "/mcp/s",
    requestHeaders: {},
    requestBody,
    status,
    responseHeaders: {},
    responseText: "",
    messages,
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
const lines = (g: WireGroup) =>
  arrowsFor(readGroup(g)).map((a) => `${["person", "client", "server"][a.from]}->${["person", "client", "server"][a.to]} ${a.text}`);

const form = { method: "elicitation/create", params: { mode: "form", message: "Close T-1?", requestedSchema: { type: "object", properties: {} } } };
const link = { method: "elicitation/create", params: { mode: "url", message: "Sign in", url: "https://billing.example.com/signin" } };

describe("sequence diagram", () => {
  test("2026-07-28 form: input_required, the form, the answer in the next round, then the result", () => {
    const g = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "close_ticket", arguments: { id: "T-1" } } }, [
        { jsonrpc: "2.0", id: 2, result: { resultType: "input_required", inputRequests: { "elicitation-1": form }, requestState: "v1.x.y" } },
      ]),
      exchange(
        "POST",
        {
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "close_ticket", inputResponses: { "elicitation-1": { action: "accept", content: {} } }, requestState: "v1.x.y" },
        },
        [{ jsonrpc: "2.0", id: 3, result: { resultType: "complete", content: [] } }],
      ),
    ]);
    expect(lines(g)).toEqual([
      "client->server tools/call #2",
      "server->client input_required: elicitation-1",
      "client->person shows the form",
      "person->client elicitation-1: accept",
      "client->server tools/call #3 + inputResponses + requestState",
      "server->client result: complete",
    ]);
  });

  test("URL mode shows a link, not a form, on both protocol revisions", () => {
    const modern = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "open_billing" } }, [
        { jsonrpc: "2.0", id: 2, result: { resultType: "input_required", inputRequests: { "elicitation-1": link } } },
      ]),
    ]);
    expect(lines(modern)).toContain("client->person shows the link");
    expect(lines(modern)).not.toContain("client->person shows the form");
    const legacy = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "open_billing" } }, [
        { jsonrpc: "2.0", id: 0, ...link },
        { jsonrpc: "2.0", id: 2, result: { content: [] } },
      ]),
      exchange("POST", { jsonrpc: "2.0", id: 0, result: { action: "accept" } }, [], 202),
    ]);
    expect(lines(legacy)).toContain("client->person shows the link");
  });

  test("2025-11-25 push: the answer is drawn between the pushed question and the result on the call's stream", () => {
    const g = group([
      exchange("POST", { jsonrpc: "2.0", id: 1, method: "initialize", params: {} }, [{ jsonrpc: "2.0", id: 1, result: {} }]),
      // The call's SSE stream carries the pushed question and, after the answer's own POST, the result.
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "close_ticket", arguments: { id: "T-1" } } }, [
        { jsonrpc: "2.0", id: 0, ...form },
        { jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "closed" }] } },
      ]),
      exchange("POST", { jsonrpc: "2.0", id: 0, result: { action: "accept", content: { confirm: true } } }, [], 202),
    ]);
    expect(lines(g)).toEqual([
      "client->server initialize",
      "server->client 200",
      "client->server tools/call #2",
      "server->client elicitation/create (pushed)",
      "client->person shows the form",
      "person->client answers: accept",
      "client->server POST result (accept)",
      "server->client result: complete",
    ]);
  });

  test("an answer with no pushed question to match is still drawn where it was sent", () => {
    const g = group([exchange("POST", { jsonrpc: "2.0", id: 7, result: { action: "decline" } }, [], 202)]);
    expect(lines(g)).toEqual(["person->client answers: decline", "client->server POST result (decline)"]);
  });
});
