// A kept-alive connection stays usable for as long as a client in front of the server may reuse it without a
// retry: nginx's upstream connections (60 s idle, a POST never resent) and Node's fetch past its hint. One
// connection of the real `npm start` server, idle for longer than Node's default (5 s, plus its 1 s of slack), then a
// POST on it: it must be answered, not reset. See connection-timeouts.ts.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "../testing/server-process";
import { IDLE_CONNECTION_MS } from "./connection-timeouts";

/** Past Node's default idle close (5 s + 1 s), well within nginx's 60 s and the 61 s kept here. */
const IDLE_MS = 7_500;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(() => server?.stop());

/** Whether `text` holds a whole response: its head, and as much body as its content-length or chunking says. */
function complete(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, end));
  if (length) return text.length - end - 4 >= Number(length[1]);
  return text.endsWith("\r\n0\r\n\r\n");
}

/** One keep-alive connection: each `send` writes a request and resolves with the response head, or with why none came. */
function keptAlive(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  let ended: string | undefined;
  let waiting: (() => void) | undefined;
  socket.on("data", (d) => ((received += d.toString("latin1")), waiting?.()));
  socket.on("end", () => ((ended ??= "the server closed the connection"), waiting?.()));
  socket.on("error", (e) => ((ended ??= `${(e as NodeJS.ErrnoException).code}`), waiting?.()));
  return {
    async send(request: string): Promise<{ head?: string; ended?: string }> {
      received = "";
      socket.write(request);
      await new Promise<void>((resolve) => {
        waiting = () => (complete(received) || ended ? resolve() : undefined);
        // The server may have closed the connection while it sat idle.
        waiting();
      });
      return received ? { head: received.split("\r\n\r\n")[0] } : { ended };
    },
    close: () => socket.destroy(),
  };
}

test(`a connection idle for ${IDLE_MS / 1000} s still takes a POST, and the server says it keeps idle ones ${IDLE_CONNECTION_MS / 1000} s`, async () => {
  const connection = keptAlive(server.port);
  try {
    const host = `host: 127.0.0.1:${server.port}`;
    const first = await connection.send(`GET /healthz HTTP/1.1\r\n${host}\r\n\r\n`);
    expect(first.head).toMatch(/^HTTP\/1\.1 200/);
    // The idle gap is the condition under test, not a wait for something to happen.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const second = await connection.send(
      `POST /mcp/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\n${host}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    // An unknown session's 404 is the server's answer; a reset or a closed connection would be no answer at all.
    expect(second).toEqual({ head: expect.stringMatching(/^HTTP\/1\.1 404/) });
    // What hint-following clients (undici) size their own idle time by.
    expect(first.head).toMatch(new RegExp(`\\r\\nkeep-alive: timeout=${IDLE_CONNECTION_MS / 1000}(\\r\\n|$)`, "i"));
  } finally {
    connection.close();
  }
}, 30_000);
