// Two Host headers are refused: Node keeps the first, a proxy in front may route by the last, and the two must not
// disagree about which site a request is for. A Host carrying user info or a path is refused too: the URL parser
// would read it as our own name.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../app";
import { startTestPlayground } from "../testing/harness";
import { rawRequest } from "../testing/server-process";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

const get = (hosts: string[]) => Buffer.from(`GET /api/lessons HTTP/1.1\r\n${hosts.map((h) => `host: ${h}\r\n`).join("")}connection: close\r\n\r\n`, "latin1");

test("one Host is served; two, alike or not, are a 400, and so is one with user info, a path or a query", async () => {
  const port = Number(new URL(pg.url).port);
  expect(await rawRequest(port, get(["127.0.0.1"]))).toBe(200);
  expect(await rawRequest(port, get(["127.0.0.1", "127.0.0.1"]))).toBe(400);
  expect(await rawRequest(port, get(["127.0.0.1", "evil.example"]))).toBe(400);
  expect(await rawRequest(port, get(["evil.example", "127.0.0.1"]))).not.toBe(200);
  for (const odd of ["a@127.0.0.1", "127.0.0.1/evil", "127.0.0.1?x", "127.0.0.1#x", "evil.example\\@127.0.0.1"])
    expect(await rawRequest(port, get([odd]))).toBe(400);
});
