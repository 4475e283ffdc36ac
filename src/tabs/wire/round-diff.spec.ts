// The Wire tab's round diff, on every lesson's real rounds: each starter tool is called on a real
// playground by the official client, rounds driven by hand as the Call tab drives them, and the
// tools/call bodies the client sent are recorded. The diff between consecutive rounds must name
// exactly the answer keys that went and came, and the pinned table below is what learners read.
import { Client, StreamableHTTPClientTransport, isInputRequiredResult } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "../../../server/app";
import { PERSONAS } from "../../../contract/personas";
import { getLesson, listLessons } from "../../../server/lessons/catalog";
import { createSession, startTestPlayground } from "../../../server/testing/harness";
import { changeLine, roundChanges } from "./round-diff";

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  oneOf?: { const: unknown }[];
  anyOf?: { const: unknown }[];
  items?: Schema;
  format?: string;
  default?: unknown;
  minimum?: number;
};

/** A plausible value for a schema, the way a person filling the form would answer. */
function sample(name: string, s: Schema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.oneOf?.length) return s.oneOf[0].const;
  if (s.type === "boolean") return true;
  if (s.type === "integer" || s.type === "number") return s.minimum ?? 1;
  if (s.type === "array") return [sample(name, s.items ?? {})].filter((v) => v !== undefined);
  if (s.anyOf?.length) return s.anyOf[0].const;
  if (s.format === "email") return "ada@example.com";
  if (s.format === "date") return "2026-07-28";
  if (s.format === "date-time") return "2026-07-28T10:30:00Z";
  if (s.format === "uri") return "https://example.com/";
  return name === "id" ? "T-1" : "yes";
}

function fill(schema: Schema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema?.properties ?? {})) if (schema?.required?.includes(name) || name === "id") out[name] = sample(name, prop);
  return out;
}

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

/** Calls a tool as the `modern-with-url` persona, accepting every question; returns the tools/call bodies sent. */
async function recordRounds(mcpUrl: string, tool: { name: string; inputSchema?: Schema }): Promise<Record<string, unknown>[]> {
  const sent: Record<string, unknown>[] = [];
  const tap: typeof fetch = async (input, init) => {
    if (typeof init?.body === "string") {
      const body = JSON.parse(init.body);
      if (body?.method === "tools/call") sent.push(body);
    }
    return fetch(input, init);
  };
  const client = new Client(
    { name: "round-recorder", version: "1.0.0" },
    { capabilities: PERSONAS["modern-with-url"].capabilities, versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: tap }));
  const base = { name: tool.name, arguments: fill(tool.inputSchema) };
  let params: Record<string, unknown> = base;
  for (let round = 0; round < 10; round++) {
    const result = await client.callTool(params as typeof base, { allowInputRequired: true });
    if (!isInputRequiredResult(result)) break;
    const inputResponses: Record<string, unknown> = {};
    for (const [key, req] of Object.entries(result.inputRequests ?? {})) {
      const p = (req as { params?: { mode?: string; requestedSchema?: Schema } }).params ?? {};
      inputResponses[key] =
        p.mode === "url"
          ? { action: "accept" }
          : { action: "accept", content: fill({ ...p.requestedSchema, required: Object.keys(p.requestedSchema?.properties ?? {}) }) };
    }
    params = { ...base, inputResponses, ...(result.requestState !== undefined && { requestState: result.requestState }) };
  }
  await client.close();
  return sent;
}

const keysOf = (body: Record<string, unknown> | undefined) =>
  Object.keys(((body?.params as Record<string, unknown> | undefined)?.inputResponses as object | undefined) ?? {});

describe("round diff of every lesson's recorded rounds", () => {
  test("says which answer keys went and came, and pins what each lesson shows", async () => {
    const table: Record<string, string[]> = {};
    for (const { id } of await listLessons()) {
      const lesson = (await getLesson(id))!;
      // A server on SDK 1.x speaks 2025-11-25 only: a 2026-07-28 client has no rounds to record there.
      if (Object.values(lesson.files).some((source) => source.includes('from "@modelcontextprotocol/sdk/'))) continue;
      const session = await createSession(pg, lesson.files);
      for (const tool of session.tools) {
        const rounds = await recordRounds(session.mcpUrl, tool);
        for (let i = 1; i < rounds.length; i++) {
          const changes = roundChanges(rounds[i - 1], rounds[i]);
          const lines = changes.map(changeLine);
          // The invariant the lesson 4 bug broke: a key present in this round is never reported as gone.
          const before = keysOf(rounds[i - 1]);
          const after = keysOf(rounds[i]);
          for (const k of after.filter((k) => !before.includes(k)))
            expect(lines, `${id} ${tool.name} round ${i + 1}`).toContain(`+ params.inputResponses.${k}`);
          for (const k of before.filter((k) => !after.includes(k)))
            expect(lines, `${id} ${tool.name} round ${i + 1}`).toContain(`− params.inputResponses.${k}`);
          expect(lines.filter((l) => l.startsWith("−")).every((l) => !after.some((k) => l.endsWith(`.${k}`) || l === "− params.inputResponses"))).toBe(true);
          table[`${id} ${tool.name} round ${i + 1}`] = lines;
        }
      }
    }
    expect(table).toMatchInlineSnapshot(`
      {
        "02-asking-with-elicit close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "03-asking-for-a-missing-detail assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "04-on-the-wire close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "04-on-the-wire close_ticket round 3": [
          "− params.inputResponses.elicitation-1",
          "+ params.inputResponses.elicitation-2",
          "~ params.requestState",
          "~ id",
        ],
        "05-ask-first-then-act close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "06-testing-a-tool-that-asks close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "08-turning-elicitation-on close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "09-a-richer-form escalate_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "10-sensitive-data-url-mode open_billing round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "11-ask-once-approval email_customer round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "12-connect-a-real-client close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "15-porting-to-sdk-2 escalate_ticket round 2": [
          "+ params.inputResponses.escalation",
          "~ id",
        ],
        "20-one-call-many-instances close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c2-act-after-asking close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c3-ask-only-when-needed assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c5-say-what-happened close_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c6-optional-asking close_stale_tickets round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
        "c7-write-the-tests assign_ticket round 2": [
          "+ params.inputResponses.elicitation-1",
          "+ params.requestState",
          "~ id",
        ],
      }
    `);
  }, 120_000);
});

describe("roundChanges on small cases", () => {
  test("the whole inputResponses map arriving is named key by key", () => {
    const r1 = { id: 1, params: { name: "t", arguments: { id: "T-1" } } };
    const r2 = {
      id: 2,
      params: {
        name: "t",
        arguments: { id: "T-1" },
        inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true } } },
        requestState: "v1.a.b",
      },
    };
    expect(roundChanges(r1, r2).map(changeLine)).toEqual(["~ id", "+ params.inputResponses.elicitation-1", "+ params.requestState"]);
  });

  test("one answer replaced by another: the old key went, the new one came, the map stayed", () => {
    const r2 = { id: 2, params: { inputResponses: { "elicitation-1": { action: "accept" } }, requestState: "v1.a.b" } };
    const r3 = { id: 3, params: { inputResponses: { "elicitation-2": { action: "accept", content: { email: true } } }, requestState: "v1.c.d" } };
    expect(roundChanges(r2, r3).map(changeLine)).toEqual([
      "~ id",
      "− params.inputResponses.elicitation-1",
      "+ params.inputResponses.elicitation-2",
      "~ params.requestState",
    ]);
  });

  test("a changed field inside an answer is reported as that answer changing, once", () => {
    const a = { params: { inputResponses: { "elicitation-1": { action: "accept", content: { a: 1, b: 2 } } } } };
    const b = { params: { inputResponses: { "elicitation-1": { action: "accept", content: { a: 2, b: 3 } } } } };
    expect(roundChanges(a, b)).toEqual([
      {
        path: "params.inputResponses.elicitation-1",
        kind: "changed",
        before: a.params.inputResponses["elicitation-1"],
        after: b.params.inputResponses["elicitation-1"],
      },
    ]);
  });

  test("no change, no lines", () => {
    expect(roundChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});
