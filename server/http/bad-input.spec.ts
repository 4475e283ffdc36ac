// Bad input gets a clear answer and nothing breaks: origins, hosts, sizes, garbage bodies, then a normal call.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, startTestPlayground } from "../testing/harness";

let pg: Playground;
let session: { id: string; mcpUrl: string };
beforeAll(async () => {
  pg = await startTestPlayground({ maxBodyBytes: 64 * 1024 });
  session = await createSession(pg, helpDesk());
});
afterAll(() => pg.close());

const MODERN_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/list",
};
/** The JSON-RPC error code of an error response. */
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: number } }).error.code;

/** Sends a request with a Host header of our choosing (fetch will not let us). */
function withHost(path: string, host: string): Promise<number> {
  const { port } = new URL(pg.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET", headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("origin and host", () => {
  test("a foreign Origin gets 403 on /api and /mcp; same-origin passes", async () => {
    expect((await api(pg, "GET", "/api/lessons", undefined, { origin: "https://evil.example" })).status).toBe(403);
    const mcp = await fetch(session.mcpUrl, { method: "POST", headers: { ...MODERN_HEADERS, origin: "https://evil.example" }, body: "{}" });
    expect(mcp.status).toBe(403);
    expect((await api(pg, "GET", "/api/lessons", undefined, { origin: pg.url })).status).toBe(200);
  });

  test("a rebinding Host gets 403", async () => {
    expect(await withHost("/api/lessons", "evil.example:80")).toBe(403);
    expect(await withHost("/api/lessons", "localhost")).toBe(200);
  });
});

describe("the JSON API", () => {
  test("unknown session is 404 JSON on every session route and on /mcp", async () => {
    const ghost = "AAAAAAAAAAAAAAAAAAAAAA";
    for (const [method, path, body] of [
      ["PUT", `/api/sessions/${ghost}/files`, { files: { "a.ts": "" } }],
      ["POST", `/api/sessions/${ghost}/reset`, undefined],
    ] as const) {
      const r = await api(pg, method, path, body);
      expect(r.status).toBe(404);
      expect(r.json.error).toMatch(/Unknown or expired session/);
    }
    const mcp = await fetch(`${pg.url}/mcp/${ghost}`, { method: "POST", headers: MODERN_HEADERS, body: "{}" });
    expect(mcp.status).toBe(404);
    expect(await errorCode(mcp)).toBe(-32001);
  });

  test("bodies that are not JSON, not objects, too large, or of the wrong type get 4xx with a message", async () => {
    expect((await api(pg, "POST", "/api/sessions", "{not json")).status).toBe(400);
    expect((await api(pg, "POST", "/api/sessions", "[]")).status).toBe(400);
    expect((await api(pg, "POST", "/api/sessions", { files: "nope" })).status).toBe(400);
    const big = await api(pg, "POST", "/api/sessions", { files: { "a.ts": "x".repeat(100 * 1024) } });
    expect(big.status).toBe(413);
    const text = await fetch(pg.url + "/api/sessions", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const traversal = await api(pg, "POST", "/api/sessions", { files: { "../etc/passwd.ts": "x" } });
    expect(traversal.status).toBe(422);
    expect(traversal.json.diagnostics[0].message).toMatch(/not a valid file name/);
    expect((await api(pg, "DELETE", "/api/lessons")).status).toBe(405);
    expect((await api(pg, "GET", "/api/nothing-here")).status).toBe(404);
  });
});

describe("the MCP endpoint", () => {
  test("malformed JSON-RPC gets JSON-RPC errors, not crashes", async () => {
    const post = (body: string, headers: Record<string, string> = MODERN_HEADERS) => fetch(session.mcpUrl, { method: "POST", headers, body });
    const parse = await post("{oops");
    expect(parse.status).toBe(400);
    expect(await errorCode(parse)).toBe(-32700);
    const noMeta = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }));
    expect(noMeta.status).toBe(400);
    expect(await errorCode(noMeta)).toBe(-32602);
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
    const mismatch = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "close_ticket", arguments: {}, _meta: meta } }));
    expect(await errorCode(mismatch)).toBe(-32020);
    const wrongType = await post("{}", { ...MODERN_HEADERS, "content-type": "text/plain" });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    const huge = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { pad: "x".repeat(200 * 1024) } }));
    expect(huge.status).toBe(413);
  });

  // Many requests at once, and the flow after them, are malformed-requests.spec.ts (on the real server process); here
  // each malformed body and header set is sent once and the answers are read.
  test("malformed JSON-RPC bodies and headers at /mcp and /api are each refused as the client's fault, and make no session", async () => {
    const garbage: Array<() => Promise<Response>> = [];
    const bodies = [
      "",
      "null",
      "[]",
      "{",
      "[{}]",
      '{"jsonrpc":"1.0"}',
      '{"jsonrpc":"2.0","method":42}',
      '{"jsonrpc":"2.0","id":{},"method":"tools/call"}',
      "\u0000\u0001",
      "x".repeat(5000),
    ];
    const headerSets: Record<string, string>[] = [
      MODERN_HEADERS,
      { "content-type": "application/json", accept: "application/json, text/event-stream" },
      { "content-type": "application/json", "mcp-protocol-version": "1999-01-01" },
      { "content-type": "application/json", "mcp-session-id": "nope" },
    ];
    for (const body of bodies)
      for (const headers of headerSets) {
        garbage.push(() => fetch(session.mcpUrl, { method: "POST", headers, body }));
        garbage.push(() => fetch(pg.url + "/api/sessions", { method: "POST", headers, body }));
        garbage.push(() => fetch(`${pg.url}/api/sessions/${session.id}/files`, { method: "PUT", headers, body }));
      }
    for (const method of ["GET", "DELETE", "PATCH", "OPTIONS"]) garbage.push(() => fetch(session.mcpUrl, { method }));
    const sessionsBefore = pg.registry.size;
    const statuses = await Promise.all(garbage.map((send) => send().then(async (r) => (await r.arrayBuffer(), r.status))));
    // None of these is a valid request: each must be refused as the client's fault (4xx), none may crash (5xx) or
    // pass (2xx), and none may have made a session.
    const notRefused = statuses.filter((s) => s < 400 || s >= 500);
    expect(notRefused, `of ${statuses.length} responses`).toEqual([]);
    expect(pg.registry.size).toBe(sessionsBefore);
  });
});
