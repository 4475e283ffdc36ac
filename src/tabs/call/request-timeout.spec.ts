import { DEFAULT_REQUEST_TIMEOUT_MSEC } from "@modelcontextprotocol/client";
import { expect, test } from "vitest";
import { requestTimeout } from "../../server-bridge/mcp-client";
import { requestTimeoutSeconds } from "./request-timeout";

test("the timeout the page shows is the one its client waits, the SDK's own, a tenth of it fast-forwarded", () => {
  for (const fastForward of [false, true]) expect(requestTimeoutSeconds(fastForward) * 1000).toBe(requestTimeout(fastForward));
  expect(requestTimeout(false)).toBe(DEFAULT_REQUEST_TIMEOUT_MSEC);
});
