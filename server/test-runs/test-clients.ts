// The host side of the `mcp` fixture: one official SDK client per fixture client, speaking real MCP to the test
// file's server: over the SDK's in-memory transport when the server offers it (FrontMCP projects; an official-SDK
// project's 2025-11-25 clients), otherwise through the same endpoint code as /mcp (in process, no socket). Raw
// requests always take the /mcp endpoint.
import { Client, type DiscoverResult, isInputRequiredResult, ProtocolErrorCode, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { CheckCall } from "../../contract/api";
import type { ElicitAnswer as Answer } from "../../contract/elicitation";
import { isPersonaName, PERSONAS } from "../../contract/personas";
import { isRoundTwoBreak, misbehave, type MisbehaviourName, type RetryParams } from "../../contract/misbehaviour";
import { BrokenCall, breakRule, type BrokenSend, type RuleBreaking, type TransportBreak } from "../../contract/rule-breaking-transport";
import { urlElicitationsOf } from "../../contract/outside";
import type { OutsideFlows } from "../outside/outside-flows";
import type { ElicitationRequest, FixtureRequest, Persona } from "../../runtime/testing/mcp-fixture";
import { modernRequest, responseMessage } from "../mcp/modern-request";
import type { InProcessConnection } from "../mcp/in-process";
import type { McpEndpoint } from "../mcp/session-endpoint";

const MAX_ROUNDS = 10;
const BASE = "http://playground.test/mcp/tests";

function errorOf(error: unknown): { code: number; message: string; data?: unknown } {
  const e = error as { code?: unknown; message?: string; data?: unknown };
  return {
    code: typeof e.code === "number" ? e.code : ProtocolErrorCode.InternalError,
    message: e.message ?? String(error),
    ...(e.data !== undefined && { data: e.data }),
  };
}

function asRequest(params: Record<string, unknown>): ElicitationRequest {
  return params.mode === "url"
    ? { mode: "url", message: String(params.message), url: String(params.url) }
    : { mode: "form", message: String(params.message), requestedSchema: params.requestedSchema as Record<string, unknown> };
}

/** A refused POST's status and the JSON-RPC error its body carries, as a test reads it. */
function postOf(post: BrokenSend | undefined): { status: number; error?: unknown } | undefined {
  if (!post) return undefined;
  try {
    return { status: post.status, error: (JSON.parse(post.text) as { error?: unknown }).error };
  } catch {
    return { status: post.status };
  }
}

/** A misbehaving 2025-11-25 client's bent transport, and its call in progress. */
type Bent = { rule: TransportBreak; rules: RuleBreaking; call?: BrokenCall };

/** The calls a transcript keeps, and how much of each result. */
const MAX_CALLS = 8;
const MAX_RECEIVED_CHARS = 400;

export class TestClients {
  /** The calls made through these clients, when kept (hidden checks): what a failed check shows it did. */
  readonly calls: CheckCall[] = [];
  private clients = new Map<number, Promise<Client>>();
  /** The elicitationIds each 2025-11-25 client heard notifications/elicitation/complete for, and who waits on them. */
  private completions = new Map<number, { heard: Set<string>; wake: () => void }>();
  private connections = new Map<number, InProcessConnection>();
  private bent = new Map<number, Bent>();
  /**
   * The file's server as its first 2026-07-28 client discovered it (in process only: a FrontMCP server, whose
   * discover result the host makes from the loaded project, the same for every connection). Later clients adopt it
   * through the SDK's `connect({ prior })` instead of asking again, as a client that has discovered a server does.
   */
  private discovered?: Promise<DiscoverResult | undefined>;
  private readonly fetch = (url: string | URL | Request, init?: RequestInit) => this.endpoint.fetch(new Request(url, init));

  constructor(
    private endpoint: McpEndpoint,
    private answer: (clientId: number, request: ElicitationRequest) => Promise<Answer>,
    /** A connection in process for a client of this era, when the server offers one. */
    private inProcess?: (modern: boolean) => InProcessConnection | undefined,
    /** Keep a transcript of the calls in `calls`. */
    private readonly transcribe = false,
    /** The test server's pretend outside pages, which `mcp.outside` presses. */
    private readonly outside?: OutsideFlows,
  ) {}

  /** Runs one call, noting it, the answers given on the way and what came back, when transcribing. */
  private async transcribed<T>(clientId: number, entry: CheckCall | undefined, run: () => Promise<T>): Promise<T> {
    if (!entry) return run();
    this.answersOf.set(clientId, entry.answers);
    const cut = (text: string) => (text.length > MAX_RECEIVED_CHARS ? `${text.slice(0, MAX_RECEIVED_CHARS)}…` : text);
    try {
      const result = await run();
      const content = (result as { content?: Array<{ type: string; text?: string }> }).content;
      entry.received = cut(content?.find((c) => c.type === "text")?.text ?? JSON.stringify(result));
      return result;
    } catch (error) {
      entry.received = cut(`error: ${(error as Error).message}`);
      throw error;
    } finally {
      this.answersOf.delete(clientId);
    }
  }
  private answersOf = new Map<number, Array<Record<string, unknown>>>();

  private client(clientId: number, persona: Persona, breaks?: MisbehaviourName): Promise<Client> {
    let client = this.clients.get(clientId);
    if (!client) {
      client = this.connect(clientId, persona, breaks && !isRoundTwoBreak(breaks) ? breaks : undefined);
      this.clients.set(clientId, client);
    }
    return client;
  }

  /** `bend`: a rule of 2025-11-25 to break, speaking that revision over the /mcp endpoint code (which refuses it). */
  private async connect(clientId: number, persona: Persona, bend?: TransportBreak): Promise<Client> {
    const { protocolVersion, capabilities } = PERSONAS[persona];
    const modern = protocolVersion === "2026-07-28" && !bend;
    const client = new Client(
      { name: `playground-test-${persona}`, version: "1.0.0" },
      { capabilities, ...(modern && { versionNegotiation: { mode: { pin: "2026-07-28" } }, inputRequired: { autoFulfill: false } }) },
    );
    if (!modern && "elicitation" in capabilities)
      client.setRequestHandler("elicitation/create", async (req) => {
        await this.bent.get(clientId)?.call?.beforeAnswer();
        return (await this.answered(clientId, asRequest(req.params as Record<string, unknown>))) as never;
      });
    if (!modern && "elicitation" in capabilities && "url" in capabilities.elicitation) {
      const heard = { heard: new Set<string>(), wake: () => undefined };
      this.completions.set(clientId, heard);
      client.setNotificationHandler("notifications/elicitation/complete", (n) => {
        heard.heard.add(n.params.elicitationId);
        heard.wake();
      });
    }
    if (bend) {
      const transport = new StreamableHTTPClientTransport(new URL(BASE), { fetch: this.fetch });
      const bent: Bent = { rule: bend, rules: breakRule(transport, bend, (answer) => bent.call?.broken(answer)) };
      this.bent.set(clientId, bent);
      await client.connect(transport);
      return client;
    }
    const connection = this.inProcess?.(modern);
    if (!connection) {
      await client.connect(new StreamableHTTPClientTransport(new URL(BASE), { fetch: this.fetch }));
      return client;
    }
    this.connections.set(clientId, connection);
    if (!modern) {
      await client.connect(connection.transport);
      return client;
    }
    const known = await this.discovered?.catch(() => undefined);
    if (known) {
      await client.connect(connection.transport, { prior: { kind: "modern", discover: known } });
      return client;
    }
    this.discovered = client.connect(connection.transport).then(() => client.getDiscoverResult());
    await this.discovered;
    return client;
  }

  /** Answers one request from the sandbox's fixture. */
  async handle(json: string): Promise<string> {
    const request = JSON.parse(json) as FixtureRequest;
    if (request.op === "close") {
      await Promise.all(request.clientIds.map((id) => this.close(id)));
      return "{}";
    }
    if (request.op === "outside") return JSON.stringify({ pressed: this.press(request.url, request.action) });
    if (!isPersonaName(request.persona)) throw new Error(`unknown persona ${String(request.persona)}`);
    if (request.op === "raw") return JSON.stringify({ response: await this.raw(request.persona, request.message) });
    try {
      const client = await this.client(request.clientId, request.persona, request.breaks);
      if (request.op === "list") return JSON.stringify({ tools: (await client.listTools()).tools });
      const args = request.args ?? {};
      const entry = this.transcribe && this.calls.length < MAX_CALLS ? { tool: request.name, args, persona: request.persona, answers: [] } : undefined;
      if (entry) this.calls.push(entry);
      const bent = this.bent.get(request.clientId);
      if (bent) return JSON.stringify(await this.transcribed(request.clientId, entry, () => this.callBent(client, bent, request.name, args)));
      return JSON.stringify({
        result: await this.transcribed(request.clientId, entry, () => this.call(client, request.clientId, request.name, args, request.breaks)),
      });
    } catch (error) {
      return JSON.stringify({ error: errorOf(error) });
    }
  }

  /** The person presses a button on one of this server's outside pages; another server's pages are out of reach. */
  private press(url: string, action: "sign-in" | "cancel"): boolean {
    const id = URL.canParse(url) ? new URL(url).searchParams.get("flow") : null;
    return !!id && !!this.outside?.settle(id, action === "sign-in" ? "completed" : "cancelled");
  }

  /**
   * A call as the client makes it. On 2025-11-25, -32042 lists pages to open: each is put to the test's handler as
   * a URL-mode question; once all were accepted and notifications/elicitation/complete came for each, the call is
   * made again, once (as the spec has a client do).
   */
  private async call(client: Client, clientId: number, name: string, args: Record<string, unknown>, breaks?: MisbehaviourName) {
    try {
      return await this.rounds(client, clientId, name, args, breaks);
    } catch (error) {
      const heard = this.completions.get(clientId);
      const listed = urlElicitationsOf(error);
      if (!heard || !listed) throw error;
      for (const e of listed) if ((await this.answered(clientId, { mode: "url", message: e.message, url: e.url })).action !== "accept") throw error;
      while (!listed.every((e) => heard.heard.has(e.elicitationId))) await new Promise<void>((wake) => (heard.wake = wake));
      return this.rounds(client, clientId, name, args, breaks);
    }
  }

  /** 2026-07-28 rounds by hand, answering each question through the test's handler; 2025 clients get pushes. */
  /** `breaks`: a misbehaving client's round 2 breaks that rule (contract/misbehaviour.ts), sent as the SDK client sends any call. */
  private async rounds(client: Client, clientId: number, name: string, args: Record<string, unknown>, breaks?: MisbehaviourName) {
    let params: Record<string, unknown> = { name, arguments: args };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await client.callTool(params as never, { allowInputRequired: true });
      if (!isInputRequiredResult(result)) return result;
      const inputResponses: Record<string, Answer> = {};
      for (const [key, input] of Object.entries(result.inputRequests ?? {}))
        inputResponses[key] = await this.answered(clientId, asRequest((input as { params: Record<string, unknown> }).params));
      params = { name, arguments: args, inputResponses, ...(result.requestState !== undefined && { requestState: result.requestState }) };
      if (breaks && isRoundTwoBreak(breaks) && round === 0) {
        params = misbehave(
          breaks,
          params as RetryParams,
          (await client.listTools()).tools.map((t) => t.name),
        );
      }
    }
    throw Object.assign(new Error(`The tool still asked after ${MAX_ROUNDS} rounds`), { code: ProtocolErrorCode.InternalError });
  }

  /** One call of a misbehaving 2025-11-25 client: its own reply, and the session's answer to the POST that broke the rule. */
  private async callBent(client: Client, bent: Bent, name: string, args: Record<string, unknown>) {
    const cancel = new AbortController();
    const call = new BrokenCall(
      bent.rules,
      bent.rule,
      () => client.callTool({ name, arguments: args }),
      () => cancel.abort("The client cancelled the call"),
    );
    bent.call = call;
    try {
      const result = await client.callTool({ name, arguments: args }, { signal: cancel.signal });
      return { result, brokenPost: postOf(await call.brokenPost()) };
    } catch (error) {
      // Cancelled: the person's answer is still posted, after the call.
      if (!cancel.signal.aborted) throw error;
      return { error: { code: ProtocolErrorCode.InternalError, message: "The client cancelled the call" }, brokenPost: postOf(await call.brokenPost()) };
    } finally {
      bent.call = undefined;
    }
  }

  /** The test's answer to a question, noted in the transcript of the call it belongs to. */
  private async answered(clientId: number, request: ElicitationRequest): Promise<Answer> {
    const answer = await this.answer(clientId, request);
    this.answersOf.get(clientId)?.push({ ...answer });
    return answer;
  }

  /** One JSON-RPC request as a 2026-07-28 client would send it; missing `_meta` keys filled, the message's own win. */
  private async raw(persona: Persona, message: Record<string, unknown>): Promise<unknown> {
    const response = await this.endpoint.fetch(
      modernRequest(BASE, message, { capabilities: PERSONAS[persona].capabilities, clientName: "playground-test-raw" }),
    );
    try {
      return await responseMessage(response);
    } catch {
      return { jsonrpc: "2.0", id: message.id ?? null, error: { code: -32700, message: `HTTP ${response.status}: the response was not JSON` } };
    }
  }

  private async close(clientId: number): Promise<void> {
    const client = this.clients.get(clientId);
    this.clients.delete(clientId);
    this.completions.delete(clientId);
    await (await client?.catch(() => undefined))?.close().catch(() => undefined);
    await this.connections.get(clientId)?.close();
    this.connections.delete(clientId);
    this.bent.delete(clientId);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.clients.keys()].map((id) => this.close(id)));
  }
}
