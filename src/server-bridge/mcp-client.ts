// The playground's MCP client: the official SDK client, one per persona and session, with the
// wire tap as its fetch. Loaded on the first Call so the first screen stays small.
import {
  Client,
  DEFAULT_REQUEST_TIMEOUT_MSEC,
  StreamableHTTPClientTransport,
  isInputRequiredResult,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type CallToolResult,
  type DiscoverResult,
  type ElicitResult,
} from "@modelcontextprotocol/client";
import { PAGE_CLIENT_HEADER } from "../../contract/traffic";
import { FAST_FORWARD, FAST_FORWARD_HEADER } from "../../contract/person-timing";
import { eraMismatch } from "./era-mismatch";
import type { ElicitAnswer } from "../../contract/elicitation";
import type { Persona } from "./personas";
import { isRoundTwoBreak, misbehave, type MisbehaviourName, type RetryParams } from "../../contract/misbehaviour";
import { BrokenCall, breakRule, type BrokenSend, type RuleBreaking, type TransportBreak } from "../../contract/rule-breaking-transport";
import { urlElicitationsOf, type UrlElicitation } from "../../contract/outside";
import { sessionKeeper } from "./session";
import { answeredNotFound, tappedFetch } from "./wire-tap";

export interface ElicitationQuestion {
  /** `elicitation-1`… on 2026-07-28; the pushed request's JSON-RPC id on 2025-11-25. */
  key: string;
  round: number;
  /** `url-required`: a page a -32042 error listed (2025-11-25), to open before the call is made again. */
  via: "input_required" | "pushed" | "url-required";
  mode: "form" | "url";
  message: string;
  requestedSchema?: Record<string, unknown>;
  url?: string;
  /** 2025-11-25 URL mode: the id notifications/elicitation/complete names when the page is done. */
  elicitationId?: string;
}

export type { ElicitAction, ElicitAnswer } from "../../contract/elicitation";

export type Ask = (question: ElicitationQuestion) => Promise<ElicitAnswer>;

export interface AnsweredQuestion {
  question: ElicitationQuestion;
  answer: ElicitAnswer;
}

/** `brokenPost`: what the server answered the one POST a misbehaving 2025-11-25 client broke its rule with. */
export type CallOutcome = (
  | { kind: "result"; result: CallToolResult; answers: AnsweredQuestion[]; rounds: number }
  | { kind: "rpc-error"; code: number; message: string; data?: unknown; answers: AnsweredQuestion[] }
  | { kind: "failure"; message: string; answers: AnsweredQuestion[]; timedOut?: boolean }
) & { brokenPost?: BrokenSend };

/** The backend no longer knows this session: the caller should re-create it and try again. */
export class SessionGoneError extends Error {
  /** How many of the person's answers were given before the session vanished (they are lost). */
  constructor(readonly answered = 0) {
    super("The MCP session is gone");
    this.name = "SessionGoneError";
  }
}

const MAX_ROUNDS = 10;

/**
 * The page client's request timeout: the SDK's own (60 s), as a real client has it, so a 2025-11-25 call whose
 * pushed question outlasts it fails as it would there; a tenth of it when the call is fast-forwarded.
 */
export const requestTimeout = (fastForward: boolean) => DEFAULT_REQUEST_TIMEOUT_MSEC / (fastForward ? FAST_FORWARD : 1);

interface Connection {
  client: Client;
  /** A misbehaving 2025-11-25 client's bent transport, and its call in progress. */
  rules?: RuleBreaking;
  broken?: BrokenCall;
  /** Set per call: where a pushed elicitation/create goes. */
  ask?: Ask;
  answers?: AnsweredQuestion[];
  /** 2025-11-25 with URL mode: the elicitationIds the server said are done, and who waits for the next one. */
  completed?: { ids: Set<string>; wake(): void };
  /** Set for a fast-forwarded call: its requests carry FAST_FORWARD_HEADER. */
  fastForward?: boolean;
}

const connections = new Map<string, { generation: number; connection: Promise<Connection> }>();

// The server is about to end every connection of this session: close ours first (see onRestart).
const closeClient = (entry: { connection: Promise<Connection> }) => void entry.connection.then((c) => c.client.close()).catch(() => undefined);
sessionKeeper.onRestart(() => {
  for (const entry of connections.values()) closeClient(entry);
  connections.clear();
});

/**
 * One client per session, persona and server generation. New files or a new session restart
 * the server's module state, so clients of an older generation are closed, never reused.
 */
function connect(mcpUrl: string, persona: Persona, generation: number, discover?: Record<string, unknown>, bend?: TransportBreak): Promise<Connection> {
  for (const [key, entry] of connections) {
    if (entry.generation === generation) continue;
    connections.delete(key);
    closeClient(entry);
  }
  const key = `${mcpUrl}|${persona.name}|${bend ?? ""}`;
  let entry = connections.get(key);
  if (!entry) {
    entry = { generation, connection: open(mcpUrl, persona, discover, bend) };
    connections.set(key, entry);
    entry.connection.catch(() => connections.delete(key));
  }
  return entry.connection;
}

/** `discover`: the server's answer to `server/discover` known already (a 2026-07-28 client then does not ask again). */
async function open(mcpUrl: string, persona: Persona, discover?: Record<string, unknown>, bend?: TransportBreak): Promise<Connection> {
  const modern = persona.protocolVersion === "2026-07-28";
  const client = new Client(
    { name: "elicitation-playground", version: "1.0.0" },
    {
      capabilities: persona.capabilities,
      versionNegotiation: { mode: modern ? { pin: "2026-07-28" } : "legacy" },
      ...(modern ? { inputRequired: { autoFulfill: false, maxRounds: MAX_ROUNDS } } : {}),
    },
  );
  const connection: Connection = { client };
  if (!modern && persona.capabilities.elicitation) {
    let pushed = 0;
    client.setRequestHandler("elicitation/create", async (request) => {
      const p = request.params as Record<string, unknown>;
      const question: ElicitationQuestion = {
        key: `pushed-${++pushed}`,
        round: pushed,
        via: "pushed",
        mode: p.mode === "url" ? "url" : "form",
        message: String(p.message ?? ""),
        requestedSchema: p.requestedSchema as Record<string, unknown> | undefined,
        url: typeof p.url === "string" ? p.url : undefined,
        ...(typeof p.elicitationId === "string" && { elicitationId: p.elicitationId }),
      };
      const answer = connection.ask ? await connection.ask(question) : { action: "cancel" as const };
      connection.answers?.push({ question, answer });
      // The form validated the content against the requested schema, so its values are the wire's primitive types.
      return answer as ElicitResult;
    });
  }
  if (!modern && persona.capabilities.elicitation && "url" in persona.capabilities.elicitation) {
    const completed = { ids: new Set<string>(), wake: () => undefined };
    connection.completed = completed;
    client.setNotificationHandler("notifications/elicitation/complete", (n) => {
      completed.ids.add(n.params.elicitationId);
      completed.wake();
    });
  }
  try {
    // The header keeps the page's own traffic out of the session's outside-traffic feed (the Wire tab has it already).
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl, location.href), {
      fetch: (url, init) => tappedFetch(url, connection.fastForward ? fastForwarded(init) : init),
      requestInit: { headers: { [PAGE_CLIENT_HEADER]: "1" } },
    });
    if (bend) connection.rules = breakRule(transport, bend, (answer) => connection.broken?.broken(answer));
    await client.connect(transport, modern && discover ? { prior: { kind: "modern", discover: discover as DiscoverResult } } : undefined);
  } catch (err) {
    if (isGone(err, mcpUrl)) throw new SessionGoneError();
    throw eraMismatch(err) ?? err;
  }
  return connection;
}

function fastForwarded(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set(FAST_FORWARD_HEADER, "1");
  return { ...init, headers };
}

/** The SDK reports a vanished session in several shapes (HTTP error, failed negotiation); the 404 on the wire is the fact. */
function isGone(err: unknown, mcpUrl: string): boolean {
  return (err instanceof SdkHttpError && err.status === 404) || (!(err instanceof ProtocolError) && answeredNotFound(mcpUrl));
}

export interface ServerInfo {
  protocolVersion?: string;
  serverInfo?: { name: string; version: string; title?: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  tools: { name: string; title?: string; description?: string }[];
}

/** What the server told this persona at initialize, and its tools/list (which shows in the Wire tab). */
export async function describeServer(opts: { mcpUrl: string; generation: number; persona: Persona }): Promise<ServerInfo> {
  try {
    const { client } = await connect(opts.mcpUrl, opts.persona, opts.generation);
    const listed = await client.listTools();
    return {
      protocolVersion: client.getNegotiatedProtocolVersion(),
      serverInfo: client.getServerVersion(),
      capabilities: client.getServerCapabilities() as Record<string, unknown> | undefined,
      instructions: client.getInstructions(),
      tools: listed.tools.map(({ name, title, description }) => ({ name, title, description })),
    };
  } catch (err) {
    if (isGone(err, opts.mcpUrl)) throw new SessionGoneError();
    throw err;
  }
}

export async function callTool(opts: {
  mcpUrl: string;
  generation: number;
  /** The session's discover result from its creation, adopted by a 2026-07-28 client's first connection. */
  discover?: Record<string, unknown>;
  persona: Persona;
  tool: string;
  args: Record<string, unknown>;
  ask: Ask;
  /** A person who takes their time, fast-forwarded: a tenth of the request timeout and of this call's requestState expiry. */
  fastForward?: boolean;
  /** A `misbehaving` client: round 2 breaks this rule (after `beforeRetry`, which resets the data for "after Reset"). */
  breaks?: { name: MisbehaviourName; tools: string[]; beforeRetry(): Promise<void> };
}): Promise<CallOutcome> {
  // A rule of 2025-11-25 is broken by the misbehaving client speaking that revision, on a transport bent for it.
  const bend = opts.breaks && !isRoundTwoBreak(opts.breaks.name) ? opts.breaks.name : undefined;
  const persona: Persona = bend ? { ...opts.persona, protocolVersion: "2025-11-25" } : opts.persona;
  const connection = await connect(opts.mcpUrl, persona, opts.generation, opts.discover, bend);
  const answers: AnsweredQuestion[] = [];
  const base = { name: opts.tool, arguments: opts.args };
  const timeout = requestTimeout(opts.fastForward === true);
  const cancel = new AbortController();
  const broken =
    bend && connection.rules
      ? new BrokenCall(
          connection.rules,
          bend,
          () => connection.client.callTool(base, { timeout }),
          () => cancel.abort("The client cancelled the call"),
        )
      : undefined;
  connection.broken = broken;
  connection.fastForward = opts.fastForward;
  connection.ask = async (question) => {
    await broken?.beforeAnswer();
    return opts.ask(question);
  };
  connection.answers = answers;
  let params: Record<string, unknown> = base;
  let retried = false;
  try {
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const result = await connection.client
        .callTool(params as typeof base, { allowInputRequired: true, timeout, signal: cancel.signal })
        .catch(async (err: unknown) => {
          // -32042 (2025-11-25): open the pages it lists, wait until the server says each is done, then call again once.
          const listed = !retried && connection.completed ? urlElicitationsOf(err) : undefined;
          if (!listed || !(await openedAll(listed, connection, opts.ask, answers, round))) throw err;
          retried = true;
          return connection.client.callTool(base, { timeout, signal: cancel.signal });
        });
      if (!isInputRequiredResult(result)) {
        return { kind: "result", result: result as CallToolResult, answers, rounds: round, brokenPost: await broken?.brokenPost() };
      }
      const inputResponses: Record<string, ElicitAnswer> = {};
      for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
        const p = (request as { params?: Record<string, unknown> }).params ?? {};
        const question: ElicitationQuestion = {
          key,
          round,
          via: "input_required",
          mode: p.mode === "url" ? "url" : "form",
          message: String(p.message ?? ""),
          requestedSchema: p.requestedSchema as Record<string, unknown> | undefined,
          url: typeof p.url === "string" ? p.url : undefined,
        };
        const answer = await opts.ask(question);
        answers.push({ question, answer });
        inputResponses[key] = answer;
      }
      // The retry repeats the original params, adds this round's answers and echoes the state byte for byte.
      params = { ...base, inputResponses, ...(result.requestState !== undefined && { requestState: result.requestState }) };
      if (opts.breaks && isRoundTwoBreak(opts.breaks.name) && round === 1) {
        await opts.breaks.beforeRetry();
        params = misbehave(opts.breaks.name, params as RetryParams, opts.breaks.tools);
      }
    }
    return { kind: "failure", message: `The tool still asked for input after ${MAX_ROUNDS} rounds.`, answers };
  } catch (err) {
    if (cancel.signal.aborted) {
      // The person still answers the form the server withdrew; the client posts that answer after the call.
      return {
        kind: "failure",
        message: "The client cancelled the call (notifications/cancelled), then posted the person's answer anyway.",
        answers,
        brokenPost: await broken?.brokenPost(),
      };
    }
    if (isGone(err, opts.mcpUrl)) throw new SessionGoneError(answers.length);
    // The page withdrew the question (lesson left, session lost): the caller explains it.
    if ((err as Error).name === "QuestionWithdrawn") throw err;
    if (err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout)
      return {
        kind: "failure",
        message: `The client stopped waiting: no result within its request timeout (${timeout / 1000} s, the SDK's own${opts.fastForward ? " divided by 10" : ""}), so it cancelled the call with notifications/cancelled.`,
        answers,
        timedOut: true,
      };
    if (err instanceof ProtocolError) return { kind: "rpc-error", code: err.code, message: err.message, data: err.data, answers };
    const e = err as { code?: unknown; message?: string; data?: unknown };
    if (typeof e.code === "number") return { kind: "rpc-error", code: e.code, message: e.message ?? "", data: e.data, answers };
    return { kind: "failure", message: (err as Error).message ?? String(err), answers };
  } finally {
    connection.ask = undefined;
    connection.broken = undefined;
    connection.fastForward = undefined;
  }
}

/** Puts each page of a -32042 to the person; once every one was accepted, waits for its completion notice. */
async function openedAll(listed: UrlElicitation[], connection: Connection, ask: Ask, answers: AnsweredQuestion[], round: number): Promise<boolean> {
  const completed = connection.completed!;
  for (const [i, e] of listed.entries()) {
    const question: ElicitationQuestion = {
      key: `url-required-${i + 1}`,
      round,
      via: "url-required",
      mode: "url",
      message: e.message,
      url: e.url,
      elicitationId: e.elicitationId,
    };
    const answer = await ask(question);
    answers.push({ question, answer });
    if (answer.action !== "accept") return false;
  }
  while (!listed.every((e) => completed.ids.has(e.elicitationId))) await new Promise<void>((wake) => (completed.wake = wake));
  return true;
}
