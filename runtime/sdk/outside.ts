// Pages of the playground's pretend outside site as a tool sees them: the link to send in URL mode, how the person
// left the page (read it, or await it), and the 2025-11-25 way of asking first (-32042). The host keeps the flows;
// each run is handed their state, so execute() replays the same way on every round, like elicit().
import { OUTSIDE_PAGE_NAME, type OutsideFlowView, type OutsideStatus } from "../../contract/outside";
import { OutsideSignal, ToolFailure } from "./errors";

/** What a run knows of the session's outside pages, and where its stops go (sticky, like a question). */
export type OutsideState = { flows: OutsideFlowView[]; stopped?: OutsideSignal };

const MAX_PARAMS = 8;
const MAX_PARAM_CHARS = 200;

function checkedParams(page: unknown, params: unknown): Record<string, string> {
  if (typeof page !== "string" || !OUTSIDE_PAGE_NAME.test(page))
    throw new ToolFailure(`outsidePage(): the page name ${JSON.stringify(page)} must be 1 to 40 lowercase letters, digits or -`, "INVALID_INPUT");
  if (params === undefined) return {};
  if (typeof params !== "object" || params === null) throw new ToolFailure("outsidePage(): params must be an object of strings", "INVALID_INPUT");
  const entries = Object.entries(params);
  if (entries.length > MAX_PARAMS) throw new ToolFailure(`outsidePage(): at most ${MAX_PARAMS} params`, "INVALID_INPUT");
  for (const [key, value] of entries)
    if (typeof value !== "string" || value.length > MAX_PARAM_CHARS || key === "flow")
      throw new ToolFailure(
        `outsidePage(): the param "${key}" must be a string of at most ${MAX_PARAM_CHARS} characters (and not named flow)`,
        "INVALID_INPUT",
      );
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as Record<string, string>;
}

function stop(state: OutsideState, signal: OutsideSignal): never {
  state.stopped = signal;
  throw signal;
}

/** One page of the pretend site, opened for this session: the same page and params give the same flow until Reset. */
export class OutsidePage {
  constructor(
    private readonly view: OutsideFlowView,
    private readonly state: OutsideState,
  ) {}

  /** The link to send: `this.elicit(message, { mode: "url", url: page.url })`. */
  get url(): string {
    return this.view.url;
  }

  /** The flow's id: on 2025-11-25 it is also the question's `elicitationId`. */
  get id(): string {
    return this.view.id;
  }

  /** How the person left the page so far: `waiting` until they press Sign in (`completed`) or Cancel (`cancelled`). */
  get status(): OutsideStatus {
    return this.view.status;
  }

  /** Waits until the person leaves the page (or the wait runs out: `expired`), then says how. */
  async finished(): Promise<OutsideStatus> {
    if (this.view.status !== "waiting") return this.view.status;
    return stop(this.state, new OutsideSignal({ wait: this.view.id }));
  }
}

export function openOutsidePage(state: OutsideState, page: string, params?: Record<string, string>): OutsidePage {
  const wanted = checkedParams(page, params);
  const key = JSON.stringify(wanted);
  const view = state.flows.find((flow) => flow.page === page && JSON.stringify(flow.params) === key);
  if (!view) return stop(state, new OutsideSignal({ open: { page, params: wanted } }));
  return new OutsidePage(view, state);
}

/** Ends the run with -32042 (URL elicitation required), listing the page: a 2025-11-25 client opens it, then retries. */
export function urlRequired(state: OutsideState, message: string, page: OutsidePage): never {
  if (!(page instanceof OutsidePage)) throw new TypeError("requireUrl(message, page) needs a page from this.outsidePage()");
  return stop(state, new OutsideSignal({ urlRequired: [{ message, url: page.url, id: page.id }] }));
}
