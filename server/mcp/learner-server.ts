// The learner's MCP server, built on the official SDK's McpServer for one request (2026-07-28) or one 2025 session.
import {
  inputRequired,
  inputResponse,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type Implementation,
  type InputRequiredResult,
  type McpServerOptions,
  type RequestStateCodec,
  type ServerContext,
  type Transport,
} from "@modelcontextprotocol/server";
import { isElicitAction } from "../../contract/elicitation";
import { toolError, type ToolErrorCode } from "../../contract/tool-errors";
import type { CallOutcome, CallResult, ClientAbilities, ElicitAnswer, ListedTool, ServerInfo, ToolCall } from "../project/project-vm";
import { abilitiesOf, modernAbilities } from "./client-abilities";
import { FALLBACK_TOOL, fallbackTool, type ElicitationFallback } from "./elicitation-fallback";
import type { OutsideFlows } from "../outside/outside-flows";
import { CompletionNotices, throughOutside } from "./outside-calls";
import { argumentsDigest, newStateId, rejectedState, type ConsumedStates, type FlowBinding, type FlowState } from "./request-state";
import type { SessionTraffic } from "./traffic";

/** What the MCP layer needs from a learner session. */
export type ToolHost = {
  readonly id: string;
  serverInfo(): Promise<ServerInfo>;
  listTools(): Promise<ListedTool[]>;
  callTool(call: ToolCall): Promise<CallOutcome>;
  /** The build and reset generation a flow's state is bound to (a throwaway test VM has none and is bound to nothing). */
  flowBinding?(): FlowBinding;
  readonly fallback: ElicitationFallback;
  /** The session's pages of the pretend outside site (absent: a tool that opens one gets a clear failure). */
  readonly outside?: OutsideFlows;
};

export type Era = "modern" | "legacy";

function asAnswer(action: unknown, content: unknown): ElicitAnswer | undefined {
  if (!isElicitAction(action)) return undefined;
  const answer: ElicitAnswer = { action };
  if (action === "accept" && content && typeof content === "object") answer.content = content as Record<string, unknown>;
  return answer;
}

/**
 * The learner's tools live in the sandbox, so tools/list and tools/call are our handlers on the SDK's Server.
 * It is still an McpServer because the SDK's 2026-07-28 HTTP entry asks one for a tool's input schema to check
 * the `Mcp-Param-*` headers of its `x-mcp-header` fields (SEP-2243, error -32020) before dispatch.
 */
class LearnerMcpServer extends McpServer {
  constructor(
    info: Implementation,
    options: McpServerOptions,
    private readonly inputSchemas: ReadonlyMap<string, Record<string, unknown>>,
    private readonly traffic?: { feed: SessionTraffic; era: Era },
  ) {
    super(info, options);
  }

  /** The SDK connects every transport here (createMcpHandler's per-request ones too): the traffic feed taps it first. */
  override connect(transport: Transport): Promise<void> {
    this.traffic?.feed.tap(transport, this.traffic.era === "modern" ? "2026-07-28" : "2025-11-25");
    return super.connect(transport);
  }

  override toolInputSchemaJson(name: string): Record<string, unknown> | undefined {
    return this.inputSchemas.get(name);
  }
}

export async function createLearnerServer(
  host: ToolHost,
  era: Era,
  codec: RequestStateCodec<FlowState>,
  consumed: ConsumedStates,
  traffic?: SessionTraffic,
): Promise<McpServer> {
  const [info, listed] = await Promise.all([host.serverInfo(), host.listTools()]);
  const mcp = new LearnerMcpServer(
    { name: info.name, version: info.version },
    { requestState: { verify: codec.verify } },
    new Map(listed.map((t) => [t.name, t.inputSchema])),
    traffic && { feed: traffic, era },
  );
  const server = mcp.server;
  server.registerCapabilities({ tools: { listChanged: true } });
  const abilities = (ctx: ServerContext): ClientAbilities => (era === "modern" ? modernAbilities(ctx) : abilitiesOf(server.getClientCapabilities()));
  // Files can change during a 2025 session (elicitation switched off in server.ts): ask the host each time.
  const needsFallback = async () => era === "legacy" && !abilitiesOf(server.getClientCapabilities()).form && (await host.serverInfo()).elicitationEnabled;
  const binding = (): FlowBinding => host.flowBinding?.() ?? { build: "", generation: 0 };
  const notices = era === "legacy" ? new CompletionNotices(server, host.outside) : undefined;

  server.setRequestHandler("tools/list", async () => ({
    tools: [...(await host.listTools()), ...((await needsFallback()) ? [fallbackTool] : [])] as never,
  }));

  /**
   * Runs the learner's tool with the answers so far; a question becomes input_required, or fallback text.
   * `answerFor` is given when this request may hold the answer to the question the run stops at.
   */
  async function run(
    call: ToolCall,
    ctx: ServerContext,
    answerFor?: (key: string) => ElicitAnswer | undefined,
    newCall = false,
  ): Promise<CallToolResult | InputRequiredResult> {
    call = { ...call, era, outside: host.outside?.views(newCall) };
    const through = (c: ToolCall, first: CallOutcome) => throughOutside(host.outside, (next) => host.callTool(next), c, first, ctx);
    let turn = await through(call, await host.callTool(call));
    if ("failure" in turn) return errorResult(turn.failure, "TOOL_EXECUTION_ERROR");
    const late = turn.outcome.kind === "input" ? answerFor?.(turn.outcome.key) : undefined;
    if (late && turn.outcome.kind === "input") {
      const answered = { ...turn.call, answers: [...turn.call.answers, late], questions: askedSoFar(turn.call, turn.outcome.digest) };
      turn = await through(answered, await host.callTool(answered));
      if ("failure" in turn) return errorResult(turn.failure, "TOOL_EXECUTION_ERROR");
    }
    ({ call } = turn);
    const { outcome } = turn;
    if (outcome.kind !== "input") notices?.ended(ctx.mcpReq.id);
    if (outcome.kind === "result") return outcome.result as CallToolResult;
    if (outcome.kind === "outside") {
      // Only a 2025-11-25 run stops to list its pages: -32042, the SDK's own error (2026-07-28 has no such code).
      if (!notices || !("urlRequired" in outcome.stop))
        return errorResult("The tool stopped on an outside page this client cannot be sent.", "TOOL_EXECUTION_ERROR");
      throw notices.urlRequired(outcome.stop.urlRequired);
    }
    const questions = askedSoFar(call, outcome.digest);
    if (era === "legacy" && !call.client[outcome.request.mode])
      return host.fallback.ask({ tool: call.name, args: call.args, answers: call.answers, questions, binding: binding() }, outcome.request) as CallToolResult;
    const embedded =
      outcome.request.mode === "url"
        ? urlQuestion(outcome.request, ctx)
        : inputRequired.elicit({ message: outcome.request.message, requestedSchema: outcome.request.requestedSchema as never });
    const state: FlowState = {
      id: newStateId(),
      session: host.id,
      tool: call.name,
      args: argumentsDigest(call.args),
      ...binding(),
      questions,
      answers: call.answers,
      pending: outcome.key,
    };
    return inputRequired({ inputRequests: { [outcome.key]: embedded }, requestState: await codec.mint(state, ctx) });
  }

  /** A URL-mode question; on 2025-11-25, a page of the session's outside site carries its flow's id as elicitationId. */
  function urlQuestion(request: { message: string; url: string }, ctx: ServerContext) {
    const embedded = inputRequired.elicitUrl({ message: request.message, url: request.url });
    const flow = notices?.flowOf(request.url);
    if (!flow || !notices) return embedded;
    notices.watch(flow.id, ctx.mcpReq.id);
    return { ...embedded, params: { ...embedded.params, elicitationId: flow.id } } as typeof embedded;
  }

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const { name, arguments: args = {} } = request.params;
    const client = abilities(ctx);
    if (name === FALLBACK_TOOL && (await needsFallback())) {
      const answer = asAnswer(args.action, args.content);
      const resumed = answer && host.fallback.take(args.elicitId, answer, binding());
      if (!resumed)
        return errorResult(
          `Unknown, used or expired elicitId (or the project changed or was reset since). Call the original tool again to get a new question.`,
          "INVALID_INPUT",
        );
      return run({ name: resumed.tool, args: resumed.args, answers: resumed.answers, questions: resumed.questions, client }, ctx);
    }
    // As the spec's tools/call says: an unknown tool is a protocol error, not a tool result.
    if (!(await host.listTools()).some((tool) => tool.name === name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    let answers: ElicitAnswer[] = [];
    const state = ctx.mcpReq.requestState<FlowState>();
    if (state !== undefined) {
      // Signed, but still only valid for what it was minted for, and only once.
      if (typeof state !== "object" || state.session !== host.id || state.tool !== name || state.args !== argumentsDigest(args)) throw rejectedState();
      const now = binding();
      if (state.build !== now.build) throw rejectedState("The project's code changed since this question was asked; call the tool again");
      if (state.generation !== now.generation) throw rejectedState("The session was reset since this question was asked; call the tool again");
      if (!(await consumed.claim(state.id))) throw rejectedState("This requestState was used already: each one answers its question once");
      answers = state.answers;
    }
    const responses = ctx.mcpReq.inputResponses;
    const answer = answerIn(responses, state?.pending ?? `elicitation-${answers.length + 1}`);
    const call: ToolCall = { name, args, answers: answer ? [...answers, answer] : answers, client, questions: state?.questions };
    // A first request may answer up front under a named key, which is known only once the tool asks:
    // the tool then runs twice in this request, as it would have over the round trip this saves.
    return run(call, ctx, answer || state ? undefined : (key) => answerIn(responses, key), state === undefined);
  });
  return mcp;
}

/**
 * The digest of the question behind each answer so far, then `digest` for the one asked now; an answer given up
 * front, to a question nobody saw, has "" (nothing to check it against).
 */
function askedSoFar(call: ToolCall, digest: string): string[] {
  return [...Array.from({ length: call.answers.length }, (_, i) => call.questions?.[i] ?? ""), digest];
}

/** The answer under `key` in a request's inputResponses, if there is a well-formed elicitation answer there. */
function answerIn(responses: Record<string, unknown> | undefined, key: string): ElicitAnswer | undefined {
  const view = inputResponse(responses, key);
  return view.kind === "elicit" ? asAnswer(view.action, view.content) : undefined;
}

function errorResult(text: string, code: ToolErrorCode): CallToolResult {
  const result: CallResult = toolError(text, code);
  return result as CallToolResult;
}
