// What a connection gets when Node's headers and request limits give up on it (connection-timeouts.ts), on a plain
// Node server with the playground's policy and short limits: a request a busy server had not read yet is served, a
// connection that never sent a byte is closed without an answer, a request that stops halfway gets a 408 (or, when its
// answer has begun, only a close), and one that cannot be parsed a 400.
import { execFile } from "node:child_process";
import { createServer, type RequestListener, type Server } from "node:http";
import { connect } from "node:net";
import { promisify } from "node:util";
import { afterEach, expect, test } from "vitest";
import { applyConnectionTimeouts } from "./connection-timeouts";

const LIMITS = { headersMs: 300, requestMs: 600 };
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Answers once the whole request has arrived. */
const serve: RequestListener = (req, res) => {
  req.resume();
  req.on("end", () => res.end("served"));
};

/**
 * A server with the playground's connection policy. `busyMs` keeps its event loop busy as it accepts a connection,
 * or, with `busyAfterMs`, that long after it accepted it (once it has read what came first).
 */
async function start(busyMs = 0, busyAfterMs?: number, answer = serve): Promise<number> {
  // Node's sweep of the limits every 50 ms instead of 30 s.
  server = createServer({ connectionsCheckingInterval: 50 }, answer);
  applyConnectionTimeouts(server, LIMITS);
  server.on("connection", () => {
    // Busy in the loop's check phase, so the sweep comes first in the next turn, before the sockets are read.
    if (busyAfterMs !== undefined) setTimeout(() => setImmediate(() => busy(busyMs)), busyAfterMs);
    else busy(busyMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** What the server wrote back on a connection that sent `sent` (in this process), until it closed. */
function answerTo(port: number, sent: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(sent));
    let received = "";
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(received));
  });
}

/**
 * The same from another process, which writes whatever this process's event loop is doing: `sent` at once on
 * connecting, and `later` 300 ms after.
 */
async function answerFromAnotherProcess(port: number, sent: string, later = ""): Promise<string> {
  const script = `const s = require("node:net").connect(${port}, "127.0.0.1", () => { s.write(${JSON.stringify(sent)}); if (${JSON.stringify(later)}) setTimeout(() => s.write(${JSON.stringify(later)}), 300); });
let r = ""; s.on("data", (d) => (r += d.toString("latin1"))); s.on("error", () => {}); s.on("close", () => process.stdout.write(JSON.stringify(r)));`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { timeout: 20_000 });
  return JSON.parse(stdout) as string;
}

const GET = "GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n";

test("a request sent while the server was too busy to read it before the limit is served, not cut off", async () => {
  // Busy for well past the headers limit from the moment it accepts: the request sits unread when the sweep runs.
  const port = await start(2_000);
  expect(await answerFromAnotherProcess(port, GET)).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*served$/);
});

test("a request read late but whose body never ends still gets the request limit: a 408", async () => {
  const port = await start(2_000);
  const partial = "POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab";
  expect(await answerFromAnotherProcess(port, partial)).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
});

test("a request read late whose body never ends, with its answer begun: the connection is closed, no 408 inside the answer", async () => {
  const port = await start(2_000, undefined, (_req, res) => {
    res.writeHead(200, { "content-length": "100" });
    res.write("begun");
  });
  const partial = "POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab";
  expect(await answerFromAnotherProcess(port, partial)).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nbegun$/);
});

test("headers begun before the server got busy and finished while it was: the body still has the request limit, not none", async () => {
  // The server reads the request line, is busy from 100 ms to 2.1 s, and meanwhile the rest of the headers and 2 of
  // the body's 10 bytes arrive. Node's sweep gives up on the headers before reading them, and times the request no more.
  const port = await start(2_000, 100);
  const rest = "host: x\r\ncontent-length: 10\r\n\r\nab";
  expect(await answerFromAnotherProcess(port, "POST / HTTP/1.1\r\n", rest)).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
});

test("a connection that never sends a byte is closed without an answer", async () => {
  const port = await start();
  expect(await answerTo(port, "")).toBe("");
});

test("a request whose headers stop halfway gets a 408, one that is not HTTP a 400", async () => {
  const port = await start();
  expect(await answerTo(port, "GET / HTTP/1.1\r\nhost: x\r\n")).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(await answerTo(port, "NOT HTTP AT ALL\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
});
