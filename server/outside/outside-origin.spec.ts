// The pretend page's link carries the origin the person can open: behind a proxy that ends TLS (TRUST_PROXY) the
// forwarded https scheme, as the session's MCP URL does; without TRUST_PROXY the header is anyone's and is ignored.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { createSession, startTestPlayground } from "../testing/harness";
import { until } from "../testing/outside";

let behind: Playground;
let plain: Playground;
beforeAll(async () => {
  [behind, plain] = await Promise.all([startTestPlayground({ trustProxy: true }), startTestPlayground()]);
});
afterAll(() => Promise.all([behind.close(), plain.close()]));

const FORWARDED = { "x-forwarded-proto": "https" };

/** Lesson 10's open_billing called as a 2025-11-25 client with URL mode would, through a proxy sending FORWARDED. */
async function pushedLink(pg: Playground, headers: Record<string, string>): Promise<{ url: URL; sessionId: string }> {
  const { id: sessionId } = await createSession(pg, (await getLesson("10-sensitive-data-url-mode"))!.files);
  const client = new Client({ name: "behind-a-proxy", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
  const pushed: { url: string }[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    pushed.push(req.params as { url: string });
    return { action: "cancel" };
  });
  // The proxy reaches the instance over plain http; the forwarded headers say how the person reached the proxy.
  await client.connect(new StreamableHTTPClientTransport(new URL(`${pg.url}/mcp/${sessionId}`), { requestInit: { headers } }));
  try {
    const call = client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    await until(() => pushed.length === 1);
    await call;
  } finally {
    await client.close();
  }
  return { url: new URL(pushed[0]!.url), sessionId };
}

describe("the outside page's origin", () => {
  test("with TRUST_PROXY, the link is on the forwarded https origin, as the session's MCP URL is", async () => {
    const { url, sessionId } = await pushedLink(behind, FORWARDED);
    expect(url.origin).toBe(`https://${new URL(behind.url).host}`);
    expect(url.pathname).toBe(`/outside/${sessionId}/billing-sign-in`);
  });

  test("without TRUST_PROXY a forwarded scheme changes nothing: the link is on the origin the request reached", async () => {
    const { url, sessionId } = await pushedLink(plain, FORWARDED);
    expect(url.origin).toBe(new URL(plain.url).origin);
    expect(url.pathname).toBe(`/outside/${sessionId}/billing-sign-in`);
  });
});
