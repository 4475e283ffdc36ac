// What every red-team case uses: a real server process (server/main.ts, as `npm start` runs it) on a free loopback
// port, requests from a chosen loopback source address (each client its own, as on a network), raw bytes for what
// fetch will not send, and MCP tool calls over 2026-07-28.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { SERVER_ENV } from "../server-env.mjs";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function startServer(extraEnv = {}) {
  const child = spawn(process.execPath, ["--import", "./scripts/register-ts.mjs", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      SANDBOX_WORKERS: "2",
      RATE_SESSIONS_BURST: "150",
      MAX_SESSIONS: "100",
      DATA_DIR: `/tmp/redteam-data-${process.pid}-${Math.random().toString(36).slice(2)}`,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stderr.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${out}`)));
    child.stdout.on("data", (d) => {
      const m = /Elicitation Playground on (http:\/\/\S+)/.exec(String(d));
      if (!m) return;
      clearTimeout(timer);
      const url = m[1];
      resolve({ url, port: Number(new URL(url).port), child, log: () => out, rssMB: () => rssOf(child.pid), ...clientsOf(url) });
    });
  });
}

/** The ceiling of docs/security.md: idle size + SANDBOX_TOTAL_MB + COMPILE_CACHE_MB + 2 load caches of 32 MB + 256 MB. */
export const rssCeilingMB = (idleMB, sandboxTotalMB) => idleMB + sandboxTotalMB + 64 + 64 + 256;

/** The process's resident memory in MB, from /proc. */
function rssOf(pid) {
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

/** Raw bytes to the port; the answer's status, or undefined when the server closed or stayed silent. */
export function raw(port, text, timeoutMs = 5000) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let head = "";
    const done = (v) => (socket.destroy(), resolve(v));
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.on("data", (d) => {
      head += d.toString("latin1");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (m) done(Number(m[1]));
    });
    socket.on("error", () => done(undefined));
    socket.on("end", () => done(undefined));
    socket.write(Buffer.from(text, "latin1"));
  });
}

export const get = (line, headers = ["host: 127.0.0.1"]) => `${line}\r\n${headers.join("\r\n")}\r\nconnection: close\r\n\r\n`;

/** One HTTP request from `from` (a loopback address), read whole; `stream: true` resolves once the head arrives. */
export function send(url, { method = "GET", body, headers = {}, from = "127.0.0.1", timeoutMs = 30_000, stream = false } = {}) {
  return new Promise((resolve) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = request(
      url,
      { method, localAddress: from, headers: { ...(text !== undefined && { "content-type": "application/json" }), ...headers } },
      (res) => {
        const answer = { status: res.statusCode, headers: res.headers, close: () => req.destroy() };
        if (stream && res.statusCode === 200) return resolve({ ...answer, ms: performance.now() - started });
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (data += d));
        res.on("end", () => {
          let json;
          try {
            json = JSON.parse(data);
          } catch {}
          resolve({ ...answer, text: data, json, ms: performance.now() - started });
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (error) =>
      resolve({ status: 0, error: error.message, headers: {}, json: undefined, text: "", ms: performance.now() - started, close() {} }),
    );
    req.end(text);
  });
}

function clientsOf(url) {
  const json = (method, path, body, headers = {}, timeoutMs = 30_000, from = "127.0.0.1") => send(url + path, { method, body, headers, timeoutMs, from });
  return {
    json,
    session: async (files, from) => (await json("POST", "/api/sessions", { files }, {}, 30_000, from)).json,
    alive: async () => (await json("GET", "/api/lessons")).status === 200,
  };
}

const META = (capabilities) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": capabilities,
  "io.modelcontextprotocol/clientInfo": { name: "redteam", version: "1" },
});

/** A 2026-07-28 tools/call; the answer's JSON-RPC message (an event stream's last event), with its HTTP status. */
export async function mcp(mcpUrl, id, params, { capabilities = { elicitation: { form: {} } }, from = "127.0.0.1" } = {}) {
  const r = await send(mcpUrl, {
    method: "POST",
    from,
    timeoutMs: 60_000,
    headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": params.name },
    body: { jsonrpc: "2.0", id, method: "tools/call", params: { ...params, _meta: META(capabilities) } },
  });
  if (!String(r.headers["content-type"]).includes("text/event-stream")) return { ...(r.json ?? {}), httpStatus: r.status };
  // The answer is the stream's last event, read with the SDK client's own event-stream parser.
  let last = "{}";
  const events = new ReadableStream({ start: (c) => (c.enqueue(r.text), c.close()) }).pipeThrough(new EventSourceParserStream());
  for await (const event of events) if (event.data) last = event.data;
  return { ...JSON.parse(last), httpStatus: r.status };
}

/** A FrontMCP tool file: `body` is its execute(), `prelude` module-level code. */
export const tool = (name, body, prelude = "", schema = "{}") =>
  `import { Tool, ToolContext, z } from "@frontmcp/sdk";\n${prelude}\n@Tool({ name: "${name}", inputSchema: ${schema} })\nexport class T extends ToolContext { async execute(input: any) { ${body} } }\n`;

/** An official-SDK 1.x stdio server with a counter tool and `extra` registrations. */
export const officialServer = (extra = "") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "counter", version: "1.0.0" });
let n = 0;
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: String(++n) }] }));
${extra}
await server.connect(new StdioServerTransport());
`;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
