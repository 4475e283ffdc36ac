import { describe, expect, test } from "vitest";
import type { WireExchange } from "../../server-bridge/wire-log";
import { serverInstanceOf } from "./server-instance";

const exchange = (headers: Record<string, string>) => ({ responseHeaders: headers }) as unknown as WireExchange;

describe("the server instance an exchange names", () => {
  test("a 2025-11-25 connection's own instance, and the shared 2026-07-28 one", () => {
    expect(serverInstanceOf(exchange({ "playground-server-instance": "3; role=connection" }))).toMatchObject({
      number: 3,
      shared: false,
      label: "server instance 3 · this connection's own",
    });
    expect(serverInstanceOf(exchange({ "playground-server-instance": "1; role=modern" }))).toMatchObject({
      number: 1,
      shared: true,
      label: "server instance 1 · shared by 2026-07-28 requests",
    });
  });

  test("FrontMCP projects and malformed values name none", () => {
    expect(serverInstanceOf(exchange({}))).toBeUndefined();
    expect(serverInstanceOf(exchange({ "playground-server-instance": "x; role=other" }))).toBeUndefined();
  });
});
