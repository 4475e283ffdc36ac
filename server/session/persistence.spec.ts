// Sessions that outlive their instance: files and remembered approvals in PostgreSQL, rebuilt by whichever
// instance gets the next request; a 2026-07-28 call finishes on another instance; a 2025-11-25 session does not.
// On PGlite (a restart in the same data folder plays "another instance") and, with DATABASE_URL (npm test starts
// a PostgreSQL server), with two instances running at once.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { openDatabase } from "../db/database";
import { INSTANCE_HEADER, SESSION_REBUILT_HEADER } from "../../contract/instance-header";
import { modernRequest, responseMessage } from "../mcp/modern-request";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, legacyV2Client, startTestPlayground } from "../testing/harness";
import { databaseConsumedStates } from "./session-store";

const url = process.env.DATABASE_URL || undefined;

const APPROVAL_TOOL = `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { history } from "./store";

@Tool({ name: "email_customer", inputSchema: { id: z.string() }, approval: { message: "Let the assistant email customers?" } })
export class EmailCustomer extends ToolContext {
  async execute({ id }: { id: string }) {
    history.push("emailed about " + id);
    return { id, emailed: true, history: [...history] };
  }
}
`;
const files = () => helpDesk({ "email-customer.tool.ts": APPROVAL_TOOL });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "playground-sessions-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const instance = (name: string, dataDir: string) => startTestPlayground({ instance: name, persistSessions: true, databaseUrl: url, dataDir });

/** One raw 2026-07-28 request to a session's /mcp on a given instance; the message and the instance headers. */
async function call(pg: Playground, sessionId: string, id: number, method: string, params: Record<string, unknown>) {
  const res = await fetch(
    modernRequest(`${pg.url}/mcp/${sessionId}`, { id, method, params }, { capabilities: { elicitation: { form: {} } }, clientName: "persistence-test" }),
  );
  return {
    status: res.status,
    body: (await responseMessage(res)) as any,
    instance: res.headers.get(INSTANCE_HEADER),
    rebuilt: res.headers.get(SESSION_REBUILT_HEADER),
  };
}

async function approveAndRemember(pg: Playground, sessionId: string) {
  const ask = await call(pg, sessionId, 1, "tools/call", { name: "email_customer", arguments: { id: "T-1" } });
  expect(ask.body.result.resultType).toBe("input_required");
  const [key] = Object.keys(ask.body.result.inputRequests);
  const done = await call(pg, sessionId, 2, "tools/call", {
    name: "email_customer",
    arguments: { id: "T-1" },
    inputResponses: { [key]: { action: "accept", content: { approve: true, remember: true } } },
    requestState: ask.body.result.requestState,
  });
  expect(done.body.result.structuredContent).toMatchObject({ emailed: true });
}

describe(`a session rebuilt by another instance (${url ? "PostgreSQL server" : "PGlite"})`, () => {
  test("round 2 on the next instance completes; files and approvals are back, module state starts over", async () => {
    const data = join(dir, "restart");
    const a = await instance("web-a", data);
    let sessionId: string;
    let requestState: string;
    try {
      const s = await createSession(a, files());
      sessionId = s.id;
      await approveAndRemember(a, sessionId);
      // A's module state: T-1 closed there. The rebuilt session must not know it.
      const round1 = await call(a, sessionId, 3, "tools/call", { name: "close_ticket", arguments: { id: "T-2" } });
      expect(round1.instance).toBe("web-a");
      expect(round1.body.result.resultType).toBe("input_required");
      requestState = round1.body.result.requestState;
    } finally {
      await a.close();
    }

    const b = await instance("web-b", data);
    try {
      const round2 = await call(b, sessionId, 4, "tools/call", {
        name: "close_ticket",
        arguments: { id: "T-2" },
        inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
        requestState,
      });
      expect(round2.instance).toBe("web-b");
      expect(round2.rebuilt).toBe("1");
      expect(round2.body.result.structuredContent).toEqual({ id: "T-2", closed: true });
      // The approval came along: no question this time. The tool's module state did not: history starts over.
      const again = await call(b, sessionId, 5, "tools/call", { name: "email_customer", arguments: { id: "T-2" } });
      expect(again.rebuilt).toBeNull();
      expect(again.body.result.structuredContent).toEqual({ id: "T-2", emailed: true, history: ["emailed about T-2"] });
      // An edit on B is what the next instance gets.
      const edited = { ...files(), "store.ts": files()["store.ts"].replace("Cannot log in", "Cannot sign in") };
      expect((await api(b, "PUT", `/api/sessions/${sessionId}/files`, { files: edited })).status).toBe(200);
    } finally {
      await b.close();
    }

    const c = await instance("web-c", data);
    try {
      const round1 = await call(c, sessionId, 6, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
      expect(round1.rebuilt).toBe("1");
      expect(round1.body.result.inputRequests["elicitation-1"].params.message).toBe('Close T-1 "Cannot sign in"?');
      // New files forget approvals, as they do on one instance.
      const asks = await call(c, sessionId, 7, "tools/call", { name: "email_customer", arguments: { id: "T-1" } });
      expect(asks.body.result.resultType).toBe("input_required");
      // Ids no instance ever made are still unknown.
      expect((await api(c, "PUT", "/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/files", { files: files() })).status).toBe(404);
      expect((await call(c, "AAAAAAAAAAAAAAAAAAAAAA", 8, "tools/list", {})).status).toBe(404);
    } finally {
      await c.close();
    }
  }, 120_000); // PGlite creates its data folder here: seconds, more on a busy machine

  test("a requestState id is claimed once, whichever instance asks", async () => {
    const db = openDatabase({ url, dataDir: join(dir, "consumed") });
    try {
      const [first, second] = [databaseConsumedStates(db, 60_000), databaseConsumedStates(db, 60_000)];
      const id = `state-${Math.random()}`;
      expect(await first.claim(id)).toBe(true);
      expect(await second.claim(id)).toBe(false);
      expect(await first.claim(id)).toBe(false);
      expect(await second.claim(`${id}-other`)).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe.skipIf(!url)("two instances at once on one PostgreSQL server", () => {
  let a: Playground;
  let b: Playground;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance("web-a", join(dir, "unused-a")), instance("web-b", join(dir, "unused-b"))]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  test("round 1 on one, round 2 on the other: the signed state and the rebuilt session finish the call", async () => {
    const s = await createSession(a, files());
    const round1 = await call(a, s.id, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
    const round2 = await call(b, s.id, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
      requestState: round1.body.result.requestState,
    });
    expect([round1.instance, round2.instance]).toEqual(["web-a", "web-b"]);
    expect(round2.body.result.structuredContent).toEqual({ id: "T-1", closed: true });
    // Single use across instances: the same answer replayed on A is refused.
    const replay = await call(a, s.id, 3, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
      requestState: round1.body.result.requestState,
    });
    expect(replay.body.error?.data?.detail).toMatch(/used already/);
  });

  test("a reset on one instance refuses, on the other, a question asked before it", async () => {
    const s = await createSession(a, files());
    const before = await call(a, s.id, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-2" } });
    expect((await api(a, "POST", `/api/sessions/${s.id}/reset`, {})).status).toBe(200);
    const after = await call(b, s.id, 2, "tools/call", {
      name: "close_ticket",
      arguments: { id: "T-2" },
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
      requestState: before.body.result.requestState,
    });
    expect(after.body.error).toBeDefined();
  });

  test("a copy held by one instance goes stale when another saves the session: its next request rebuilds the new files", async () => {
    const s = await createSession(a, files());
    const edited = { ...files(), "store.ts": files()["store.ts"].replace("Cannot log in", "Cannot sign in") };
    expect((await api(b, "PUT", `/api/sessions/${s.id}/files`, { files: edited })).status).toBe(200);
    // The change reaches A as a NOTIFY, a moment later.
    let seen: { body: any; rebuilt: string | null } | undefined;
    for (let i = 0; i < 50; i++) {
      seen = await call(a, s.id, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
      if (seen.body.result.inputRequests["elicitation-1"].params.message.includes("sign in")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen!.body.result.inputRequests["elicitation-1"].params.message).toBe('Close T-1 "Cannot sign in"?');
    expect(seen!.rebuilt).toBe("1");
  });

  test("a 2025-11-25 session is its instance's alone: elsewhere it answers 404, and a new one works", async () => {
    const s = await createSession(a, files());
    const legacy = await legacyV2Client(`${a.url}/mcp/${s.id}`, { elicitation: { form: {} } });
    const sid = (legacy.transport as unknown as { sessionId?: string }).sessionId;
    expect(sid).toBeTruthy();
    const elsewhere = await fetch(`${b.url}/mcp/${s.id}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": sid!,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list", params: {} }),
    });
    expect(elsewhere.status).toBe(404);
    const fresh = await legacyV2Client(`${b.url}/mcp/${s.id}`, { elicitation: { form: {} } });
    expect((await fresh.listTools()).tools.map((t) => t.name)).toContain("close_ticket");
    await Promise.all([legacy.close(), fresh.close()]);
  });
});
