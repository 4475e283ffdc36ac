// The claims of lesson 19 (a person who takes their time), on the lesson's own files with the official SDK client
// set up as the page sets up its own: on 2025-11-25 the client's request timeout (a tenth of the SDK's when
// fast-forwarded) ends a call whose person has not answered, and the server withdraws its question; on 2026-07-28 a
// fast-forwarded call's requestState carries a tenth of the server's expiry, completes when answered in time, and is
// refused after. No test waits a fixed time: each waits for what the server or the state says.
import { Client, isInputRequiredResult, SdkError, SdkErrorCode, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAST_FORWARD_HEADER } from "../contract/person-timing";
import type { Playground } from "../server/app";
import { getLesson } from "../server/lessons/catalog";
import { createSession, startTestPlayground } from "../server/testing/harness";
import { requestTimeout } from "../src/server-bridge/mcp-client";

const TTL_SECONDS = 20;
let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground({ requestStateTtlSeconds: TTL_SECONDS });
});
afterAll(() => pg?.close());

const ID = "19-a-person-who-takes-their-time";
const yes = { action: "accept", content: { confirm: true } } as const;

async function client(era: "2025-11-25" | "2026-07-28", fastForward: boolean) {
  const s = await createSession(pg, (await getLesson(ID))!.files);
  const modern = era === "2026-07-28";
  const c = new Client(
    { name: "slow-person", version: "1" },
    {
      capabilities: { elicitation: { form: {} } },
      ...(modern && { versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } }),
    },
  );
  const fetchAs: typeof fetch = (url, init) => {
    const headers = new Headers(init?.headers);
    if (fastForward) headers.set(FAST_FORWARD_HEADER, "1");
    return fetch(url, { ...init, headers });
  };
  await c.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: fetchAs }));
  return c;
}

const expiryOf = (state: string) => (JSON.parse(Buffer.from(state.split(".")[1]!, "base64url").toString()) as { exp: number }).exp;

describe("19 A person who takes their time", () => {
  test("2025-11-25: the client's timeout (a tenth of the SDK's) ends the call, the question is withdrawn, the ticket stays open", async () => {
    const c = await client("2025-11-25", true);
    let withdrawn = false;
    c.setRequestHandler("elicitation/create", async (_req, ctx) => {
      // The person answers only once the question is withdrawn: later than any timeout.
      await new Promise((resolve) => ctx.mcpReq.signal.addEventListener("abort", resolve));
      withdrawn = true;
      return yes as never;
    });
    const failed = await c.callTool({ name: "close_ticket", arguments: { id: "T-1" } }, { timeout: requestTimeout(true) }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SdkError);
    expect((failed as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    await expect.poll(() => withdrawn).toBe(true);
    const ticket = await c.callTool({ name: "get_ticket", arguments: { id: "T-1" } });
    expect(ticket.structuredContent).toMatchObject({ status: "open" });
    await c.close();
  });

  test("2026-07-28: a fast-forwarded call's state carries a tenth of the expiry, and an answer in time completes it", async () => {
    const [fast, normal] = [await client("2026-07-28", true), await client("2026-07-28", false)];
    const call = { name: "close_ticket", arguments: { id: "T-1" } };
    const [r1, plain] = [await fast.callTool(call, { allowInputRequired: true }), await normal.callTool(call, { allowInputRequired: true })];
    if (!isInputRequiredResult(r1) || !isInputRequiredResult(plain)) throw new Error("close_ticket did not ask");
    const now = Date.now() / 1000;
    expect(expiryOf(r1.requestState!)).toBeLessThanOrEqual(Math.ceil(now) + TTL_SECONDS / 10);
    expect(expiryOf(plain.requestState!)).toBeGreaterThanOrEqual(Math.floor(now) + TTL_SECONDS - 1);
    const key = Object.keys(r1.inputRequests ?? {})[0]!;
    const done = await fast.callTool({ ...call, inputResponses: { [key]: yes }, requestState: r1.requestState } as never, { allowInputRequired: true });
    expect(done.structuredContent).toEqual({ id: "T-1", closed: true });
    await Promise.all([fast.close(), normal.close()]);
  });

  test("2026-07-28: an answer after the state's expiry gets the server's -32602 invalid_request_state", async () => {
    const c = await client("2026-07-28", true);
    const call = { name: "close_ticket", arguments: { id: "T-2" } };
    const r1 = await c.callTool(call, { allowInputRequired: true });
    if (!isInputRequiredResult(r1)) throw new Error("close_ticket did not ask");
    const exp = expiryOf(r1.requestState!);
    await expect.poll(() => Math.floor(Date.now() / 1000) > exp, { timeout: 30_000 }).toBe(true);
    const key = Object.keys(r1.inputRequests ?? {})[0]!;
    const late = await c
      .callTool({ ...call, inputResponses: { [key]: yes }, requestState: r1.requestState } as never, { allowInputRequired: true })
      .catch((e) => e);
    expect(late).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
    await c.close();
  });
});
