// What the lesson-claims specs share: a real playground per spec file, the lessons' files and the learner's edits,
// a wire tap on the client's fetch (as the Wire tab's tap), and calls that answer the form as a person would.
import { Client, isInputRequiredResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect } from "vitest";
import { PERSONAS, type PersonaName } from "../contract/personas";
import { sseDataOf } from "../contract/sse";
import type { Playground } from "../server/app";
import { getLesson } from "../server/lessons/catalog";
import { createSession, rawModern, startTestPlayground } from "../server/testing/harness";

export let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(async () => {
  await pg?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

export type Files = Record<string, string>;
export type Answer = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };
export type Question = { key: string; mode: "form" | "url"; message: string; requestedSchema?: any; url?: string };

/** The lesson's starter files, read from lessons/<id>/files/. */
export async function filesOf(id: string): Promise<Files> {
  const lesson = await getLesson(id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  return { ...lesson.files };
}

/** The learner's edit a lesson asks for; fails loudly if the lesson's file no longer has that text. */
export function edit(files: Files, file: string, from: string, to: string): Files {
  const source = files[file];
  if (source === undefined || !source.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`);
  return { ...files, [file]: source.replace(from, to) };
}

/** A read-only window on a store's outbox, added next to a lesson's files so tests can count emails. */
export const OUTBOX_PROBE = `import { Tool, ToolContext } from "@frontmcp/sdk";
import { outbox } from "./store";

@Tool({ name: "probe_outbox", description: "Test probe: the outbox.", inputSchema: {} })
export class ProbeOutbox extends ToolContext {
  async execute() {
    return { emails: outbox };
  }
}
`;

export async function session(id: string, change: (files: Files) => Files = (f) => f) {
  return createSession(pg, change(await filesOf(id)));
}

/** One recorded POST: the JSON-RPC message sent, the HTTP status, and every JSON-RPC message in the answer. */
export type Exchange = { request: any; status: number; contentType: string; messages: Promise<any[]> };

export function parseMessages(text: string, contentType: string): any[] {
  if (!text.trim()) return [];
  if (contentType.includes("text/event-stream")) return sseDataOf(text).map((data) => JSON.parse(data));
  return [JSON.parse(text)];
}

/** The fetch the client's transport uses; records each POST it makes, like the Wire tab's tap. */
export function wireTap() {
  const exchanges: Exchange[] = [];
  const tapped = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    // GETs (the 2025 standalone stream) pass through untouched; closing the client aborts them.
    if (method !== "POST" || typeof init?.body !== "string") return fetch(input, init);
    const body = init.body;
    return fetch(input, init).then((res) => {
      const contentType = res.headers.get("content-type") ?? "";
      const messages = res
        .clone()
        .text()
        .then((text) => parseMessages(text, contentType));
      messages.catch(() => undefined); // awaited by the tests that read it
      exchanges.push({ request: JSON.parse(body), status: res.status, contentType, messages });
      return res;
    });
  };
  return {
    fetch: tapped as typeof fetch,
    exchanges,
    /** The tools/call POSTs, in order. */
    calls: () => exchanges.filter((e) => e.request.method === "tools/call"),
    clear: () => exchanges.splice(0),
  };
}

export type Outcome = { kind: "result"; result: any; rounds: number; text: string } | { kind: "rpc-error"; code: number; message: string; data?: any };

/** A client like the Call tab's: the official v2 client of one persona, driving 2026-07-28 rounds by hand. */
export class Host {
  readonly tap = wireTap();
  readonly questions: Question[] = [];
  private answer: (q: Question) => Answer = () => ({ action: "cancel" });
  private constructor(readonly client: Client) {}

  static async connect(mcpUrl: string, persona: PersonaName = "modern"): Promise<Host> {
    const { protocolVersion, capabilities } = PERSONAS[persona];
    const modern = protocolVersion === "2026-07-28";
    const client = new Client(
      { name: "claims-test", version: "1.0.0" },
      {
        capabilities,
        versionNegotiation: { mode: modern ? { pin: "2026-07-28" } : "legacy" },
        ...(modern && { inputRequired: { autoFulfill: false } }),
      },
    );
    const host = new Host(client);
    if (!modern && "elicitation" in capabilities) {
      let pushed = 0;
      client.setRequestHandler("elicitation/create", async (req) => {
        const p = req.params as Record<string, any>;
        const q: Question = {
          key: `pushed-${++pushed}`,
          mode: p.mode === "url" ? "url" : "form",
          message: p.message,
          requestedSchema: p.requestedSchema,
          url: p.url,
        };
        host.questions.push(q);
        return host.answer(q) as never;
      });
    }
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: host.tap.fetch }));
    return host;
  }

  async toolNames(): Promise<string[]> {
    return (await this.client.listTools()).tools.map((t) => t.name);
  }

  async tools() {
    return (await this.client.listTools()).tools;
  }

  /** Calls a tool, answering each question with `answer`, as the Call tab does. */
  async call(name: string, args: Record<string, unknown>, answer: (q: Question) => Answer = () => ({ action: "cancel" })): Promise<Outcome> {
    this.answer = answer;
    const base = { name, arguments: args };
    let params: Record<string, unknown> = base;
    try {
      for (let round = 1; round <= 10; round++) {
        const result: any = await this.client.callTool(params as typeof base, { allowInputRequired: true });
        if (!isInputRequiredResult(result)) return { kind: "result", result, rounds: round, text: result.content?.[0]?.text ?? "" };
        const inputResponses: Record<string, Answer> = {};
        for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
          const p = (request as { params: Record<string, any> }).params;
          const q: Question = { key, mode: p.mode === "url" ? "url" : "form", message: p.message, requestedSchema: p.requestedSchema, url: p.url };
          this.questions.push(q);
          inputResponses[key] = answer(q);
        }
        params = { ...base, inputResponses, ...(result.requestState !== undefined && { requestState: result.requestState }) };
      }
      throw new Error("still asking after 10 rounds");
    } catch (error) {
      const e = error as { code?: unknown; message?: string; data?: unknown };
      if (typeof e.code === "number") return { kind: "rpc-error", code: e.code, message: e.message ?? "", data: e.data };
      throw error;
    }
  }

  close() {
    return this.client.close();
  }
}

export function resultOf(outcome: Outcome): any {
  if (outcome.kind !== "result") throw new Error(`expected a result, got ${JSON.stringify(outcome)}`);
  return outcome.result;
}

export const accept = (content: Record<string, unknown>) => (): Answer => ({ action: "accept", content });
export const decline = (): Answer => ({ action: "decline" });
export const cancel = (): Answer => ({ action: "cancel" });

/** The payload of a requestState (`v1.<payload>.<mac>`): readable by anyone, as the Wire tab shows it. */
export function decodeState(state: string): { p: { session: string; tool: string; args: string; answers: Answer[]; pending?: string }; exp: number } {
  const [version, payload, mac] = state.split(".");
  expect(version).toBe("v1");
  expect(mac).toMatch(/^[\w-]{43}$/); // an HMAC-SHA256, base64url
  return JSON.parse(Buffer.from(payload, "base64url").toString());
}

export async function emailsIn(mcpUrl: string): Promise<Array<{ to: string; subject: string }>> {
  const r = await rawModern(mcpUrl, 900, "tools/call", { name: "probe_outbox", arguments: {} });
  return r.body.result.structuredContent.emails;
}

export async function ticketOf(mcpUrl: string, id: string): Promise<any> {
  const r = await rawModern(mcpUrl, 901, "tools/call", { name: "get_ticket", arguments: { id } });
  return r.body.result.structuredContent;
}

export const withOutboxProbe = (files: Files): Files => ({ ...files, "probe-outbox.tool.ts": OUTBOX_PROBE });

// ---------------------------------------------------------------------------------------------
