// What the server itself served a session, as the facts a lesson that asks only to observe ticks on (ServedStep in
// contract/verdicts.ts): read from the JSON-RPC messages of every exchange on /mcp/{id}, the page's and outside
// clients' alike, never from anything a page reports.
import { PAGE_CLIENT_HEADER } from "../../contract/traffic";
import type { ServedStep } from "../../contract/verdicts";
import type { Session } from "./session";

/** Enough for every lesson's facts many times over; a session cannot grow the set past it. */
const MAX_STEPS = 200;
/** A response stream is read this far for facts; the client still gets all of it. */
const MAX_READ_BYTES = 256 * 1024;
/** Questions pushed on 2025-11-25 streams, remembered by id so their answers name the tool. */
const MAX_OPEN_QUESTIONS = 50;

type Message = { id?: string | number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { code?: unknown } };

const messagesOf = (body: unknown): Message[] => (Array.isArray(body) ? body : [body]).filter((m): m is Message => typeof m === "object" && m !== null);
const modeOf = (params: unknown) => ((params as { mode?: unknown } | undefined)?.mode === "url" ? "url" : "form");
const actionOf = (answer: unknown) => {
  const action = (answer as { action?: unknown } | undefined)?.action;
  return action === "accept" || action === "decline" || action === "cancel" ? action : undefined;
};

export class ServedSteps {
  private readonly steps = new Set<ServedStep>();
  private readonly questions = new Map<string | number, string>();

  has(step: ServedStep): boolean {
    return this.steps.has(step);
  }

  note(step: ServedStep): void {
    if (this.steps.size < MAX_STEPS) this.steps.add(step);
  }

  /** Serves `req` through `serve`, noting the facts of its request and its response; the response goes back untouched. */
  async observe(req: Request, serve: (req: Request) => Promise<Response>): Promise<Response> {
    if (req.method !== "POST") return serve(req);
    const copy = req.clone();
    const res = await serve(req);
    const outside = !req.headers.has(PAGE_CLIENT_HEADER);
    const body = await copy.json().catch(() => undefined);
    const calls = this.noteRequest(messagesOf(body));
    if (!calls.size || !res.body) return res;
    const seen = res.clone();
    // Read beside the client, never in its way: a failure here only loses facts.
    void this.readResponse(seen, calls, outside).catch(() => undefined);
    return res;
  }

  /** Notes the answers a request carries; returns its tools/call ids with their tool names. */
  private noteRequest(messages: Message[]): Map<string | number, string> {
    const calls = new Map<string | number, string>();
    for (const m of messages) {
      if (m.method === "tools/call" && typeof m.params?.name === "string") {
        const tool = m.params.name;
        if (m.id !== undefined) calls.set(m.id, tool);
        const responses = m.params.inputResponses;
        if (responses && typeof responses === "object") {
          this.note(`round2 ${tool}`);
          for (const answer of Object.values(responses)) {
            const action = actionOf(answer);
            if (action) this.note(`answer ${tool} ${action}`);
          }
        }
      } else if (m.method === undefined && m.id !== undefined && m.result) {
        // A 2025-11-25 client's answer to a question the server pushed.
        const tool = this.questions.get(m.id);
        const action = actionOf(m.result);
        if (tool && action) this.note(`answer ${tool} ${action}`);
      }
    }
    return calls;
  }

  private async readResponse(res: Response, calls: Map<string | number, string>, outside: boolean): Promise<void> {
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("application/json")) {
      const text = await res.text();
      if (text.length <= MAX_READ_BYTES) this.noteResponse(messagesOf(JSON.parse(text)), calls, outside);
      return;
    }
    if (!type.includes("text/event-stream")) return void (await res.body?.cancel());
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    let read = 0;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        read += value.length;
        buffered += value;
        const events = buffered.split(/\r?\n\r?\n/);
        buffered = events.pop() ?? "";
        for (const event of events) {
          const data = event
            .split(/\r?\n/)
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          if (data) this.noteResponse(messagesOf(JSON.parse(data)), calls, outside);
        }
        if (read > MAX_READ_BYTES) return;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }

  private noteResponse(messages: Message[], calls: Map<string | number, string>, outside: boolean): void {
    // A question pushed on a stream belongs to the call whose stream it is (one call per POST, as clients send).
    const [streamTool] = calls.values();
    for (const m of messages) {
      if (m.method === "elicitation/create" && streamTool) {
        this.note(`elicit ${streamTool}`);
        this.note(`ask ${streamTool} ${modeOf(m.params)}`);
        if (m.id !== undefined && this.questions.size < MAX_OPEN_QUESTIONS) this.questions.set(m.id, streamTool);
        continue;
      }
      const tool = m.id !== undefined ? calls.get(m.id) : undefined;
      if (!tool) continue;
      if (m.error && typeof m.error.code === "number") {
        this.note(`error ${m.error.code}`);
        continue;
      }
      const result = m.result;
      if (!result) continue;
      const inputs = result.inputRequests;
      if (inputs && typeof inputs === "object") {
        for (const input of Object.values(inputs)) this.note(`ask ${tool} ${modeOf((input as { params?: unknown }).params)}`);
        continue;
      }
      this.note(`call ${tool}`);
      if (outside) this.note(`outside call ${tool}`);
      const code = (result._meta as { code?: unknown } | undefined)?.code;
      if (result.isError && typeof code === "string") this.note(`fail ${tool} ${code}`);
    }
  }
}

const bySession = new WeakMap<Session, ServedSteps>();

/** The facts served so far in this session (on this instance: a session rebuilt elsewhere starts a new record). */
export function servedSteps(session: Session): ServedSteps {
  let steps = bySession.get(session);
  if (!steps) {
    steps = new ServedSteps();
    bySession.set(session, steps);
  }
  return steps;
}
