// requestState means one question, once: bound to the build, to the question asked and to the reset generation,
// and a finished flow's state cannot be replayed.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../app";
import { api, createSession, rawModern, startTestPlayground } from "../testing/harness";
import { MemoryConsumedStates } from "./request-state";

const STORE = `export const tickets = new Map([["T-1", { id: "T-1", status: "open" }], ["T-2", { id: "T-2", status: "open" }]]);
export const closes: string[] = [];
`;
const close = (question: string) => `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { closes, tickets } from "./store";
@Tool({ name: "close_ticket", inputSchema: { id: z.string() } })
export class Close extends ToolContext {
  async execute({ id }: { id: string }) {
    const answer = await this.elicit(${question}, z.object({ confirm: z.boolean() }));
    if (answer.status !== "accept" || !answer.content!.confirm) return { closed: false };
    ${question.includes("ALL") ? "tickets.clear();" : ""}
    closes.push(id);
    return { closed: true, times: closes.length, open: tickets.size };
  }
}
`;
const ADD = `import { Tool, ToolContext, z } from "@frontmcp/sdk";
import { tickets } from "./store";
@Tool({ name: "add_ticket", inputSchema: { id: z.string() } })
export class Add extends ToolContext {
  async execute({ id }: { id: string }) { tickets.set(id, { id, status: "open" }); return { open: tickets.size }; }
}
`;
const project = (question: string) => ({ "store.ts": STORE, "close.tool.ts": close(question), "add.tool.ts": ADD });
const SAFE = project("`Close ${id}?`");
// The same tool after an edit: the question the saved "yes" would now answer is a different one.
const DANGEROUS = project("`Close ${id}? Also DELETE ALL tickets?`");
// A question that depends on module state: it reads the count of open tickets.
const COUNTING = project("`Close ${id}? (${tickets.size} open)`");
const YES = { "elicitation-1": { action: "accept", content: { confirm: true } } };

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg.close());

async function roundOne(mcpUrl: string) {
  const r1 = await rawModern(mcpUrl, 1, "tools/call", { name: "close_ticket", arguments: { id: "T-1" } });
  expect(r1.body.result.resultType).toBe("input_required");
  return r1.body.result.requestState as string;
}
const answer = (mcpUrl: string, requestState: string, id = 2) =>
  rawModern(mcpUrl, id, "tools/call", { name: "close_ticket", arguments: { id: "T-1" }, inputResponses: YES, requestState });
const payload = (state: string) => JSON.parse(Buffer.from(state.split(".")[1], "base64url").toString()).p;

describe("requestState bindings", () => {
  test("after a code change, a saved yes does not answer the new question", async () => {
    const s = await createSession(pg, SAFE);
    const state = await roundOne(s.mcpUrl);
    expect((await api(pg, "PUT", `/api/sessions/${s.id}/files`, { files: DANGEROUS })).status).toBe(200);
    const replay = await answer(s.mcpUrl, state);
    expect(replay.body.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state", detail: expect.stringMatching(/code changed/) } });
    // Nothing was deleted: the new question is asked, and a fresh yes to it is what acts.
    const fresh = await roundOne(s.mcpUrl);
    expect((await answer(s.mcpUrl, fresh, 3)).body.result.structuredContent).toEqual({ closed: true, times: 1, open: 0 });
  });

  test("a question that changed with module state is not answered by the yes given to the old one", async () => {
    const s = await createSession(pg, COUNTING);
    const state = await roundOne(s.mcpUrl); // "Close T-1? (2 open)"
    await rawModern(s.mcpUrl, 5, "tools/call", { name: "add_ticket", arguments: { id: "T-3" } });
    const replay = await answer(s.mcpUrl, state); // the tool now asks "Close T-1? (3 open)"
    expect(replay.body.result.isError).toBe(true);
    expect(replay.body.result._meta.code).toBe("QUESTION_CHANGED");
    expect(replay.body.result.content[0].text).toMatch(/not the one the person answered/);
    expect(payload(state).questions).toHaveLength(1);
  });

  test("state minted before a Reset is refused after it", async () => {
    const s = await createSession(pg, SAFE);
    const state = await roundOne(s.mcpUrl);
    expect((await api(pg, "POST", `/api/sessions/${s.id}/reset`)).status).toBe(200);
    const replay = await answer(s.mcpUrl, state);
    expect(replay.body.error).toMatchObject({ code: -32602, data: { detail: expect.stringMatching(/reset/) } });
  });

  test("a finished round replayed three times acts once", async () => {
    const s = await createSession(pg, SAFE);
    const state = await roundOne(s.mcpUrl);
    const first = await answer(s.mcpUrl, state, 2);
    expect(first.body.result.structuredContent).toEqual({ closed: true, times: 1, open: 2 });
    for (const id of [3, 4]) {
      const again = await answer(s.mcpUrl, state, id);
      expect(again.body.error).toMatchObject({ code: -32602, data: { detail: expect.stringMatching(/used already/) } });
    }
  });

  test("the same state sent five times at once acts once", async () => {
    const s = await createSession(pg, SAFE);
    const state = await roundOne(s.mcpUrl);
    const all = await Promise.all([2, 3, 4, 5, 6].map((id) => answer(s.mcpUrl, state, id)));
    expect(all.filter((r) => r.body.result?.structuredContent?.closed === true)).toHaveLength(1);
    expect(all.filter((r) => r.body.error?.code === -32602)).toHaveLength(4);
  });

  test("the decoded state names what it is bound to", async () => {
    const s = await createSession(pg, SAFE);
    const p = payload(await roundOne(s.mcpUrl));
    expect(p).toMatchObject({ session: s.id, tool: "close_ticket", generation: 0, pending: "elicitation-1" });
    expect(p.id).toMatch(/^[\w-]{16}$/);
    expect(p.build).toMatch(/^[\w-]{22}$/);
    expect(p.args).toMatch(/^[\w-]{22}$/);
    expect(p.questions).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/)]);
  });
});

test("consumed ids are kept for the state's lifetime, then forgotten", async () => {
  let now = 0;
  const store = new MemoryConsumedStates(60_000, 1000, () => now);
  expect(await store.claim("a")).toBe(true);
  expect(await store.claim("a")).toBe(false);
  now += 61_000;
  expect(await store.claim("b")).toBe(true);
  expect(store.size).toBe(1);
});
