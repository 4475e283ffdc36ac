// 2025-11-25 sessions: the v2 client in legacy mode and the v1 SDK 1.32 client, with and without forms.
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { createSession, legacyV2Client, startTestPlayground, v1Client } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

describe("v2 client on 2025-11-25 with forms: the server pushes elicitation/create on the call's stream", () => {
  test.each([
    [
      { action: "accept", content: { confirm: true } },
      { id: "T-1", closed: true },
    ],
    [{ action: "decline" }, { id: "T-1", closed: false, reason: "declined" }],
    [{ action: "cancel" }, { id: "T-1", closed: false, reason: "cancelled" }],
  ])("answer %j", async (answer, expected) => {
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, { elicitation: { form: {} } });
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    const pushed: unknown[] = [];
    client.setRequestHandler("elicitation/create", async (req) => {
      pushed.push(req.params);
      return answer as never;
    });
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ message: 'Close T-1 "Cannot log in"?', requestedSchema: { properties: { confirm: { type: "boolean" } } } });
    expect(result.structuredContent).toEqual(expected);
    await client.close();
  });

  test("an invalid answer is INVALID_INPUT; a tool that asks twice gets two pushes", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, { elicitation: { form: {} } });
    client.setRequestHandler("elicitation/create", async (req) => {
      const props = Object.keys((req.params as { requestedSchema: { properties: object } }).requestedSchema.properties);
      if (props.includes("confirm")) return { action: "accept", content: { confirm: 42 } } as never;
      if (props.includes("priority")) return { action: "accept", content: { priority: "P2" } } as never;
      return { action: "accept", content: { notify: false } } as never;
    });
    const bad = (await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } })) as any;
    expect(bad.isError).toBe(true);
    expect(bad._meta.code).toBe("INVALID_INPUT");
    expect(bad.content[0].text).toContain("does not match the requested schema");
    const twice = await client.callTool({ name: "escalate", arguments: { id: "T-2" } });
    expect(twice.structuredContent).toEqual({ id: "T-2", priority: "P2", notify: false });
    await client.close();
  });

  test("tools/list of a client with forms has no sendElicitationResult", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, { elicitation: { form: {} } });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).not.toContain("sendElicitationResult");
    await client.close();
  });
});

describe("v1 SDK 1.32 client on 2025-11-25", () => {
  test("accepting through the pushed request closes the ticket", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await v1Client(s.mcpUrl, { elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { confirm: true } }));
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    expect(result.structuredContent).toEqual({ id: "T-1", closed: true });
    await client.close();
  });

  test("decline through the v1 client", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await v1Client(s.mcpUrl, { elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "decline" }));
    const result = await client.callTool({ name: "close_ticket", arguments: { id: "T-2" } });
    expect(result.structuredContent).toEqual({ id: "T-2", closed: false, reason: "declined" });
    await client.close();
  });
});

describe("2025-11-25 without forms: the sendElicitationResult fallback", () => {
  test("listed only for them; the asking tool explains; the answer finishes the original call", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await v1Client(s.mcpUrl, {});
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("sendElicitationResult");
    const asked = (await client.callTool({ name: "close_ticket", arguments: { id: "T-1" } })) as any;
    expect(asked.isError).toBeFalsy();
    expect(asked.content[0].text).toContain('Ask the person: Close T-1 "Cannot log in"?');
    expect(asked.content[0].text).toContain("sendElicitationResult");
    const elicitId = asked.structuredContent.elicitId;
    const done = await client.callTool({ name: "sendElicitationResult", arguments: { elicitId, action: "accept", content: { confirm: true } } });
    expect(done.structuredContent).toEqual({ id: "T-1", closed: true });
    // An id is good for one answer only.
    const again = (await client.callTool({ name: "sendElicitationResult", arguments: { elicitId, action: "accept", content: { confirm: true } } })) as any;
    expect(again.isError).toBe(true);
    await client.close();
  });

  test("a tool that asks twice goes through the fallback twice", async () => {
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, {});
    const first = (await client.callTool({ name: "escalate", arguments: { id: "T-1" } })) as any;
    const second = (await client.callTool({
      name: "sendElicitationResult",
      arguments: { elicitId: first.structuredContent.elicitId, action: "accept", content: { priority: "P3" } },
    })) as any;
    expect(second.content[0].text).toContain("Notify the customer?");
    const done = await client.callTool({ name: "sendElicitationResult", arguments: { elicitId: second.structuredContent.elicitId, action: "decline" } });
    expect(done.structuredContent).toEqual({ id: "T-1", priority: "P3", notify: false });
    await client.close();
  });
});
