// Hostile requests, one case each: malformed bytes (every copy answered 4xx, nothing logged but a line), Host names
// (a rebinding name, two Host headers), and forged origins on every route that changes something.
import { get, raw } from "./harness.mjs";

const H = "host: 127.0.0.1";
const post = (path, body, type = "application/json") =>
  `POST ${path} HTTP/1.1\r\n${H}\r\ncontent-type: ${type}\r\ncontent-length: ${Buffer.byteLength(body, "latin1")}\r\nconnection: close\r\n\r\n${body}`;

const MALFORMED = {
  "Host: [ (once ended the process)": get("GET /api/lessons HTTP/1.1", ["host: ["]),
  "Host: [::1": get("GET / HTTP/1.1", ["host: [::1"]),
  "Host with a space": get("GET /api/lessons HTTP/1.1", ["host: a b"]),
  "Host: %": get("GET /mcp/x HTTP/1.1", ["host: %"]),
  "Host with a port that is not a number": get("GET /api/lessons HTTP/1.1", ["host: localhost:abc"]),
  "empty Host": get("GET /api/lessons HTTP/1.1", ["host: "]),
  "no Host at all (HTTP/1.0)": "GET /api/lessons HTTP/1.0\r\n\r\n",
  "a 5000-character Host": get("GET / HTTP/1.1", [`host: ${"h".repeat(5000)}`]),
  "path /%E0": get("GET /%E0 HTTP/1.1"),
  "path /api/lessons/%E0": get("GET /api/lessons/%E0 HTTP/1.1"),
  "PUT files of session %ZZ": post("/api/sessions/%ZZ/files", '{"files":{}}').replace("POST", "PUT"),
  "POST /mcp/%E0": post("/mcp/%E0", "{}"),
  "path with NUL (%00)": get("GET /%00 HTTP/1.1"),
  "path climbing out (..%2f)": get("GET /..%2f..%2fetc%2fpasswd HTTP/1.1"),
  "asset path climbing out": get("GET /assets/..%2f..%2fpackage.json HTTP/1.1"),
  "request target *": get("GET * HTTP/1.1"),
  "absolute request target": get("GET http://evil.example/api/lessons HTTP/1.1"),
  "request target //evil": get("GET //evil.example/x HTTP/1.1"),
  "a 20 KB path": get(`GET /api/${"p".repeat(20_000)} HTTP/1.1`),
  "method FOO": get("FOO /api/lessons HTTP/1.1"),
  "method TRACE": get("TRACE / HTTP/1.1"),
  "method PROPFIND": get("PROPFIND /api/sessions HTTP/1.1"),
  "DELETE /": get("DELETE / HTTP/1.1"),
  "lower-case method": get("get / HTTP/1.1"),
  "garbage request line": "\u0001\u0002 nonsense\r\n\r\n",
  "HTTP/9.9": get("GET / HTTP/9.9"),
  "content-length -1": get("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "content-length: -1"]),
  "content-length abc": get("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", "content-length: abc"]),
  "two content-lengths": `POST /api/sessions HTTP/1.1\r\n${H}\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 3\r\nconnection: close\r\n\r\n{}`,
  "a bad chunk": `POST /api/sessions HTTP/1.1\r\n${H}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  "header line without a colon": get("GET / HTTP/1.1", [H, "nonsense"]),
  "header value with NUL": get("GET / HTTP/1.1", [H, "x-a: b\u0000c"]),
  "a 40 KB header": get("GET / HTTP/1.1", [H, `x-pad: ${"x".repeat(40_000)}`]),
  "Origin: null on a read": get("GET /api/lessons HTTP/1.1", [H, "origin: null"]),
  "Origin that is not a URL": get("GET /api/lessons HTTP/1.1", [H, "origin: ::::"]),
  "body cut short": `POST /api/sessions HTTP/1.1\r\n${H}\r\ncontent-type: application/json\r\ncontent-length: 9\r\nconnection: close\r\n\r\n{"files":`,
  "body not JSON": post("/api/sessions", "{not json"),
  "body not UTF-8": post("/api/sessions", "\xff\xfe{}"),
  "body nested 100,000 deep": post("/api/sessions", `{"files":${"[".repeat(100_000)}`),
  "body with __proto__": post("/api/sessions", '{"__proto__":{"files":{}}}'),
  "files: null": post("/api/sessions", '{"files":null}'),
  "a file that is a number": post("/api/sessions", '{"files":{"a.ts":1}}'),
  "body as text/plain": post("/api/sessions", "{}", "text/plain"),
  "a body over MAX_BODY_KB": get("POST /api/sessions HTTP/1.1", [H, "content-type: application/json", `content-length: ${5 * 1024 * 1024}`]),
  "MCP body of control bytes": post("/mcp/AAAAAAAAAAAAAAAAAAAAAA", "\u0000\u0001{["),
  "MCP body [[": post("/mcp/AAAAAAAAAAAAAAAAAAAAAA", "[["),
  "MCP session id %2e%2e%2f": get("GET /mcp/%2e%2e%2f HTTP/1.1"),
  "lesson id %2e%2e%2fsecret": get("GET /api/lessons/%2e%2e%2fsecret HTTP/1.1"),
  "rebinding Host evil.example": get("GET /api/lessons HTTP/1.1", ["host: evil.example"]),
  "two Host headers, the same": get("GET /api/lessons HTTP/1.1", [H, H]),
  "two Host headers, ours then evil.example": get("GET /api/lessons HTTP/1.1", [H, "host: evil.example"]),
  "two Host headers, evil.example then ours": get("GET /api/lessons HTTP/1.1", ["host: evil.example", H]),
  "Host with a port past 65535": get("GET /api/lessons HTTP/1.1", ["host: 127.0.0.1:99999"]),
  "Host with user info": get("GET /api/lessons HTTP/1.1", ["host: a@127.0.0.1"]),
  "Host with a query": get("GET /api/lessons HTTP/1.1", ["host: 127.0.0.1?x"]),
  "Host with a path": get("GET /api/lessons HTTP/1.1", ["host: 127.0.0.1/evil"]),
  "content-length beside chunked": `POST /api/sessions HTTP/1.1\r\n${H}\r\ncontent-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n0\r\n\r\n`,
  "a header name with a space": get("GET / HTTP/1.1", [H, "x bad: 1"]),
  "Host twice on an MCP POST": `POST /mcp/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\n${H}\r\n${H}\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
};

export async function requestCases({ server, check }) {
  const { port, url } = server;
  for (const [name, bytes] of Object.entries(MALFORMED))
    await check(name, "5 copies each answered 4xx; no stack in the log", async () => {
      const statuses = await Promise.all(Array.from({ length: 5 }, () => raw(port, bytes)));
      const stack = /^\s+at /m.test(server.log());
      return { observed: `${statuses.join(",")}; stack in log: ${stack}`, ok: statuses.every((s) => s >= 400 && s < 500) && !stack };
    });

  await check("page headers", "CSP, frame-ancestors 'none', nosniff, no-referrer", async () => {
    const r = await fetch(`${url}/`);
    const csp = r.headers.get("content-security-policy") ?? "";
    const ok =
      /script-src 'self'/.test(csp) &&
      !/script-src[^;]*unsafe-inline/.test(csp) &&
      /frame-ancestors 'none'/.test(csp) &&
      r.headers.get("x-content-type-options") === "nosniff" &&
      r.headers.get("referrer-policy") === "no-referrer";
    return { observed: ok ? "all present" : csp.slice(0, 80), ok };
  });

  const target = await server.session({
    "t.tool.ts":
      'import { Tool, ToolContext } from "@frontmcp/sdk";\n@Tool({ name: "t" })\nexport class T extends ToolContext { async execute() { return {}; } }\n',
  });
  const routes = {
    Reset: ["POST", `/api/sessions/${target.id}/reset`, undefined],
    "file save": ["PUT", `/api/sessions/${target.id}/files`, { files: { "a.ts": "export {}" } }],
    "test run": ["POST", `/api/sessions/${target.id}/tests`, {}],
    "new room": ["POST", "/api/rooms", {}],
    "console read": ["GET", `/api/sessions/${target.id}/console`, undefined],
    "new session": ["POST", "/api/sessions", { files: { "a.ts": "export {}" } }],
    "room join": ["POST", "/api/rooms/ACDEFG/join", { name: "x" }],
    "MCP call": ["POST", `/mcp/${target.id}`, { jsonrpc: "2.0", id: 1, method: "tools/list" }],
  };
  const origins = { "Origin: null": "null", "another local port": `http://localhost:${port + 1}`, "https of our own host": `https://127.0.0.1:${port}` };
  for (const [route, [method, path, body]] of Object.entries(routes))
    for (const [what, origin] of Object.entries(origins))
      await check(`${route} from ${what}`, "403, nothing done", async () => {
        const r = await server.json(method, path, body, { origin });
        return { observed: String(r.status), ok: r.status === 403 };
      });
}
