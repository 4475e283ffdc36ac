// The support-desk server from lessons/, written as SDK 1.x users write it, run unchanged on the real SDK in the
// sandbox: the official 1.32 client on 2025-11-25 answers its five-field form every way, and the v2 client negotiates.
import { readFile } from "node:fs/promises";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../app";
import { api, createSession, startTestPlayground, v1Client } from "../../testing/harness";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const SUPPORT_DESK = new URL("../../../lessons/13-support-desk-on-the-official-sdk/files/src/server.ts", import.meta.url);

let pg: Playground;
let files: Record<string, string>;
beforeAll(async () => {
  pg = await startTestPlayground();
  files = { "src/server.ts": await readFile(SUPPORT_DESK, "utf8") };
});
afterAll(() => pg?.close());

type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };

async function callWith(mcpUrl: string, answer: Answer | undefined) {
  const client = await v1Client(mcpUrl, answer ? { elicitation: {} } : {});
  const asked: any[] = [];
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      return answer as never;
    });
  const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-1042" } })) as any;
  await client.close();
  return { result, asked, text: result.content?.[0]?.text as string };
}

describe("the 1.x support-desk server, unchanged, with the official 1.32 client on 2025-11-25", () => {
  test("creates a session serving one tool, escalate_ticket", async () => {
    const res = await api(pg, "POST", "/api/sessions", { files });
    expect(res.status, res.text).toBe(201);
    expect(res.json.tools.map((t: { name: string }) => t.name)).toEqual(["escalate_ticket"]);
    expect(res.json.tools[0].inputSchema.properties.ticketId.type).toBe("string");
  });

  test("accept with only priority and area: escalated with a reference, and the SDK's form arrives whole", async () => {
    const s = await createSession(pg, files);
    const { result, asked, text } = await callWith(s.mcpUrl, { action: "accept", content: { priority: "p1", area: "billing" } });
    expect(result.isError).toBeFalsy();
    expect(text).toMatch(/^Escalated T-1042 as ESC-0001: p1 in billing, 1 affected\.$/);
    expect(asked).toHaveLength(1);
    expect(asked[0].message).toContain("T-1042");
    const schema = asked[0].requestedSchema;
    expect(Object.keys(schema.properties)).toEqual(["priority", "area", "affectedUsers", "contactEmail", "notifyCustomer"]);
    expect(schema.properties.priority.oneOf).toHaveLength(3);
    expect(schema.properties.affectedUsers).toMatchObject({ type: "integer", minimum: 1, maximum: 10000, default: 1 });
    expect(schema.properties.contactEmail.format).toBe("email");
    expect(schema.required).toEqual(["priority", "area"]);
  });

  test("a mistyped email is refused by the SDK's elicitInput: an error result, and nothing is escalated", async () => {
    const s = await createSession(pg, files);
    const bad = await callWith(s.mcpUrl, { action: "accept", content: { priority: "p2", area: "login", contactEmail: "ann@example" } });
    expect(bad.result.isError).toBe(true);
    // The SDK's own message, not the tool's safeParse text: validation happened before the handler saw the answer.
    expect(bad.text).toMatch(/does not match requested schema/i);
    expect(bad.text).not.toContain("Those escalation details");
    // Module state lives on in the process: the next escalation in this session still gets the first reference.
    const good = await callWith(s.mcpUrl, { action: "accept", content: { priority: "p2", area: "login" } });
    expect(good.text).toContain("ESC-0001");
  });

  test("on one connection the SDK checks every answer, not only the first form it compiled", async () => {
    const s = await createSession(pg, files);
    const client = await v1Client(s.mcpUrl, { elicitation: {} });
    const answers: Answer[] = [
      { action: "accept", content: { priority: "p1", area: "outage", contactEmail: "ann@example" } },
      { action: "accept", content: { priority: "p1", area: "outage", contactEmail: "ann@example.com" } },
      { action: "accept", content: { priority: "p1", area: "outage", contactEmail: "bob@example" } },
      { action: "accept", content: { priority: "p1", area: "outage", affectedUsers: 0 } },
    ];
    client.setRequestHandler(ElicitRequestSchema, async () => answers.shift() as never);
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: `T-${i}` } })) as any;
      texts.push(`${result.isError ? "error" : "ok"}: ${result.content[0].text}`);
    }
    await client.close();
    expect(texts[0]).toMatch(/^error: .*does not match requested schema.*contactEmail must match format "email"/);
    expect(texts[1]).toBe("ok: Escalated T-1 as ESC-0001: p1 in outage, 1 affected.");
    expect(texts[2]).toMatch(/^error: .*contactEmail must match format "email"/);
    expect(texts[3]).toMatch(/^error: .*affectedUsers must be >= 1/);
  });

  test("decline and cancel say so", async () => {
    const s = await createSession(pg, files);
    const declined = await callWith(s.mcpUrl, { action: "decline" });
    expect(declined.result.isError).toBeFalsy();
    expect(declined.text).toBe("Ticket T-1042 was not escalated: the escalation was declined.");
    const cancelled = await callWith(s.mcpUrl, { action: "cancel" });
    expect(cancelled.text).toBe("Escalating ticket T-1042 was cancelled; nothing changed.");
  });

  test("a client without elicitation gets the plain-text fallback and no form", async () => {
    const s = await createSession(pg, files);
    const { result, asked, text } = await callWith(s.mcpUrl, undefined);
    expect(asked).toEqual([]);
    expect(result.isError).toBeFalsy();
    expect(text).toContain("this client cannot show a form");
  });

  test("the v2 client in auto negotiation: discovery fails as on a real 1.x server, it falls back and the flow completes", async () => {
    const s = await createSession(pg, files);
    const seen: string[] = [];
    const client = new ClientV2(
      { name: "auto-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
    );
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { priority: "p3", area: "other" } }) as never);
    const transport = new StreamableHTTPClientTransport(new URL(s.mcpUrl), {
      fetch: async (input, init) => {
        const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
        if (body?.method) seen.push(body.method);
        return fetch(input, init);
      },
    });
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect(seen.slice(0, 2)).toEqual(["server/discover", "initialize"]);
    const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-7" } })) as any;
    expect(result.content[0].text).toBe("Escalated T-7 as ESC-0001: p3 in other, 1 affected.");
    await client.close();
  });
});
