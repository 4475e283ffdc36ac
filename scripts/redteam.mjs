// `npm run redteam`: the hardening issue's hostile cases against a real server (server/main.ts, as `npm start`
// runs it) on a free loopback port. Bounded: every loop has a fixed count, every request a timeout, the whole run
// a deadline. Prints a table of case, expected, observed; exits 1 if any case did not hold.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { SERVER_ENV } from "./server-env.mjs";
import { EventSourceParserStream } from "eventsource-parser/stream";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DEADLINE = Date.now() + 170_000;
const rows = [];

function startServer(extraEnv = {}) {
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
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], port: Number(new URL(m[1]).port), child, log: () => out, rssMB: () => rssOf(child.pid) });
      }
    });
  });
}

/** The process's resident memory in MB, from /proc. */
function rssOf(pid) {
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
}

function raw(port, text, timeoutMs = 5000) {
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

const get = (line, headers = ["host: 127.0.0.1"]) => `${line}\r\n${headers.join("\r\n")}\r\nconnection: close\r\n\r\n`;

async function main() {
  const server = await startServer();
  const { url, port } = server;
  const json = async (method, path, body, headers = {}, timeoutMs = 30_000) => {
    const r = await fetch(url + path, {
      method,
      headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await r.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: r.status, json: parsed, headers: r.headers };
  };
  const mcp = async (mcpUrl, id, params, capabilities = { elicitation: { form: {} } }) => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": capabilities,
      "io.modelcontextprotocol/clientInfo": { name: "redteam", version: "1" },
    };
    const r = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": params.name,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { ...params, _meta: meta } }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!r.headers.get("content-type")?.includes("text/event-stream")) return JSON.parse((await r.text()) || "{}");
    // The answer is the stream's last event, read with the SDK client's own event-stream parser.
    let last = "{}";
    for await (const event of r.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream())) if (event.data) last = event.data;
    return JSON.parse(last);
  };
  const session = async (files) => (await json("POST", "/api/sessions", { files })).json;
  const check = async (name, expected, run) => {
    if (Date.now() > DEADLINE) return rows.push({ name, expected, observed: "not run (deadline)", ok: false });
    try {
      const { observed, ok } = await run();
      rows.push({ name, expected, observed, ok });
    } catch (error) {
      rows.push({ name, expected, observed: `error: ${error.message}`.slice(0, 120), ok: false });
    }
  };
  const alive = async () => (await json("GET", "/api/lessons")).status === 200;
  const tool = (name, body, prelude = "", schema = "{}") =>
    `import { Tool, ToolContext, z } from "@frontmcp/sdk";\n${prelude}\n@Tool({ name: "${name}", inputSchema: ${schema} })\nexport class T extends ToolContext { async execute(input: any) { ${body} } }\n`;
  const ask = (question) =>
    tool(
      "close_ticket",
      `const a = await this.elicit(${question}, z.object({ confirm: z.boolean() })); if (a.status !== "accept" || !a.content!.confirm) return { closed: false }; closes++; return { closed: true, closes };`,
      "let closes = 0;",
      "{ id: z.string() }",
    );
  const YES = { "elicitation-1": { action: "accept", content: { confirm: true } } };

  // 1. No request kills the server
  await check("Host: [ (ended the process before)", "400, server alive", async () => {
    const s = await raw(port, get("GET /api/lessons HTTP/1.1", ["host: ["]));
    return { observed: `${s}, alive=${await alive()}`, ok: s === 400 && (await alive()) };
  });
  await check("GET /%E0 and /api/lessons/%E0", "400 each, no stack trace", async () => {
    const a = await raw(port, get("GET /%E0 HTTP/1.1"));
    const b = await raw(port, get("GET /api/lessons/%E0 HTTP/1.1"));
    return { observed: `${a}, ${b}; stack in log: ${/^\s+at /m.test(server.log())}`, ok: a === 400 && b === 400 && !/^\s+at /m.test(server.log()) };
  });
  await check("300 malformed requests (hosts, paths, methods, headers, bodies)", "all answered 4xx, then normal", async () => {
    const cases = [
      get("GET / HTTP/1.1", ["host: [::1"]),
      get("FOO / HTTP/1.1"),
      get("GET * HTTP/1.1"),
      get("GET //evil/x HTTP/1.1"),
      get("POST /api/sessions HTTP/1.1", ["host: 127.0.0.1", "content-length: abc"]),
      get("GET / HTTP/1.1", ["host: 127.0.0.1", "x: a\u0000b"]),
      `POST /api/sessions HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 9\r\nconnection: close\r\n\r\n{"files":`,
      `POST /mcp/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n[[`,
      get("GET /assets/..%2f..%2fpackage.json HTTP/1.1"),
      get("DELETE / HTTP/1.1"),
    ];
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push(...(await Promise.all(cases.map((c) => raw(port, c)))));
    const answered = statuses.filter((s) => s !== undefined).length;
    const fourxx = statuses.filter((s) => s >= 400 && s < 500).length;
    return { observed: `${answered}/${statuses.length} answered, ${fourxx} 4xx, alive=${await alive()}`, ok: fourxx === statuses.length && (await alive()) };
  });

  // 7. Web hygiene
  const s0 = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
  await check("forged Reset with Origin: null", "403", async () => {
    const r = await json("POST", `/api/sessions/${s0.id}/reset`, undefined, { origin: "null" });
    return { observed: String(r.status), ok: r.status === 403 };
  });
  await check("forged Reset from another local port", "403", async () => {
    const r = await json("POST", `/api/sessions/${s0.id}/reset`, undefined, { origin: `http://localhost:${port + 1}` });
    return { observed: String(r.status), ok: r.status === 403 };
  });
  await check("rebinding Host name", "403", async () => {
    const s = await raw(port, get("GET /api/lessons HTTP/1.1", ["host: evil.example"]));
    return { observed: String(s), ok: s === 403 };
  });
  await check("page headers", "CSP, frame-ancestors 'none', nosniff, no-referrer", async () => {
    const r = await fetch(url + "/");
    const csp = r.headers.get("content-security-policy") ?? "";
    const ok =
      /script-src 'self'/.test(csp) &&
      !/script-src[^;]*unsafe-inline/.test(csp) &&
      /frame-ancestors 'none'/.test(csp) &&
      r.headers.get("x-content-type-options") === "nosniff" &&
      r.headers.get("referrer-policy") === "no-referrer";
    return { observed: ok ? "all present" : csp.slice(0, 80), ok };
  });
  await check("answer with a field outside the form", "refused (INVALID_INPUT)", async () => {
    const r1 = await mcp(s0.mcpUrl, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    const r2 = await mcp(s0.mcpUrl, 2, {
      name: "close_ticket",
      arguments: { id: "T-1" },
      requestState: r1.result.requestState,
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true, deleteAll: true } } },
    });
    return { observed: String(r2.result?._meta?.code ?? JSON.stringify(r2).slice(0, 80)), ok: r2.result?._meta?.code === "INVALID_INPUT" };
  });

  // 5. requestState means one question, once
  await check("saved yes after a code change (new question)", "-32602, nothing done", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await mcp(s.mcpUrl, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    await json("PUT", `/api/sessions/${s.id}/files`, { files: { "close.tool.ts": ask("`Close ${input.id}? Also DELETE ALL tickets?`") } });
    const r2 = await mcp(s.mcpUrl, 2, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES });
    return { observed: String(r2.error?.code ?? "accepted"), ok: r2.error?.code === -32602 };
  });
  await check("final round replayed 3 times", "acts once, then -32602", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await mcp(s.mcpUrl, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    const outs = [];
    for (let i = 0; i < 3; i++)
      outs.push(await mcp(s.mcpUrl, 2 + i, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES }));
    const acted = outs.filter((o) => o.result?.structuredContent?.closed).length;
    return { observed: `acted ${acted}x, refused ${outs.filter((o) => o.error?.code === -32602).length}x`, ok: acted === 1 };
  });
  await check("state minted before Reset, used after", "-32602", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await mcp(s.mcpUrl, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    await json("POST", `/api/sessions/${s.id}/reset`);
    const r2 = await mcp(s.mcpUrl, 2, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES });
    return { observed: String(r2.error?.code ?? "accepted"), ok: r2.error?.code === -32602 };
  });

  // 3. A neighbour cannot hurt a bystander
  await check("native indexOf that ignores the interrupt", "neighbour fails; bystander's call OK, state kept", async () => {
    const bystander = await session({ "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") });
    for (let i = 1; i <= 3; i++) await mcp(bystander.mcpUrl, i, { name: "count", arguments: {} });
    const neighbours = await Promise.all(
      [1, 2].map(() => session({ "s.tool.ts": tool("search", 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };') })),
    );
    const started = Date.now();
    const [n1, n2, b] = await Promise.all([
      ...neighbours.map((n) => mcp(n.mcpUrl, 1, { name: "search", arguments: {} })),
      mcp(bystander.mcpUrl, 9, { name: "count", arguments: {} }),
    ]);
    return {
      observed: `neighbours isError=${n1.result?.isError},${n2.result?.isError}; bystander n=${b.result?.structuredContent?.n} after ${Date.now() - started} ms`,
      ok: n1.result?.isError && b.result?.structuredContent?.n === 4,
    };
  });
  await check("native indexOf next to an official-SDK bystander", "bystander's server keeps its state (image)", async () => {
    const counter = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
const server = new McpServer({ name: "counter", version: "1.0.0" });
let n = 0;
server.registerTool("count", {}, async () => ({ content: [{ type: "text", text: String(++n) }] }));
await server.connect(new StdioServerTransport());
`;
    const bystander = await session({ "server.ts": counter });
    for (let i = 1; i <= 3; i++) await mcp(bystander.mcpUrl, i, { name: "count", arguments: {} });
    const neighbours = await Promise.all(
      [1, 2].map(() => session({ "s.tool.ts": tool("search", 'return { at: "a".repeat(4e6).indexOf("a".repeat(4000) + "b") };') })),
    );
    const [n1, , b] = await Promise.all([
      ...neighbours.map((n) => mcp(n.mcpUrl, 1, { name: "search", arguments: {} })),
      mcp(bystander.mcpUrl, 9, { name: "count", arguments: {} }),
    ]);
    const after = await mcp(bystander.mcpUrl, 10, { name: "count", arguments: {} });
    const counts = [b.result?.content?.[0]?.text, after.result?.content?.[0]?.text];
    return { observed: `neighbour isError=${n1.result?.isError}; bystander counted ${counts.join(", ")}`, ok: n1.result?.isError && counts.join() === "4,5" };
  });
  await check("24 ordinary loops at once", "each stopped at the limit (TIMEOUT)", async () => {
    const loops = await Promise.all(Array.from({ length: 24 }, () => session({ "l.tool.ts": tool("spin", "for (;;) {}") })));
    const out = await Promise.all(loops.map((l, i) => mcp(l.mcpUrl, i, { name: "spin", arguments: {} })));
    const codes = out.map((o) => o.result?._meta?.code);
    return { observed: `${codes.filter((c) => c === "TIMEOUT").length}/24 TIMEOUT`, ok: codes.every((c) => c === "TIMEOUT") };
  });
  await check("36 files of endless tests vs a bystander's one-test run", "bystander passes; endless run cut by budget", async () => {
    const endless = Object.fromEntries(
      Array.from({ length: 36 }, (_, i) => [`e${i}.test.ts`, `import { test } from "@frontmcp/testing";\ntest("spin", async () => { for (;;) {} });\n`]),
    );
    const n = await session({ "count.tool.ts": tool("count", "return {};"), ...endless });
    const b = await session({
      "count.tool.ts": tool("count", "return {};"),
      "q.test.ts": `import { expect, test } from "@frontmcp/testing";\ntest("ok", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBe(1); });\n`,
    });
    const started = Date.now();
    // The endless run may take its whole budget: 60 s of running time, about 30 s on two workers.
    const slow = json("POST", `/api/sessions/${n.id}/tests`, {}, {}, 120_000);
    await new Promise((r) => setTimeout(r, 300));
    const quick = await json("POST", `/api/sessions/${b.id}/tests`, {});
    const quickMs = Date.now() - started;
    const s = await slow;
    return {
      observed: `bystander passed=${quick.json?.passed} after ${quickMs} ms; endless run ${Date.now() - started} ms, failed=${s.json?.failed}`,
      ok: quick.json?.passed === 1,
    };
  });

  // 4. Checks cannot be forged (the checks helper's work)
  await check("c1: unsolved starter + code replacing __playground.runTest", "Check does not pass", async () => {
    const starter = readFileSync(`${ROOT}lessons/c1-confirm-before-deleting/files/delete-ticket.tool.ts`, "utf8");
    const forge = `const g: any = globalThis;\nif (g.__playground) { const pass = async () => JSON.stringify({ status: "passed", name: "x", file: "x", durationMs: 0, logs: [] }); g.__playground.runTest = pass; }\nexport {};\n`;
    const r = await json("POST", "/api/challenges/c1-confirm-before-deleting/check", { files: { "delete-ticket.tool.ts": starter, "forge.ts": forge } });
    return { observed: `status ${r.status}, passed=${r.json?.passed ?? r.json?.complete}`, ok: r.status === 200 && !r.json?.passed && !r.json?.complete };
  });

  const checkOf = async (id, files) => (await json("POST", `/api/challenges/${id}/check`, { files })).json;
  const verdicts = (report) => (report?.checks ?? []).map((c) => `${c.passed ? "pass" : "FAIL"} ${c.name}`).join("; ");
  const c1 = { "delete-ticket.tool.ts": readFileSync(`${ROOT}lessons/c1-confirm-before-deleting/files/delete-ticket.tool.ts`, "utf8") };
  const setter = (body) =>
    `Object.defineProperty(Object.prototype, "@frontmcp/testing", { configurable: true, set(testing: any) {\n  const test = (name: string, fn: Function) => testing.test(name, async () => { ${body} });\n  Object.defineProperty(this, "@frontmcp/testing", { value: { ...testing, test }, enumerable: true, writable: true, configurable: true });\n} });\nexport {};\n`;
  await check("c1: a setter on Object.prototype swaps test(), or reads the checks with String(fn)", "the same verdicts as the starter alone", async () => {
    const [alone, forged, leaked] = await Promise.all([
      checkOf("c1-confirm-before-deleting", c1),
      checkOf("c1-confirm-before-deleting", { ...c1, "zz.ts": setter("") }),
      checkOf("c1-confirm-before-deleting", { ...c1, "zz.ts": setter('if (!String(fn).includes("T-1")) throw new Error("bit 0");') }),
    ]);
    const same = verdicts(forged) === verdicts(alone) && verdicts(leaked) === verdicts(alone);
    return {
      observed: `passed=${alone?.passed},${forged?.passed},${leaked?.passed}; verdicts ${same ? "identical" : "DIFFER"}`,
      ok: alone?.passed === false && same,
    };
  });
  await check("c7: a test that pins the tool's source length", "catches no broken variant (Check fails)", async () => {
    const id = "c7-write-the-tests";
    const dir = `${ROOT}lessons/${id}/files/`;
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => !f.endsWith(".test.ts"))
        .map((f) => [f, readFileSync(dir + f, "utf8")]),
    );
    const probe = `import { expect, test } from "@frontmcp/testing";\nimport { AssignTicket } from "./assign-ticket.tool";\ntest("length", () => { expect(String(AssignTicket).length).toBe(-1); });\n`;
    const s = await session({ ...files, "assign-ticket.test.ts": probe });
    const run = await json("POST", `/api/sessions/${s.id}/tests`, {});
    const length = Number(/Received:\s*(\d+)/.exec(run.json?.tests?.[0]?.error?.message ?? "")?.[1]);
    const report = await checkOf(id, { ...files, "assign-ticket.test.ts": probe.replace("toBe(-1)", `toBe(${length})`) });
    const passedChecks = (report?.checks ?? []).filter((c) => c.passed).map((c) => c.name);
    return {
      observed: `learned length ${length}; Check passed=${report?.passed}, checks passed: ${passedChecks.join("; ") || "none"}`,
      ok: length > 100 && report?.passed === false,
    };
  });

  // 2. Memory bounded, console output and test reports capped
  await check("one call logging 1 MB (LOG_CALL_KB)", "64 KB kept, the cut says how much", async () => {
    const s = await session({ "talk.tool.ts": tool("talk", 'console.log("x".repeat(1e6)); return {};') });
    await mcp(s.mcpUrl, 1, { name: "talk", arguments: {} });
    const tail = (await json("GET", `/api/sessions/${s.id}/console`)).json;
    const kept = tail.lines.slice(0, -1).join("\n").length;
    return { observed: `kept ${kept} bytes; ${tail.lines.at(-1)}`.slice(0, 140), ok: kept <= 64 * 1024 && /more not shown/.test(tail.lines.at(-1)) };
  });
  await check("60 calls logging 16 KB each (LOG_SESSION_KB)", "last 256 KB kept, the rest said dropped", async () => {
    const s = await session({ "talk.tool.ts": tool("talk", 'console.log("y".repeat(16_000)); return {};') });
    for (let i = 0; i < 60; i++) await mcp(s.mcpUrl, i, { name: "talk", arguments: {} });
    const tail = (await json("GET", `/api/sessions/${s.id}/console`)).json;
    const kept = tail.lines.slice(1).join("\n").length;
    return { observed: `kept ${kept} bytes; ${tail.lines[0]}`.slice(0, 140), ok: kept <= 256 * 1024 && tail.droppedBytes > 0 };
  });
  await check("a test run with a 3 MB report (TEST_REPORT_KB)", "sent within 512 KB, says what it cut", async () => {
    const tests = `import { expect, test } from "@frontmcp/testing";\nfor (let i = 0; i < 40; i++) test("t" + i + " " + "n".repeat(2000), () => { console.log("z".repeat(60_000)); });\ntest("fails", () => expect("a".repeat(300_000)).toBe("b".repeat(300_000)));\n`;
    const s = await session({ "talk.tool.ts": tool("talk", "return {};"), "big.test.ts": tests });
    const r = await fetch(`${url}/api/sessions/${s.id}/tests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(60_000),
    });
    const text = await r.text();
    const run = JSON.parse(text);
    return {
      observed: `${Math.round(text.length / 1024)} KB sent, ${Math.round((run.cut?.bytes ?? 0) / 1024)} KB cut, ${run.cut?.testsLeftOut} tests not listed; counts ${run.passed}/${run.failed}`,
      ok: text.length <= 512 * 1024 && run.cut?.bytes > 0 && run.passed === 40 && run.failed === 1,
    };
  });
  await check("tool returning a 12 MB result", "refused or truncated, server keeps serving", async () => {
    const s = await session({ "big.tool.ts": tool("big", 'return { text: "x".repeat(12e6) };') });
    const r = await mcp(s.mcpUrl, 1, { name: "big", arguments: {} });
    const size = JSON.stringify(r).length;
    return { observed: `answer ${Math.round(size / 1024)} KB, isError=${r.result?.isError}, alive=${await alive()}`, ok: size < 2e6 && (await alive()) };
  });

  await check("24 sessions growing VMs to return 3 MB (a server with SANDBOX_TOTAL_MB=256)", "refused clearly; RSS bounded, back down", async () => {
    // A server of its own, so the sessions the cases above keep (used within minutes, not evictable) leave it room.
    const small = await startServer({ SANDBOX_TOTAL_MB: "256", SESSION_IDLE_MINUTES: "0.1" });
    try {
      const post = async (path, body) => {
        const r = await fetch(small.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: r.status, json: await r.json() };
      };
      const bystander = (await post("/api/sessions", { files: { "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") } })).json;
      await mcp(bystander.mcpUrl, 1, { name: "count", arguments: {} });
      const before = small.rssMB();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, small.rssMB())), 50);
      const big = await Promise.all(
        Array.from({ length: 24 }, () => post("/api/sessions", { files: { "big.tool.ts": tool("big", 'return { text: "x".repeat(3e6) };') } })),
      );
      const answers = await Promise.all(big.filter((b) => b.status === 201).map((b, i) => mcp(b.json.mcpUrl, i, { name: "big", arguments: {} })));
      clearInterval(sampler);
      const by = await mcp(bystander.mcpUrl, 2, { name: "count", arguments: {} });
      const isFull = (a) => /SANDBOX_TOTAL_MB=256/.test(a.result?.content?.[0]?.text ?? "");
      const full = answers.filter(isFull).length;
      const clear = answers.every((a) => isFull(a) || a.result?._meta?.code === "RESULT_TOO_LARGE");
      // The ceiling of docs/security.md: idle size + SANDBOX_TOTAL_MB + COMPILE_CACHE_MB + 2 load caches of 32 MB + 256 MB.
      const ceiling = before + 256 + 64 + 64 + 256;
      // Back down: the sessions close 6 s after their last use; RSS is read every 250 ms for up to 30 s.
      let after = small.rssMB();
      for (let i = 0; i < 120 && after > before + 64; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = small.rssMB();
      }
      return {
        observed: `${full}/${answers.length} full; RSS ${before}>${peak}>${after} MB (ceiling ${ceiling}); bystander n=${by.result?.structuredContent?.n}`,
        ok: clear && full > 0 && peak < ceiling && after <= before + 64 && by.result?.structuredContent?.n === 2,
      };
    } finally {
      small.child.kill("SIGTERM");
    }
  });

  // 6. Fair use (last: it spends the address's session budget)
  await check("200 uploads that do not compile, then 429", "learner kept; 429 + Retry-After", async () => {
    const learner = await session({ "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") });
    await mcp(learner.mcpUrl, 1, { name: "count", arguments: {} });
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => json("POST", "/api/sessions", { files: { "a.tool.ts": "export const = 1" } })))));
    const limited = statuses.find((r) => r.status === 429);
    const after = await mcp(learner.mcpUrl, 2, { name: "count", arguments: {} });
    return {
      observed: `422=${statuses.filter((r) => r.status === 422).length} 429=${statuses.filter((r) => r.status === 429).length} retry-after=${limited?.headers.get("retry-after")}; learner n=${after.result?.structuredContent?.n}`,
      ok: Boolean(limited?.headers.get("retry-after")) && after.result?.structuredContent?.n === 2,
    };
  });

  server.child.kill("SIGTERM");
}

await Promise.race([main(), new Promise((_, reject) => setTimeout(() => reject(new Error("redteam deadline")), 175_000).unref())]).catch((error) => {
  rows.push({ name: "(run)", expected: "finishes", observed: error.message.slice(0, 200), ok: false });
});
const width = (key) => Math.min(60, Math.max(key.length, ...rows.map((r) => String(r[key]).length)));
const [w1, w2, w3] = ["name", "expected", "observed"].map(width);
const line = (a, b, c, d) => `${String(a).padEnd(w1).slice(0, w1)} | ${String(b).padEnd(w2).slice(0, w2)} | ${String(c).padEnd(w3).slice(0, 90)} | ${d}`;
console.log(line("case", "expected", "observed", "holds"));
console.log("-".repeat(w1 + w2 + Math.min(w3, 90) + 15));
for (const r of rows) console.log(line(r.name, r.expected, r.observed, r.ok ? "yes" : "NO"));
console.log(`\n${rows.filter((r) => r.ok).length} of ${rows.length} cases hold`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
