// The host's side of a tool's outside pages during a call: it opens the flows the tool asks for, waits for the
// person, and on 2025-11-25 tells the client when a page it was sent to is done (notifications/elicitation/complete,
// sent by the SDK's own notifier), or answers -32042 with the pages to open first (the SDK's own error).
import { UrlElicitationRequiredError, type RequestId, type Server, type ServerContext } from "@modelcontextprotocol/server";
import type { OutsideFlowView } from "../../contract/outside";
import type { CallOutcome, ToolCall } from "../project/project-vm";
import type { OutsideFlows } from "../outside/outside-flows";

/** A tool opens a few pages and waits on them; a run that keeps asking past this is stopped. */
const MAX_OUTSIDE_STEPS = 16;

/** Where the pages live when a call did not come over HTTP (a test's in-process client): any http(s) origin serves. */
const NO_HTTP_ORIGIN = "http://localhost";

/** The playground's own origin, as the request that made the call reached it. */
export function outsideOrigin(ctx: ServerContext): string {
  const url = ctx.http?.req?.url;
  return url ? new URL(url).origin : NO_HTTP_ORIGIN;
}

export type OutsideTurn = { call: ToolCall; outcome: CallOutcome } | { failure: string };

/**
 * Runs the call until its outcome needs nothing more of the outside pages: a page to open is opened and the run
 * replayed; a page to wait for is waited for (until the person leaves it, or the client goes away) and replayed.
 */
export async function throughOutside(
  flows: OutsideFlows | undefined,
  run: (call: ToolCall) => Promise<CallOutcome>,
  call: ToolCall,
  outcome: CallOutcome,
  ctx: ServerContext,
): Promise<OutsideTurn> {
  for (let step = 0; outcome.kind === "outside" && !("urlRequired" in outcome.stop); step++) {
    if (!flows) return { failure: "Outside pages are not available to this server." };
    if (step >= MAX_OUTSIDE_STEPS) return { failure: `The tool opened or waited on outside pages more than ${MAX_OUTSIDE_STEPS} times in one call.` };
    const { stop } = outcome;
    if ("open" in stop) {
      try {
        flows.open(outsideOrigin(ctx), stop.open.page, stop.open.params);
      } catch (error) {
        return { failure: (error as Error).message };
      }
    } else {
      await flows.settled(stop.wait, ctx.mcpReq.signal);
    }
    call = { ...call, outside: flows.views() };
    outcome = await run(call);
  }
  return { call, outcome };
}

/**
 * One 2025-11-25 connection's completion notices: each outside page the client was sent to (pushed, or listed in a
 * -32042) gets notifications/elicitation/complete once the person leaves it by Sign in or Cancel: on the stream of
 * the call that sent it while that call is still open, on the connection's own stream after.
 */
export class CompletionNotices {
  private watched = new Map<string, { openCall?: RequestId }>();

  constructor(
    private readonly server: Server,
    private readonly flows: OutsideFlows | undefined,
  ) {}

  /** The flow behind a URL this connection is about to be sent, if it is one of the session's pages. */
  flowOf(url: string): OutsideFlowView | undefined {
    return this.flows?.views().find((flow) => flow.url === url && flow.status === "waiting");
  }

  /** Flow `id` was sent to the client by call `openCall` (still open when it is a pushed question). */
  watch(id: string, openCall?: RequestId): void {
    const known = this.watched.get(id);
    if (known) return void (known.openCall = openCall);
    if (!this.flows) return;
    const entry: { openCall?: RequestId } = { openCall };
    this.watched.set(id, entry);
    this.flows.onSettled(id, (status) => {
      this.watched.delete(id);
      if (status === "expired") return;
      const notify = this.server.createElicitationCompletionNotifier(id, entry.openCall === undefined ? undefined : { relatedRequestId: entry.openCall });
      void notify().catch(() => undefined);
    });
  }

  /** Call `requestId` has its answer: notices of its pages go on the connection's stream from now on. */
  ended(requestId: RequestId): void {
    for (const entry of this.watched.values()) if (entry.openCall === requestId) entry.openCall = undefined;
  }

  /** -32042: the pages to open before the call can go on, each with its flow's id as elicitationId. */
  urlRequired(elicitations: { message: string; url: string; id: string }[]): UrlElicitationRequiredError {
    for (const e of elicitations) this.watch(e.id);
    return new UrlElicitationRequiredError(elicitations.map((e) => ({ mode: "url", message: e.message, url: e.url, elicitationId: e.id })));
  }
}
