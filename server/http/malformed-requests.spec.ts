// No request kills the server: hundreds of malformed requests (Host, percent-encoding, methods, headers, bodies)
// each get a 4xx answer from the real `npm start` server and at most a one-line log; a normal flow works after.
import { afterAll, beforeAll, expect, test } from "vitest";
import { helpDesk } from "../testing/fixtures";
import { rawModern } from "../testing/harness";
import { rawRequest, startServerProcess, type ServerProcess } from "../testing/server-process";

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(() => server.stop());

const req = (requestLine: string, headers: Record<string, string> | string[] = {}, body = "") => {
  const lines = Array.isArray(headers) ? headers : Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  return `${requestLine}\r\n${lines.join("\r\n")}${lines.length ? "\r\n" : ""}connection: close\r\n\r\n${body}`;
};
const H = "host: 127.0.0.1";
// Bytes go out as latin1, one byte per character: the declared length is the character count.
const json = (body: string, path = "/api/sessions") =>
  req(`POST ${path} HTTP/1.1`, [H, "content-type: application/json", `content-length: ${body.length}`], body);

const CASES: Record<string, string> = {
  "Host: [": req("GET /api/lessons HTTP/1.1", ["host: ["]),
  "Host: [::1": req("GET / HTTP/1.1", ["host: [::1"]),
  "Host: a b": req("GET /api/lessons HTTP/1.1", ["host: a b"]),
  "Host: %": req("GET /mcp/x HTTP/1.1", ["host: %"]),
  "Host: localhost:abc": req("GET /api/lessons HTTP/1.1", ["host: localhost:abc"]),
  "Host: evil.example": req("GET /api/lessons HTTP/1.1", ["host: evil.example"]),
  "empty Host": req("GET /api/lessons HTTP/1.1", ["host: "]),
  "no Host (HTTP/1.0)": "GET /api/lessons HTTP/1.0\r\n\r\n",
  "long Host": req("GET / HTTP/1.1", [`host: ${"a".repeat(5000)}`]),
  "/%E0": req("GET /%E0 HTTP/1.1", [H]),
  "/api/lessons/%E0": req("GET /api/lessons/%E0 HTTP/1.1", [H]),
  "/api/sessions/%ZZ/files": json('{"files":{}}', "/api/sessions/%ZZ/files").replace("POST", "PUT"),
  "/mcp/%E0": req("POST /mcp/%E0 HTTP/1.1", [H, "content-type: application/json", "content-length: 2"], "{}"),
  "/%00": req("GET /%00 HTTP/1.1", [H]),
  "/..%2f..%2fetc%2fpasswd": req("GET /..%2f..%2fetc%2fpasswd HTTP/1.1", [H]),
  "/assets/..%2f..%2fpackage.json": req("GET /assets/..%2f..%2fpackage.json HTTP/1.1", [H]),
  "target *": req("GET * HTTP/1.1", [H]),
  "absolute target": req("GET http://evil.example/api/lessons HTTP/1.1", [H]),
  "target //evil": req("GET //evil.example/x HTTP/1.1", [H]),
  "long path": req(`GET /api/${"a".repeat(20_000)} HTTP/1.1`, [H]),
  "method FOO": req("FOO /api/lessons HTTP/1.1", [H]),
  "method TRACE": req("TRACE / HTTP/1.1", [H]),
  "method PROPFIND": req("PROPFIND /api/sessions HTTP/1.1", [H]),
  "method DELETE /": req("DELETE / HTTP/1.1", [H]),
  "lowercase method": req("get / HTTP/1.1", [H]),
  "garbage request line": "\u0001\u0002 nonsense\r\n\r\n",
  "HTTP/9.9": req("GET / HTTP/9.9", [H]),
  "content-length -1": req("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "content-length: -1"]),
  "content-length abc": req("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "content-length: abc"]),
  "two content-lengths": req("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "content-length: 2", "content-length: 3"], "{}"),
  "bad chunk": req("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "transfer-encoding: chunked"], "zz\r\n{}\r\n0\r\n\r\n"),
  "header without colon": req("GET / HTTP/1.1", [H, "nonsense"]),
  "header with NUL": req("GET / HTTP/1.1", [H, "x-a: b\u0000c"]),
  "huge header": req("GET / HTTP/1.1", [H, `x-pad: ${"a".repeat(40_000)}`]),
  "Origin: null": req("GET /api/lessons HTTP/1.1", [H, "origin: null"]),
  "Origin: garbage": req("GET /api/lessons HTTP/1.1", [H, "origin: ::::"]),
  "body not JSON": json("{not json"),
  "body invalid UTF-8": json("\xff\xfe{}"),
  "body deeply nested": json(`{"files":${"[".repeat(100_000)}`),
  "body __proto__": json('{"__proto__":{"files":{}}}'),
  "body files null": json('{"files":null}'),
  "body files number": json('{"files":{"a.ts":1}}'),
  "body wrong type": req("POST /api/sessions HTTP/1.1", [H, "content-type: text/plain", "content-length: 2"], "{}"),
  "mcp garbage": req("POST /mcp/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1", [H, "content-type: application/json", "content-length: 4"], "\u0000\u0001{["),
  "mcp session id %2e%2e": req("GET /mcp/%2e%2e%2f HTTP/1.1", [H]),
  "lesson id %2e%2e": req("GET /api/lessons/%2e%2e%2fsecret HTTP/1.1", [H]),
};

test("a few hundred malformed requests each get a 4xx from the server, with at most a one-line log, then a normal flow works", async () => {
  const entries = Object.entries(CASES);
  const rounds = 6;
  const answers: Array<{ name: string; status: number | undefined }> = [];
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < entries.length; i += 15) {
      const batch = entries.slice(i, i + 15);
      answers.push(...(await Promise.all(batch.map(async ([name, bytes]) => ({ name, status: await rawRequest(server.port, Buffer.from(bytes, "latin1")) })))));
    }
  const unanswered = answers.filter((a) => a.status === undefined).map((a) => a.name);
  const not4xx = answers.filter((a) => a.status !== undefined && (a.status < 400 || a.status >= 500)).map((a) => `${a.name} → ${a.status}`);
  expect(unanswered).toEqual([]);
  expect([...new Set(not4xx)]).toEqual([]);

  // The process is alive and serving: a session and a full elicitation flow.
  expect(server.child.exitCode).toBeNull();
  const created = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files: helpDesk() }),
  });
  expect(created.status).toBe(201);
  const { mcpUrl } = (await created.json()) as { mcpUrl: string };
  const r1 = await rawModern(mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
  expect(r1.body.result.resultType).toBe("input_required");
  const r2 = await rawModern(mcpUrl, 2, "tools/call", {
    name: "close_ticket",
    arguments: { id: "T-1" },
    inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
    requestState: r1.body.result.requestState,
  });
  expect(r2.body.result.structuredContent).toEqual({ id: "T-1", closed: true });

  // At most one log line per malformed request, and never a stack trace.
  const log = server.stderr();
  expect(log).not.toMatch(/^\s+at /m);
  expect(log.split("\n").filter(Boolean).length).toBeLessThanOrEqual(answers.length);
});

test("an error that escapes every handler is logged in one line and the process keeps serving", async () => {
  // A server process whose own code throws outside any request, as a bug would: the guard must keep it alive.
  const faulty = await startServerProcess({}, "server/testing/faulty-main.ts");
  try {
    await new Promise((r) => setTimeout(r, 300));
    const res = await fetch(`${faulty.url}/api/lessons`);
    expect(res.status).toBe(200);
    expect(faulty.stderr()).toMatch(/Uncaught error \(the server keeps running\): Error: planted bug in a timer/);
    expect(faulty.stderr()).toMatch(/Unhandled rejection \(the server keeps running\): Error: planted rejection/);
    expect(faulty.stderr()).not.toMatch(/^\s+at /m);
  } finally {
    await faulty.stop();
  }
});
