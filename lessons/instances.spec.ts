// Lesson 20's claims, on the lesson's own files: the instance header on both rounds, round 2 finishing on an
// instance that rebuilt the session (module state, calls_seen, starts over), and a 2025-11-25 session that does not
// survive its instance. "Another instance" is a playground started on the same database after the first one stopped.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { INSTANCE_HEADER, SESSION_REBUILT_HEADER } from "../contract/instance-header";
import { getLesson } from "../server/lessons/catalog";
import { createSession, rawModern, startTestPlayground } from "../server/testing/harness";

const LESSON = "20-one-call-many-instances";
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "playground-lesson-20-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const instance = (name: string) =>
  startTestPlayground({ instance: name, persistSessions: true, databaseUrl: process.env.DATABASE_URL || undefined, dataDir: join(dir, "data") });
const close = (mcpUrl: string, id: number, more: Record<string, unknown> = {}) =>
  rawModern(mcpUrl, id, "tools/call", { name: "close_ticket", arguments: { id: "T-1" }, ...more });
const accept = (requestState: string) => ({ inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } }, requestState });

describe("lesson 20: one call, many instances", () => {
  test("every answer names its instance; on one instance both rounds show the same name and calls_seen counts 2", async () => {
    const pg = await instance("web-a");
    try {
      const s = await createSession(pg, (await getLesson(LESSON))!.files);
      const first = await close(s.mcpUrl, 1);
      const second = await close(s.mcpUrl, 2, accept(first.body.result.requestState));
      expect([first.headers.get(INSTANCE_HEADER), second.headers.get(INSTANCE_HEADER)]).toEqual(["web-a", "web-a"]);
      expect(second.body.result.structuredContent).toEqual({ id: "T-1", closed: true, calls_seen: 2 });
    } finally {
      await pg.close();
    }
  }, 120_000); // the first test creates the PGlite data folder

  test("round 2 on instance B completes; B rebuilt the session, so calls_seen starts over; a 2025-11-25 session answers 404 there", async () => {
    const a = await instance("web-a");
    let mcpPath: string;
    let requestState: string;
    let legacySid: string;
    try {
      const s = await createSession(a, (await getLesson(LESSON))!.files);
      mcpPath = new URL(s.mcpUrl).pathname;
      const first = await close(s.mcpUrl, 1);
      requestState = first.body.result.requestState;
      const init = await fetch(s.mcpUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "lesson-20", version: "1.0.0" } },
        }),
      });
      legacySid = init.headers.get("mcp-session-id")!;
      await init.text();
      expect(legacySid).toBeTruthy();
    } finally {
      await a.close();
    }
    const b = await instance("web-b");
    try {
      const second = await close(`${b.url}${mcpPath}`, 2, accept(requestState));
      expect(second.headers.get(INSTANCE_HEADER)).toBe("web-b");
      expect(second.headers.get(SESSION_REBUILT_HEADER)).toBe("1");
      expect(second.body.result.structuredContent).toEqual({ id: "T-1", closed: true, calls_seen: 1 });
      const stale = await fetch(`${b.url}${mcpPath}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
          "mcp-session-id": legacySid,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }),
      });
      expect(stale.status).toBe(404);
    } finally {
      await b.close();
    }
  });
});
