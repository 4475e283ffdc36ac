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
const LANE_NAMES = ["person", "client", "server", "outside"];
const lines = (g: WireGroup) => arrowsFor(readGroup(g)).map((a) => `${LANE_NAMES[a.from]}->${LANE_NAMES[a.to]} ${a.text}`);

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

  const page = "http://127.0.0.1:5173/outside/billing-sign-in?ticket=T-2&flow=abc";
  const signIn = { method: "elicitation/create", params: { mode: "url", message: "Sign in", url: page, elicitationId: "abc" } };

  test("2025-11-25 URL mode: the person opens the page, the page reaches the server, the completion notice, then the result", () => {
    const g = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "open_billing", arguments: { id: "T-2" } } }, [
        { jsonrpc: "2.0", id: 0, ...signIn },
        { jsonrpc: "2.0", method: "notifications/elicitation/complete", params: { elicitationId: "abc" } },
        { jsonrpc: "2.0", id: 2, result: { content: [] } },
      ]),
      exchange("POST", { jsonrpc: "2.0", id: 0, result: { action: "accept" } }, [], 202),
    ]);
    expect(lines(g)).toEqual([
      "client->server tools/call #2",
      "server->client elicitation/create (pushed)",
      "client->person shows the link",
      "person->client answers: accept",
      "client->server POST result (accept)",
      "person->outside opens the link",
      "outside->server Sign in or Cancel reaches the server",
      "server->client notifications/elicitation/complete abc",
      "server->client result: complete",
    ]);
  });

  test("2025-11-25 -32042: the link from the error, the page, the notice, and the call made again", () => {
    const error = { code: -32042, message: "URL elicitation required", data: { elicitations: [{ ...signIn.params }] } };
    const g = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read_invoice", arguments: { id: "T-2" } } }, [
        { jsonrpc: "2.0", id: 2, error },
      ]),
      exchange("POST", { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "read_invoice", arguments: { id: "T-2" } } }, [
        { jsonrpc: "2.0", id: 3, result: { content: [] } },
      ]),
    ]);
    expect(lines(g)).toEqual([
      "client->server tools/call #2",
      "server->client error -32042",
      "client->person shows the link (from -32042)",
      "person->outside opens the link",
      "outside->server Sign in or Cancel reaches the server",
      "server->client notifications/elicitation/complete",
      "client->server tools/call #3",
      "server->client result: complete",
    ]);
  });

  test("2026-07-28 URL mode: accept sends the person to the page; no notice, the retry carries requestState", () => {
    const g = group([
      exchange("POST", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "open_billing", arguments: { id: "T-2" } } }, [
        {
          jsonrpc: "2.0",
          id: 2,
          result: {
            resultType: "input_required",
            inputRequests: { "elicitation-1": { method: "elicitation/create", params: { mode: "url", message: "Sign in", url: page } } },
            requestState: "v1.x.y",
          },
        },
      ]),
      exchange(
        "POST",
        {
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "open_billing", inputResponses: { "elicitation-1": { action: "accept" } }, requestState: "v1.x.y" },
        },
        [{ jsonrpc: "2.0", id: 3, result: { resultType: "complete", content: [] } }],
      ),
    ]);
    expect(lines(g)).toEqual([
      "client->server tools/call #2",
      "server->client input_required: elicitation-1",
      "client->person shows the link",
      "person->client elicitation-1: accept",
      "person->outside opens the link",
      "client->server tools/call #3 + inputResponses + requestState",
      "server->client result: complete",
    ]);
  });
});
