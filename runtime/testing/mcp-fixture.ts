// The `mcp` fixture inside the sandbox: a client of the test file's server. Requests go through the host bridge to
// the host, where the official SDK client talks to the learner's server on the same code path as /mcp.

import type { ElicitAnswer } from "../../contract/elicitation";
import { isOutsideAction, type OutsideAction } from "../../contract/outside";

import { isPersonaName, PERSONA_NAMES, type PersonaName as Persona } from "../../contract/personas";
import { isMisbehaviourName, MISBEHAVIOUR_NAMES, type MisbehaviourName } from "../../contract/misbehaviour";

export type { PersonaName as Persona } from "../../contract/personas";

export type ElicitationRequest = { mode: "form" | "url"; message: string; requestedSchema?: Record<string, unknown>; url?: string };
type Handler = (request: ElicitationRequest) => ElicitAnswer | Promise<ElicitAnswer>;
type JsonRpcError = { code: number; message: string; data?: unknown };
type RawResult = { content?: Array<{ type: string; text?: string }>; isError?: boolean; [key: string]: unknown };

/**
 * What the fixture asks the host for, the one message type of this bridge (the host's side is
 * server/test-runs/test-clients.ts): list or call tools, send a raw JSON-RPC message, as a client of one persona.
 */
export type FixtureRequest =
  | { op: "list"; clientId: number; persona: Persona; breaks?: MisbehaviourName }
  | { op: "call"; clientId: number; persona: Persona; name: string; args: Record<string, unknown>; breaks?: MisbehaviourName }
  | { op: "raw"; clientId: number; persona: Persona; message: Record<string, unknown> }
  | { op: "outside"; url: string; action: OutsideAction }
  | { op: "close"; clientIds: number[] };
type ClientRequest = Exclude<FixtureRequest, { op: "close" } | { op: "outside" }>;
type WithoutPersona<R> = R extends unknown ? Omit<R, "persona"> : never;

/** Sends one request to the host and returns its parsed reply. */
export type HostSend = (request: FixtureRequest) => Promise<any>;

/** What a session answered the one POST a misbehaving 2025-11-25 client broke its rule with. */
type BrokenPost = { status: number; error?: JsonRpcError };

export class ToolCallResult {
  readonly isError: boolean;
  constructor(
    readonly raw: RawResult,
    readonly error?: JsonRpcError,
    readonly brokenPost?: BrokenPost,
  ) {
    this.isError = error !== undefined || raw.isError === true;
  }
  text(): string | undefined {
    return this.raw.content?.find((block) => block.type === "text")?.text;
  }
  json<T = unknown>(): T {
    const text = this.text();
    if (text === undefined) throw new Error(`The result has no text to parse as JSON${this.error ? ` (the call failed: ${this.error.message})` : ""}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`The result's text is not JSON: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
    }
  }
}

/** Clients made for one test; the host answers their elicitations through `answer()`. */
export class FixtureClients {
  private handlers = new Map<number, Handler | undefined>();
  private unanswered: string[] = [];
  private personas = new Map<number, Persona>();
  private breaks = new Map<number, MisbehaviourName>();

  /** Client ids are unique per VM, since the host keeps one SDK client per id for the whole file. */
  constructor(
    private send: HostSend,
    private nextId: () => number,
  ) {}

  /** The host connects the real client lazily, on this client's first request. */
  open(persona: Persona, options: { breaks?: MisbehaviourName } = {}): McpTestClient {
    if (!isPersonaName(persona)) throw new Error(`Unknown persona "${persona}"; use one of ${PERSONA_NAMES.join(", ")}`);
    const { breaks } = options;
    if (persona === "misbehaving" && !isMisbehaviourName(breaks))
      throw new Error(`mcp.as("misbehaving", { breaks }) needs the rule it breaks: one of ${MISBEHAVIOUR_NAMES.join(", ")}`);
    // A test file's server has no Reset button between rounds; the Call tab's misbehaving client tries that one.
    if (breaks === "state-after-reset") throw new Error("\"state-after-reset\" needs the Call tab's Reset; a test file's server has none");
    const clientId = this.nextId();
    this.personas.set(clientId, persona);
    if (breaks && persona === "misbehaving") this.breaks.set(clientId, breaks);
    this.handlers.set(clientId, undefined);
    return new McpTestClient(this, clientId, persona);
  }

  setHandler(clientId: number, handler: Handler): void {
    if (typeof handler !== "function") throw new TypeError("onElicitation(handler) needs a function");
    this.handlers.set(clientId, handler);
  }

  request(body: WithoutPersona<ClientRequest>): Promise<any> {
    // A client id this VM never opened has no persona; the host refuses the request ("unknown persona").
    const breaks = body.op === "raw" ? undefined : this.breaks.get(body.clientId);
    return this.send({ ...body, persona: this.personas.get(body.clientId) as Persona, ...(breaks && { breaks }) } as ClientRequest);
  }

  async answer(clientId: number, request: ElicitationRequest): Promise<ElicitAnswer> {
    const handler = this.handlers.get(clientId);
    if (!handler) {
      this.unanswered.push(request.message);
      return { action: "decline" };
    }
    return handler(request);
  }

  notes(): string[] {
    return this.unanswered.map((m) => `A question went unanswered (no mcp.onElicitation handler), so it was declined: "${m}"`);
  }

  /** Presses a button of the pretend outside page at `url`, as the person would; true when a waiting page was left. */
  async pressOutside(url: string, action: OutsideAction): Promise<boolean> {
    if (typeof url !== "string") throw new TypeError("mcp.outside needs the page's url, as the question carried it");
    if (!isOutsideAction(action)) throw new TypeError('the outside page\'s buttons are "sign-in" and "cancel"');
    return (await this.send({ op: "outside", url, action })).pressed === true;
  }

  async closeAll(): Promise<void> {
    const ids = [...this.personas.keys()];
    if (ids.length) await this.send({ op: "close", clientIds: ids }).catch(() => undefined);
  }
}

export class McpTestClient {
  readonly tools = {
    list: async (): Promise<unknown[]> => {
      const reply = await this.clients.request({ op: "list", clientId: this.clientId });
      if (reply.error) throw new Error(`tools/list failed: ${reply.error.message}`);
      return reply.tools;
    },
    call: async (name: string, args: Record<string, unknown> = {}): Promise<ToolCallResult> => {
      const reply = await this.clients.request({ op: "call", clientId: this.clientId, name, args });
      return reply.error ? new ToolCallResult({ content: [] }, reply.error, reply.brokenPost) : new ToolCallResult(reply.result, undefined, reply.brokenPost);
    },
  };

  /** The pretend outside site, as the person in front of it: press Sign in or Cancel on the page a question links to. */
  readonly outside = {
    signIn: (url: string): Promise<boolean> => this.clients.pressOutside(url, "sign-in"),
    cancel: (url: string): Promise<boolean> => this.clients.pressOutside(url, "cancel"),
  };

  readonly raw = {
    request: async (message: Record<string, unknown>): Promise<unknown> =>
      (await this.clients.request({ op: "raw", clientId: this.clientId, message })).response,
  };

  constructor(
    private clients: FixtureClients,
    private clientId: number,
    readonly persona: Persona,
  ) {}

  onElicitation(handler: Handler): void {
    this.clients.setHandler(this.clientId, handler);
  }

  /** A second client of the same server as another persona; closed with the test like this one. */
  as(persona: Persona, options?: { breaks?: MisbehaviourName }): McpTestClient {
    return this.clients.open(persona, options);
  }
}
