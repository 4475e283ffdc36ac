// A 2025-11-25 session refuses what its SDK transport would take, each broken rule sent by the SDK client on the bent
// transport (contract/rule-breaking-transport.ts): HTTP 400 and -32600, while the call itself ends as the rule says.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { createSession, startTestPlayground } from "../testing/harness";
import { breakRule, type BrokenSend, type TransportBreak } from "../../contract/rule-breaking-transport";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

const yes = { action: "accept", content: { confirm: true } } as const;

async function connect(rule: TransportBreak, onAsk: (client: Client) => Promise<void> = async () => undefined) {
  const s = await createSession(pg, helpDesk());
  const transport = new StreamableHTTPClientTransport(new URL(s.mcpUrl));
  const broken: BrokenSend[] = [];
  const bent = breakRule(transport, rule, (answer) => broken.push(answer));
  const client = new Client({ name: "misbehaving", version: "1" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler("elicitation/create", async () => {
    await onAsk(client);
    return yes as never;
  });
  await client.connect(transport);
  return { client, bent, broken };
}

const refusedWith = (answer: BrokenSend | undefined, words: string) => {
  expect(answer?.status).toBe(400);
  expect(JSON.parse(answer!.text)).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining(words) } });
};

describe("a 2025-11-25 client that breaks a rule its SDK keeps", () => {
  test("a request reusing the id of the call in flight is refused, and the call still completes", async () => {
    let second: unknown;
    const { client, bent } = await connect("id-in-flight", async (c) => {
      bent.reuseIdInFlight();
      second = await c.callTool({ name: "close_ticket", arguments: { id: "T-2" } }).catch((e: Error) => e);
    });
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(result.structuredContent).toEqual({ id: "T-1", closed: true });
    expect((second as { status?: number }).status).toBe(400);
    expect((second as Error).message).toContain("in use by a request still in flight");
    await client.close();
  });

  test("an answer sent twice is taken once; the second is refused", async () => {
    const { client, broken } = await connect("answer-twice");
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(result.structuredContent).toEqual({ id: "T-1", closed: true });
    await expect.poll(() => broken.length).toBe(1);
    refusedWith(broken[0], "answered already, or withdrawn");
    await client.close();
  });

  test("an answer after the call was cancelled is refused, and the ticket stays open", async () => {
    const cancel = new AbortController();
    const { client, broken } = await connect("answer-after-cancel", async () => cancel.abort("The person left"));
    const call = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } }, { signal: cancel.signal }).catch((e: Error) => e);
    expect(call).toBeInstanceOf(Error);
    await expect.poll(() => broken.length).toBe(1);
    refusedWith(broken[0], "answered already, or withdrawn");
    const reason = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } }).catch(() => undefined);
    expect(reason?.structuredContent).toEqual({ id: "T-1", closed: true });
    await client.close();
  });
});
