// An instance behind a load balancer: its name on every response, liveness and readiness, and a drain on shutdown
// that finishes a call in flight (a 2025-11-25 call waiting for the person's answer) before closing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, legacyV2Client, rawModern, startTestPlayground } from "../testing/harness";
import { INSTANCE_HEADER } from "../../contract/instance-header";

describe("instance name, /healthz, /readyz", () => {
  let pg: Playground;
  beforeAll(async () => {
    pg = await startTestPlayground({ instance: "web-a" });
  });
  afterAll(() => pg.close());

  test("every response names the instance: API, /mcp, static files and errors", async () => {
    const s = await createSession(pg, helpDesk());
    const answers = [
      await fetch(`${pg.url}/api/lessons`),
      await fetch(`${pg.url}/`),
      await fetch(`${pg.url}/api/sessions/nope/files`, { method: "PUT", body: "{}" }),
      await fetch(`${pg.url}/mcp/unknown-session-id-000000`, { method: "POST", body: "{}" }),
    ];
    for (const res of answers) expect(res.headers.get(INSTANCE_HEADER)).toBe("web-a");
    const round1 = await fetch(`${pg.url}/mcp/${s.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(round1.headers.get(INSTANCE_HEADER)).toBe("web-a");
  });

  test("/healthz and /readyz answer without the Host check (probes come by address)", async () => {
    const health = await api(pg, "GET", "/healthz", undefined, { host: "10.1.2.3:8080" });
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: "alive", instance: "web-a" });
    const ready = await api(pg, "GET", "/readyz", undefined, { host: "10.1.2.3:8080" });
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: "ready", instance: "web-a", checks: [{ name: "sandbox", ok: true }] });
  });

  test("without INSTANCE_NAME the name is the host name and the real port", async () => {
    const other = await startTestPlayground();
    try {
      const res = await fetch(`${other.url}/healthz`);
      expect(res.headers.get(INSTANCE_HEADER)).toMatch(new RegExp(`:${new URL(other.url).port}$`));
    } finally {
      await other.close();
    }
  });
});

describe("behind a proxy that ends TLS", () => {
  test("with TRUST_PROXY the forwarded https scheme is the origin: the page's Origin passes and MCP URLs are https", async () => {
    const behind = await startTestPlayground({ trustProxy: true });
    const plain = await startTestPlayground();
    try {
      const headers = (pg: Playground) => ({ origin: `https://${new URL(pg.url).host}`, "x-forwarded-proto": "https" });
      const created = await api(behind, "POST", "/api/sessions", { files: helpDesk() }, headers(behind));
      expect(created.status).toBe(201);
      expect(created.json.mcpUrl).toBe(`https://${new URL(behind.url).host}/mcp/${created.json.id}`);
      // Without trusting the proxy, the header is anyone's to send: the https Origin does not match.
      expect((await api(plain, "POST", "/api/sessions", { files: helpDesk() }, headers(plain))).status).toBe(403);
    } finally {
      await Promise.all([behind.close(), plain.close()]);
    }
  });
});

describe("graceful shutdown", () => {
  test("SIGTERM's drain: /readyz turns 503, a call waiting for its answer finishes, then the instance closes", async () => {
    const pg = await startTestPlayground({ instance: "web-b", drainMs: 30_000 });
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, { elicitation: { form: {} } });
    let answer!: (value: unknown) => void;
    const asked = new Promise<void>((resolveAsked) =>
      client.setRequestHandler("elicitation/create", () => {
        resolveAsked();
        return new Promise((resolve) => (answer = resolve)) as never;
      }),
    );
    const call = client.callTool({ name: "close_ticket", arguments: { id: "T-1" } });
    await asked;
    let shutDown = false;
    const shutdown = pg.shutdown().then((r) => ((shutDown = true), r));
    expect(pg.lifecycle.draining).toBe(true);
    expect((await api(pg, "GET", "/readyz")).status).toBe(503);
    // Still serving while it drains: other requests get answers (and are told to close their connection).
    const during = await rawModern(s.mcpUrl, 7, "tools/list", {});
    expect(during.status).toBe(200);
    expect(shutDown).toBe(false);
    answer({ action: "accept", content: { confirm: true } });
    expect((await call).structuredContent).toEqual({ id: "T-1", closed: true });
    expect(await shutdown).toEqual({ finished: true, leftInFlight: 0 });
    await expect(fetch(`${pg.url}/healthz`)).rejects.toThrow();
    await client.close().catch(() => undefined);
  });

  test("the drain gives up after its grace period", async () => {
    const pg = await startTestPlayground({ drainMs: 200 });
    const s = await createSession(pg, helpDesk());
    const client = await legacyV2Client(s.mcpUrl, { elicitation: { form: {} } });
    const asked = new Promise<void>((resolveAsked) =>
      client.setRequestHandler("elicitation/create", () => {
        resolveAsked();
        return new Promise(() => undefined) as never;
      }),
    );
    const call = client.callTool({ name: "close_ticket", arguments: { id: "T-1" } }).catch(() => undefined);
    await asked;
    expect(await pg.shutdown()).toEqual({ finished: false, leftInFlight: 1 });
    // The client's stream was cut (it may retry on its own; the instance is gone either way).
    await expect(fetch(`${pg.url}/healthz`)).rejects.toThrow();
    void call;
    await client.close().catch(() => undefined);
  });
});
