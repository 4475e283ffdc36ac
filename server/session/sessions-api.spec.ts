// The session API: create, compile diagnostics, new files, reset, idle expiry and the session cap.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { helpDesk } from "../testing/fixtures";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

const assignTo = (mcpUrl: string, agent?: string) =>
  rawModern(mcpUrl, 1, "tools/call", { name: "assign_ticket", arguments: { id: "T-1", ...(agent && { agent }) } });

describe("creating a session", () => {
  test("201 with a 128-bit url-safe id, the MCP URL and the tools", async () => {
    const r = await api(pg, "POST", "/api/sessions", { files: helpDesk() });
    expect(r.status).toBe(201);
    expect(r.json.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(r.json.id, "base64url")).toHaveLength(16);
    expect(r.json.mcpUrl).toBe(`${pg.url}/mcp/${r.json.id}`);
    expect(r.json.tools.map((t: { name: string }) => t.name).sort()).toEqual(["assign_ticket", "close_ticket", "connect_crm", "escalate", "reopen_ticket"]);
    expect(r.json.diagnostics).toEqual([]);
  });

  test("a syntax error answers 422 with file, line, column and message", async () => {
    const r = await api(pg, "POST", "/api/sessions", { files: helpDesk({ "broken.ts": "export const a = 1;\nexport const b = ;\n" }) });
    expect(r.status).toBe(422);
    expect(r.json.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(r.json.diagnostics).toEqual([{ file: "broken.ts", line: 2, column: 18, message: 'Unexpected ";"' }]);
  });

  test("an unknown package or missing file is a diagnostic naming the module", async () => {
    const r = await api(pg, "POST", "/api/sessions", {
      files: helpDesk({ "x.ts": 'import fs from "node:fs";\nimport { y } from "./nope";\nexport const z = [fs, y];\n' }),
    });
    expect(r.status).toBe(422);
    expect(r.json.diagnostics).toEqual([
      { file: "x.ts", line: 1, column: 16, message: expect.stringContaining('The module "node:fs" is not available in the playground') },
      { file: "x.ts", line: 2, column: 19, message: expect.stringContaining('Cannot find "./nope"') },
    ]);
  });

  test("@frontmcp/testing only from test files", async () => {
    const r = await api(pg, "POST", "/api/sessions", { files: helpDesk({ "x.ts": 'import { test } from "@frontmcp/testing";\nexport { test };\n' }) });
    expect(r.status).toBe(422);
    expect(r.json.diagnostics[0].message).toMatch(/only be imported from a test file/);
  });

  test("a throw at a file's top level is a 422 naming the file and line", async () => {
    const r = await api(pg, "POST", "/api/sessions", { files: helpDesk({ "boom.ts": "const n = 1;\nif (n) throw new Error('bad setup');\nexport {};\n" }) });
    expect(r.status).toBe(422);
    expect(r.json.diagnostics[0]).toMatchObject({ file: "boom.ts", line: 2, message: expect.stringContaining("bad setup") });
  });
});

describe("module state", () => {
  test("persists across calls, restarts on reset and on new files", async () => {
    const s = await createSession(pg, helpDesk());
    const reopen = async (id: number) => (await rawModern(s.mcpUrl, id, "tools/call", { name: "reopen_ticket", arguments: { id: "T-1" } })).body.result;
    // Each first round pushes to history, which lives in store.ts's module state.
    await reopen(1);
    await reopen(2);
    const r = await rawModern(s.mcpUrl, 3, "tools/call", {
      name: "reopen_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "decline" } },
      requestState: (await reopen(4)).requestState,
    });
    expect(r.body.result.structuredContent.history).toHaveLength(4);

    expect((await api(pg, "POST", `/api/sessions/${s.id}/reset`)).status).toBe(200);
    const afterReset = await rawModern(s.mcpUrl, 5, "tools/call", {
      name: "reopen_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "decline" } },
      requestState: (await reopen(6)).requestState,
    });
    expect(afterReset.body.result.structuredContent.history).toHaveLength(2);

    const put = await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: helpDesk() });
    expect(put.status).toBe(200);
    expect(put.json.tools).toHaveLength(5);
    const afterPut = await rawModern(s.mcpUrl, 7, "tools/call", {
      name: "reopen_ticket",
      arguments: { id: "T-1" },
      inputResponses: { "elicitation-1": { action: "decline" } },
      requestState: (await reopen(8)).requestState,
    });
    expect(afterPut.body.result.structuredContent.history).toHaveLength(2);
  });

  test("a failed upload answers 422 and the last good build keeps serving", async () => {
    const s = await createSession(pg, helpDesk());
    const put = await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: { "a.ts": "export const = 1" } });
    expect(put.status).toBe(422);
    expect(put.json.diagnostics[0].file).toBe("a.ts");
    expect((await assignTo(s.mcpUrl, "chen")).body.result.structuredContent).toEqual({ id: "T-1", agent: "chen" });
  });
});

describe("expiry and the cap", () => {
  test("idle sessions expire; the least recently used goes first when the cap is reached", async () => {
    const small = await startTestPlayground({ maxSessions: 2, sessionIdleMs: 60_000, sessionActiveMs: 0 });
    try {
      const a = await createSession(small, helpDesk());
      const b = await createSession(small, helpDesk());
      await assignTo(b.mcpUrl, "bo");
      await assignTo(a.mcpUrl, "ana"); // a is now more recent than b
      const c = await createSession(small, helpDesk());
      await assignTo(c.mcpUrl, "chen");
      expect((await api(small, "POST", `/api/sessions/${b.id}/reset`)).status).toBe(404);
      expect((await api(small, "POST", `/api/sessions/${a.id}/reset`)).status).toBe(200);
      expect((await api(small, "POST", `/api/sessions/${c.id}/reset`)).status).toBe(200);
      await small.registry.expireIdle(Date.now() + 61_000);
      expect(small.registry.size).toBe(0);
      const gone = await fetch(a.mcpUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(gone.status).toBe(404);
    } finally {
      await small.close();
    }
  });
});
