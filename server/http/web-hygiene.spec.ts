// Web hygiene: the SDK's Host and Origin validation (no `null`, no other local page, no rebinding name in room
// mode), the page's security headers, and answers that carry fields the form never asked for.
import { request } from "node:http";
import { hostname } from "node:os";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";

const MODERN = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/list",
};

function get(
  pg: Playground,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { port } = new URL(pg.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, headers: res.headers });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("bound to loopback", () => {
  let pg: Playground;
  let session: { id: string; mcpUrl: string };
  beforeAll(async () => {
    pg = await startTestPlayground();
    session = await createSession(pg, helpDesk());
  });
  afterAll(() => pg.close());

  test("Origin: null is refused on /api and /mcp (a sandboxed frame or a file:// page could forge a Reset)", async () => {
    expect((await api(pg, "POST", `/api/sessions/${session.id}/reset`, undefined, { origin: "null" })).status).toBe(403);
    const mcp = await fetch(session.mcpUrl, { method: "POST", headers: { ...MODERN, origin: "null" }, body: "{}" });
    expect(mcp.status).toBe(403);
  });

  test("another local page (any other port) is refused; our own origin passes", async () => {
    const port = Number(new URL(pg.url).port);
    for (const origin of [`http://localhost:${port + 1}`, `http://127.0.0.1:${port + 1}`, "http://127.0.0.1", `https://127.0.0.1:${port}`])
      expect((await api(pg, "POST", `/api/sessions/${session.id}/reset`, undefined, { origin })).status, origin).toBe(403);
    expect((await api(pg, "POST", `/api/sessions/${session.id}/reset`, undefined, { origin: pg.url })).status).toBe(200);
  });

  test("the page and the API carry the security headers: CSP without inline script, no framing, nosniff, no referrer", async () => {
    for (const path of ["/", "/api/lessons"]) {
      const { headers } = await get(pg, path, { host: new URL(pg.url).host });
      const csp = String(headers["content-security-policy"]);
      expect(csp).toMatch(/script-src 'self'( 'unsafe-eval')?(;|$)/);
      expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
      expect(csp).toMatch(/worker-src 'self'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("no-referrer");
    }
    // The page's own HTML obeys it: every script is a file.
    const html = readFileSync(new URL("../../index.html", import.meta.url), "utf8");
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
  });

  test("an answer with a field the form did not ask for is refused and nothing happens", async () => {
    const s = await createSession(pg, helpDesk());
    const r1 = await rawModern(s.mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(r1.body.result.inputRequests["elicitation-1"].params.requestedSchema.additionalProperties).toBe(false);
    const r2 = await rawModern(s.mcpUrl, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true, alsoDeleteEverything: true } } },
      requestState: r1.body.result.requestState,
    });
    expect(r2.body.result.isError).toBe(true);
    expect(r2.body.result._meta.code).toBe("INVALID_INPUT");
    expect(r2.body.result.content[0].text).toMatch(/does not match the requested schema: alsoDeleteEverything: the form did not ask for this field/);
    // Still open: the same question is asked again.
    const again = await rawModern(s.mcpUrl, 3, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    expect(again.body.result.resultType).toBe("input_required");
  });
});

describe("room mode (HOST=0.0.0.0)", () => {
  let pg: Playground;
  beforeAll(async () => {
    pg = await startTestPlayground({ host: "0.0.0.0", allowedHosts: ["playground.school.example"], embedOrigins: ["https://slides.example.org"] });
  });
  afterAll(() => pg.close());

  test("a rebinding Host name is refused; loopback, the machine's own name and ALLOWED_HOSTS pass", async () => {
    const port = new URL(pg.url).port;
    expect((await get(pg, "/api/lessons", { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(pg, "/", { host: "evil.example" })).status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `${hostname()}:${port}`, "playground.school.example"])
      expect((await get(pg, "/api/lessons", { host })).status, host).toBe(200);
  });

  test("embed mode: EMBED_ORIGINS may frame the page, nobody else", async () => {
    const { headers } = await get(pg, "/", { host: "localhost" });
    expect(String(headers["content-security-policy"])).toMatch(/frame-ancestors 'self' https:\/\/slides\.example\.org(;|$)/);
    expect(headers["x-frame-options"]).toBeUndefined();
  });
});
