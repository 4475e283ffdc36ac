// The claims of lesson 17 (a session you can replay) that are about the call itself, proved on the lesson's own files
// through the official client; what the page does with the file (export, open with no server, step, refuse) is proved
// in a browser by e2e/replay.e2e.ts.
import { Client, isInputRequiredResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Recording } from "../contract/recording";
import { RECORDING_VERSION } from "../contract/recording-format";
import type { Playground } from "../server/app";
import { getLesson } from "../server/lessons/catalog";
import { createSession, startTestPlayground } from "../server/testing/harness";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

const ID = "17-a-session-you-can-replay";
type Posted = { startedAt: number; durationMs: number; request: any; status: number; response: any };

/** Records each POST with its time and its JSON answer, as the Wire tab does. */
function tap(log: Posted[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const startedAt = Date.now();
    const res = await fetch(input, init);
    if (init?.method !== "POST" || typeof init.body !== "string" || !res.headers.get("content-type")?.includes("application/json")) return res;
    const text = await res.text();
    log.push({
      startedAt,
      durationMs: Date.now() - startedAt,
      request: JSON.parse(init.body),
      status: res.status,
      response: text ? JSON.parse(text) : undefined,
    });
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch;
}

async function theLessonsCall() {
  const s = await createSession(pg, { ...(await getLesson(ID))!.files });
  const log: Posted[] = [];
  const client = new Client(
    { name: "claims-test", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl), { fetch: tap(log) }));
  const base = { name: "close_ticket", arguments: { id: "T-1" } };
  const first: any = await client.callTool(base, { allowInputRequired: true });
  expect(isInputRequiredResult(first)).toBe(true);
  const answer = { action: "accept", content: { confirm: true, note: "Fixed in 2.4" } };
  const second: any = await client.callTool({ ...base, inputResponses: { "elicitation-1": answer }, requestState: first.requestState } as typeof base, {
    allowInputRequired: true,
  });
  await client.close();
  return { log: log.filter((x) => x.request.method === "tools/call"), first, second, answer };
}

describe("17 A session you can replay", () => {
  test("the call takes two tools/call rounds: input_required, then the answer with round 1's requestState unchanged", async () => {
    const { log, first, second } = await theLessonsCall();
    expect(log).toHaveLength(2);
    expect(log[0].response.result.resultType).toBe("input_required");
    expect(log[1].request.params.inputResponses["elicitation-1"]).toMatchObject({ action: "accept" });
    expect(log[1].request.params.requestState).toBe(first.requestState);
    expect(log[0].response.result.requestState).toBe(log[1].request.params.requestState);
    expect(second.structuredContent).toEqual({ id: "T-1", closed: true, note: "Fixed in 2.4" });
  });

  test("a recording of it, with its times, has the shape contract/recording.ts writes down, at version 1 only", async () => {
    const { log, second, answer } = await theLessonsCall();
    const exchanges = log.map((x, i) => ({
      seq: i + 1,
      groupId: 1,
      startedAt: x.startedAt,
      durationMs: x.durationMs,
      httpMethod: "POST",
      url: "/mcp/s",
      requestHeaders: {},
      requestBody: x.request,
      status: x.status,
      responseHeaders: {},
      responseText: JSON.stringify(x.response),
      messages: [x.response],
      state: "done",
    }));
    const question = { key: "elicitation-1", round: 1, via: "input_required", mode: "form", message: 'Close T-1 "Cannot log in"?' };
    const recording = {
      format: "mcp-session",
      version: RECORDING_VERSION,
      exportedAt: new Date().toISOString(),
      source: "page",
      lesson: { id: ID, title: "A session you can replay" },
      files: (await getLesson(ID))!.files,
      persona: "modern",
      calls: [
        {
          kind: "result",
          seq: 1,
          tool: "close_ticket",
          persona: "modern",
          args: { id: "T-1" },
          at: Date.now(),
          groupId: 1,
          answers: [{ question, answer }],
          result: second,
          rounds: 2,
        },
      ],
      wire: [{ id: 1, label: "tools/call close_ticket", persona: "modern", lessonId: ID, lessonTitle: "", startedAt: exchanges[0].startedAt, exchanges }],
    };
    expect(Recording.safeParse(recording).success).toBe(true);
    expect(Recording.safeParse({ ...recording, version: 2 }).success).toBe(false);
  });
});
