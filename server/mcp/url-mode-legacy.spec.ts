// URL mode on 2025-11-25 with the SDK 1.x client, end to end: the pushed question carries an elicitationId and a
// link to the playground's pretend sign-in page; pressing Sign in there lets the waiting tool finish and sends
// notifications/elicitation/complete with that id; a tool that needs the page first answers -32042.
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
  UrlElicitationRequiredError,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { getLesson } from "../lessons/catalog";
import { createSession, startTestPlayground, v1Client } from "../testing/harness";
import { pressOutside, until } from "../testing/outside";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

async function lesson10() {
  const lesson = await getLesson("10-sensitive-data-url-mode");
  return createSession(pg, { ...lesson!.files });
}

const URL_CLIENT = { elicitation: { form: {}, url: {} } };

async function urlClient(mcpUrl: string, answer: "accept" | "decline" = "accept") {
  const client = await v1Client(mcpUrl, URL_CLIENT);
  const pushed: any[] = [];
  const completed: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    pushed.push(req.params);
    return { action: answer };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => void completed.push(n.params.elicitationId));
  return { client, pushed, completed };
}

describe("the SDK 1.x client on 2025-11-25, declaring forms and URL mode", () => {
  test("the pushed question is a link to the pretend page with an elicitationId; Sign in finishes the tool and sends complete", async () => {
    const s = await lesson10();
    const { client, pushed, completed } = await urlClient(s.mcpUrl);
    expect(client.getServerVersion()).toBeDefined();
    const call = client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    await until(() => pushed.length === 1);
    const question = pushed[0];
    expect(question).toMatchObject({ mode: "url", message: "Sign in to billing to see the invoice for T-2" });
    expect(question.requestedSchema).toBeUndefined();
    expect(typeof question.elicitationId).toBe("string");
    const url = new URL(question.url);
    expect(url.origin).toBe(new URL(pg.url).origin);
    expect(url.pathname).toBe(`/outside/${s.id}/billing-sign-in`);
    expect(url.searchParams.get("ticket")).toBe("T-2");
    expect(url.searchParams.get("flow")).toBe(question.elicitationId);

    const page = await fetch(question.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pretend outside page");
    expect(html).toMatch(/<button[^>]*value="sign-in"[^>]*>Sign in<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);

    // The tool waits for the page: nothing has come back yet.
    let settled = false;
    void call.then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    expect((await pressOutside(pg, question.url, "sign-in")).status).toBe(303);

    const result = await call;
    expect(result.structuredContent).toEqual({ id: "T-2", linkOpened: true, signedIn: true, invoice: { total: "€249.90", lines: 3 } });
    await until(() => completed.length === 1);
    expect(completed).toEqual([question.elicitationId]);
    await client.close();
  });

  test("Cancel on the page: the tool says the sign-in did not finish, and complete is sent all the same", async () => {
    const s = await lesson10();
    const { client, pushed, completed } = await urlClient(s.mcpUrl);
    const call = client.callTool({ name: "open_billing", arguments: { id: "T-1" } });
    await until(() => pushed.length === 1);
    await pressOutside(pg, pushed[0].url, "cancel");
    expect((await call).structuredContent).toEqual({ id: "T-1", linkOpened: true, signedIn: false, reason: "The sign-in did not finish (cancelled)." });
    await until(() => completed.length === 1);
    expect(completed).toEqual([pushed[0].elicitationId]);
    await client.close();
  });

  test("-32042: a tool that needs the page first lists it in the error's data; after Sign in the retry goes through", async () => {
    const s = await lesson10();
    const { client, pushed, completed } = await urlClient(s.mcpUrl);
    const error = await client.callTool({ name: "read_invoice", arguments: { id: "T-2" } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pushed).toEqual([]);
    expect(error).toBeInstanceOf(UrlElicitationRequiredError);
    const required = error as UrlElicitationRequiredError;
    expect(required.code).toBe(ErrorCode.UrlElicitationRequired);
    expect(required.code).toBe(-32042);
    const [elicitation] = required.elicitations;
    expect(required.data).toEqual({ elicitations: [elicitation] });
    expect(elicitation).toMatchObject({ mode: "url", message: "Sign in to billing to read the invoice for T-2", elicitationId: expect.any(String) });
    expect(new URL(elicitation.url).origin).toBe(new URL(pg.url).origin);

    await pressOutside(pg, elicitation.url, "sign-in");
    await until(() => completed.length === 1);
    expect(completed).toEqual([elicitation.elicitationId]);
    const retried = await client.callTool({ name: "read_invoice", arguments: { id: "T-2" } });
    expect(retried.structuredContent).toEqual({ id: "T-2", invoice: { total: "€249.90", lines: 3 } });
    await client.close();
  });

  test("a client that declares forms only is never sent a link, nor -32042", async () => {
    const s = await lesson10();
    const client = await v1Client(s.mcpUrl, { elicitation: { form: {} } });
    const result = await client.callTool({ name: "read_invoice", arguments: { id: "T-2" } }).catch((e: unknown) => e);
    expect(result).not.toBeInstanceOf(McpError);
    // The fallback for a client that cannot be sent a link: the text tells the model what to ask the person.
    expect(result).toMatchObject({
      _meta: { code: "ELICITATION_PENDING" },
      structuredContent: { url: expect.stringContaining(`/outside/${s.id}/billing-sign-in?`) },
    });
    await client.close();
  });
});

describe("the page's callback completes only its own session's flow", () => {
  test("a made-up flow id, or a real id on another page name, changes nothing", async () => {
    const s = await lesson10();
    const { client, pushed } = await urlClient(s.mcpUrl);
    const call = client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    await until(() => pushed.length === 1);
    const url = new URL(pushed[0].url);
    const guessed = new URL(url);
    guessed.searchParams.set("flow", `${url.searchParams.get("flow")!.slice(0, -2)}AA`);
    expect((await pressOutside(pg, guessed.href, "sign-in")).status).toBe(404);
    const elsewhere = new URL(url);
    elsewhere.pathname = `/outside/${s.id}/other-sign-in`;
    expect((await pressOutside(pg, elsewhere.href, "sign-in")).status).toBe(404);
    expect((await fetch(guessed)).status).toBe(404);
    // A foreign page cannot press it for the person.
    expect((await pressOutside(pg, url.href, "sign-in", "http://evil.example")).status).toBe(403);
    await pressOutside(pg, url.href, "cancel");
    expect((await call).structuredContent).toMatchObject({ signedIn: false });
    await client.close();
  });

  test("a flow never completes through another session's path, though its id is real", async () => {
    const [a, b] = [await lesson10(), await lesson10()];
    const ca = await urlClient(a.mcpUrl);
    const call = ca.client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    await until(() => ca.pushed.length === 1);
    const throughB = new URL(ca.pushed[0].url);
    throughB.pathname = throughB.pathname.replace(`/outside/${a.id}/`, `/outside/${b.id}/`);
    expect(throughB.pathname).toBe(`/outside/${b.id}/billing-sign-in`);
    expect((await fetch(throughB)).status).toBe(404);
    expect((await pressOutside(pg, throughB.href, "sign-in")).status).toBe(404);
    // Nothing came of it: A's page still waits, and its own path settles it.
    expect(ca.completed).toEqual([]);
    expect(await (await fetch(ca.pushed[0].url)).text()).toContain('value="sign-in"');
    expect((await pressOutside(pg, ca.pushed[0].url, "cancel")).status).toBe(303);
    expect((await call).structuredContent).toMatchObject({ signedIn: false });
    await ca.client.close();
  });

  test("two sessions on the same page and ticket get different ids; signing in to one leaves the other waiting", async () => {
    const [a, b] = [await lesson10(), await lesson10()];
    const [ca, cb] = [await urlClient(a.mcpUrl), await urlClient(b.mcpUrl)];
    const callA = ca.client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    const callB = cb.client.callTool({ name: "open_billing", arguments: { id: "T-2" } });
    await until(() => ca.pushed.length === 1 && cb.pushed.length === 1);
    expect(ca.pushed[0].elicitationId).not.toBe(cb.pushed[0].elicitationId);
    expect(ca.pushed[0].elicitationId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await pressOutside(pg, ca.pushed[0].url, "sign-in");
    expect((await callA).structuredContent).toMatchObject({ signedIn: true });
    // B is still waiting on its own page: its completion comes only from its own link.
    expect(cb.completed).toEqual([]);
    const page = await (await fetch(cb.pushed[0].url)).text();
    expect(page).toContain('value="sign-in"');
    await pressOutside(pg, cb.pushed[0].url, "cancel");
    expect((await callB).structuredContent).toMatchObject({ signedIn: false });
    await ca.client.close();
    await cb.client.close();
  });
});
