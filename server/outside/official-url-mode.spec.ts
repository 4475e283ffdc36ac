// URL mode for a server on the official SDK 1.x (lesson 13's tool), with a real SDK 1.x client on 2025-11-25: the
// tool opens a page of the pretend outside site (`@playground/outside`), asks with the SDK's own URL elicitation, and
// after the person's Sign in sends the SDK's own notifications/elicitation/complete. The playground only relays.
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { createSession, startTestPlayground, v1Client } from "../testing/harness";
import { lessonUrlModeServer } from "../testing/official-url-server";
import { pressOutside, until } from "../testing/outside";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

async function urlClient(mcpUrl: string) {
  const client = await v1Client(mcpUrl, { elicitation: { form: {}, url: {} } });
  const pushed: any[] = [];
  const completed: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    pushed.push(req.params);
    return { action: "accept" };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => void completed.push(n.params.elicitationId));
  return { client, pushed, completed };
}

describe("an official SDK 1.x server's URL elicitation, with the SDK 1.x client on 2025-11-25", () => {
  test("the link is this session's page with an elicitationId; Sign in reaches the tool, and complete carries the same id", async () => {
    const s = await createSession(pg, { "src/server.ts": await lessonUrlModeServer() });
    const { client, pushed, completed } = await urlClient(s.mcpUrl);
    const call = client.callTool({ name: "open_billing", arguments: { ticketId: "T-2" } });
    await until(() => pushed.length === 1);
    const question = pushed[0];
    expect(question).toMatchObject({ mode: "url", message: "Sign in to billing to see the invoice for T-2", elicitationId: expect.any(String) });
    const url = new URL(question.url);
    expect(url.origin).toBe(new URL(pg.url).origin);
    expect(url.pathname).toBe(`/outside/${s.id}/billing-sign-in`);
    expect(url.searchParams.get("flow")).toBe(question.elicitationId);

    expect((await pressOutside(pg, question.url, "sign-in")).status).toBe(303);
    const result = await call;
    expect(result.content).toEqual([{ type: "text", text: "The sign-in finished: the invoice for T-2 is €249.90." }]);
    await until(() => completed.length === 1);
    expect(completed).toEqual([question.elicitationId]);
    await client.close();
  });

  test("Cancel on the page: the tool hears it, and the same id completes", async () => {
    const s = await createSession(pg, { "src/server.ts": await lessonUrlModeServer() });
    const { client, pushed, completed } = await urlClient(s.mcpUrl);
    const call = client.callTool({ name: "open_billing", arguments: { ticketId: "T-1" } });
    await until(() => pushed.length === 1);
    await pressOutside(pg, pushed[0].url, "cancel");
    expect((await call).content).toEqual([{ type: "text", text: "The sign-in did not finish (cancelled)." }]);
    await until(() => completed.length === 1);
    expect(completed).toEqual([pushed[0].elicitationId]);
    await client.close();
  });
});
