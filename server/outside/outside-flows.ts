// The flows of the pretend outside site: each page a session's tool opened, with an unguessable id, and how the
// person left it. The page's buttons settle a flow by its id alone (as a real sign-in service calls a server back);
// the id is 128 random bits, and a flow belongs to the one session that opened it.
import { randomBytes } from "node:crypto";
import { outsideUrl, type OutsideFlowView, type OutsideStatus } from "../../contract/outside";

type Flow = OutsideFlowView & { owner: OutsideFlows; listeners: Set<(status: OutsideStatus) => void>; expiry?: NodeJS.Timeout };

/** Every open flow of this process by id: the page's route looks flows up here, and nothing else. */
const directory = new Map<string, Flow>();

/** What a flow's page shows: the name, the tool's params, and how it stands. */
export type OutsideFlowPage = Pick<OutsideFlowView, "page" | "params" | "status">;

/** The flow `id` of session `session` (a real id under another session's path is no flow at all). */
function flowOf(session: string, id: string): Flow | undefined {
  const flow = typeof id === "string" ? directory.get(id) : undefined;
  return flow?.owner.session === session ? flow : undefined;
}

export function outsideFlowPage(session: string, id: string): OutsideFlowPage | undefined {
  const flow = flowOf(session, id);
  return flow && { page: flow.page, params: flow.params, status: flow.status };
}

/**
 * The page's Sign in or Cancel: settles the waiting flow with this id, for the session that opened it. Unknown ids,
 * another session's ids, and flows already left, change nothing.
 */
export function settleOutsideFlow(session: string, id: string, status: "completed" | "cancelled"): boolean {
  const flow = flowOf(session, id);
  return flow ? flow.owner.settle(id, status) : false;
}

export type OutsideLimits = { maxFlows: number; waitMs: number };

/** One session's outside pages. */
export class OutsideFlows {
  private flows = new Map<string, Flow>();

  /** `session`: the id of the session that owns these pages, the segment of their path after /outside/. */
  constructor(
    readonly session: string,
    private readonly limits: OutsideLimits,
  ) {}

  /** The flows as a tool's run reads them. A new call does not see pages left without signing in: it may open them afresh. */
  views(newCall = false): OutsideFlowView[] {
    if (newCall) for (const flow of [...this.flows.values()]) if (flow.status === "cancelled" || flow.status === "expired") this.drop(flow);
    return [...this.flows.values()].map(({ id, page, params, url, status }) => ({ id, page, params, url, status }));
  }

  /** Opens `page` for this session (the one already open for the same page and params, if any). */
  open(origin: string, page: string, params: Record<string, string>): OutsideFlowView {
    const key = flowKey(page, params);
    const open = this.flows.get(key);
    if (open) return open;
    if (this.flows.size >= this.limits.maxFlows)
      throw new RangeError(`A session can have at most ${this.limits.maxFlows} outside pages open; Reset forgets them`);
    const id = randomBytes(16).toString("base64url");
    const flow: Flow = { id, page, params, url: outsideUrl(origin, this.session, page, params, id), status: "waiting", owner: this, listeners: new Set() };
    // A page nobody comes back to does not hold a call (or the session's table) forever.
    flow.expiry = setTimeout(() => this.settle(id, "expired"), this.limits.waitMs);
    flow.expiry.unref();
    this.flows.set(key, flow);
    directory.set(id, flow);
    return flow;
  }

  /** The flow of this session with `id`, if it opened one. */
  find(id: string): OutsideFlowView | undefined {
    const flow = directory.get(id);
    return flow?.owner === this ? flow : undefined;
  }

  /** Calls `listener` once when the flow is left (at once if it was already). Returns the unsubscribe. */
  onSettled(id: string, listener: (status: OutsideStatus) => void): () => void {
    const flow = directory.get(id);
    if (!flow || flow.owner !== this) return () => undefined;
    if (flow.status !== "waiting") {
      listener(flow.status);
      return () => undefined;
    }
    flow.listeners.add(listener);
    return () => flow.listeners.delete(listener);
  }

  /** Resolves when the flow is left, or when `signal` aborts (the client went away): then with its status so far. */
  settled(id: string, signal?: AbortSignal): Promise<OutsideStatus> {
    return new Promise((resolve) => {
      let off = () => undefined as unknown;
      const aborted = () => {
        off();
        resolve(this.find(id)?.status ?? "expired");
      };
      if (!this.find(id) || signal?.aborted) return aborted();
      signal?.addEventListener("abort", aborted, { once: true });
      off = this.onSettled(id, (status) => {
        signal?.removeEventListener("abort", aborted);
        resolve(status);
      });
    });
  }

  /** Leaves this session's waiting flow `id` with `status`; false for another session's flow, or one already left. */
  settle(id: string, status: Exclude<OutsideStatus, "waiting">): boolean {
    const flow = directory.get(id);
    if (!flow || flow.owner !== this || flow.status !== "waiting") return false;
    flow.status = status;
    clearTimeout(flow.expiry);
    for (const listener of [...flow.listeners]) listener(status);
    flow.listeners.clear();
    return true;
  }

  /** Reset and close: every page is forgotten, and a call still waiting on one hears it expired. */
  clear(): void {
    for (const flow of [...this.flows.values()]) {
      this.settle(flow.id, "expired");
      this.drop(flow);
    }
  }

  private drop(flow: Flow): void {
    clearTimeout(flow.expiry);
    this.flows.delete(flowKey(flow.page, flow.params));
    directory.delete(flow.id);
  }
}

function flowKey(page: string, params: Record<string, string>): string {
  return JSON.stringify([page, params]);
}
