// The support-desk server ported to SDK 2.x (lessons/): on 2026-07-28 it answers input_required with the full form,
// and 2025-11-25 clients get the same question pushed as elicitation/create by the SDK's own legacy shim.
import { readFile } from "node:fs/promises";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../app";
import { createSession, modernClient, startTestPlayground, v1Client } from "../../testing/harness";
import { SERVER_INSTANCE_HEADER } from "../../../contract/instance-header";

const PORTED = new URL("../../../lessons/15-porting-to-sdk-2/files/src/server.ts", import.meta.url);

let pg: Playground;
let files: Record<string, string>;
beforeAll(async () => {
  pg = await startTestPlayground();
  files = { "src/server.ts": await readFile(PORTED, "utf8") };
});
afterAll(() => pg?.close());

describe("the support-desk server on SDK 2.x", () => {
  test("2026-07-28: input_required with the whole five-field form, then the retry completes", async () => {
    const s = await createSession(pg, files);
    const client = await modernClient(s.mcpUrl, { elicitation: { form: {} } });
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const first = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-9" } }, { allowInputRequired: true })) as any;
    expect(first.resultType).toBe("input_required");
    const asked = first.inputRequests.escalation;
    expect(asked.method).toBe("elicitation/create");
    expect(asked.params.requestedSchema).toEqual({
      type: "object",
      properties: {
        priority: {
          type: "string",
          title: "Priority",
          oneOf: [
            { const: "p1", title: "P1: customers are blocked" },
            { const: "p2", title: "P2: something is degraded" },
            { const: "p3", title: "P3: it can wait" },
          ],
        },
        area: { type: "string", title: "Area", enum: ["billing", "login", "outage", "other"] },
        affectedUsers: { type: "integer", title: "Affected users", minimum: 1, maximum: 10000, default: 1 },
        contactEmail: { type: "string", title: "Contact email", format: "email" },
        notifyCustomer: { type: "boolean", title: "Tell the customer", default: true },
      },
      required: ["priority", "area"],
    });
    const done = (await client.callTool(
      {
        name: "escalate_ticket",
        arguments: { ticketId: "T-9" },
        inputResponses: { escalation: { action: "accept", content: { priority: "p2", area: "outage" } } },
      } as never,
      { allowInputRequired: true },
    )) as any;
    expect(done.content[0].text).toBe("Escalated T-9 as ESC-0001: p2 in outage, 1 affected.");
    // On 2026-07-28 the SDK does not check the answer; the tool's own acceptedContent(zod) asks again.
    const mistyped = (await client.callTool(
      {
        name: "escalate_ticket",
        arguments: { ticketId: "T-9" },
        inputResponses: { escalation: { action: "accept", content: { priority: "p2", area: "outage", contactEmail: "ann@" } } },
      } as never,
      { allowInputRequired: true },
    )) as any;
    expect(mistyped.resultType).toBe("input_required");
    expect(mistyped.inputRequests.escalation.params.message).toContain("did not check out");
    await client.close();
  });

  test("2025-11-25: the SDK's legacy shim pushes the same question as elicitation/create on the call's stream", async () => {
    const s = await createSession(pg, files);
    const client = await v1Client(s.mcpUrl, { elicitation: {} });
    const asked: any[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      return { action: "accept", content: { priority: "p1", area: "billing" } };
    });
    const result = (await client.callTool({ name: "escalate_ticket", arguments: { ticketId: "T-3" } })) as any;
    expect(asked).toHaveLength(1);
    expect(asked[0].requestedSchema.properties.priority.oneOf).toHaveLength(3);
    expect(result.content[0].text).toBe("Escalated T-3 as ESC-0001: p1 in billing, 1 affected.");
    await client.close();
  });

  test("2026-07-28 requests share one instance; each 2025-11-25 connection has its own, named in a response header", async () => {
    const s = await createSession(pg, files);
    const instances: string[] = [];
    const tapped = (async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init);
      const label = res.headers.get(SERVER_INSTANCE_HEADER);
      if (label) instances.push(label);
      return res;
    }) as typeof fetch;
    const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const modern = async () => {
      const c = new Client({ name: "m", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
      await c.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: tapped }));
      await c.listTools();
      await c.close();
    };
    await modern();
    await modern();
    const modernLabels = new Set(instances.splice(0));
    expect([...modernLabels]).toHaveLength(1);
    expect([...modernLabels][0]).toMatch(/^\d+; role=modern$/);
    for (let i = 0; i < 2; i++) {
      const c = new Client({ name: "l", version: "1" });
      await c.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: tapped }));
      await c.listTools();
      await c.close();
    }
    const legacyLabels = new Set(instances.splice(0));
    expect([...legacyLabels]).toHaveLength(2);
    for (const label of legacyLabels) expect(label).toMatch(/^\d+; role=connection$/);
  });
});
