// The surface the host calls in an official-SDK VM (`globalThis.__playground`): load the project's ES modules, then
// pass stdin lines in and stdout lines out. Every call returns a report of what the server wrote meanwhile.
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/server";
import { type EntryFunctions, type JsonText, type LazyJsonText, toJsonText } from "../../contract/json-text";
import { type CodeProblem, type LineMaps, problemOf } from "../sandbox/locate";
import { setCallLogBytes } from "../testing/console";
import { forgetMadeAjvs, takeNewForms, warmForms } from "./ajv-compile-cache";
import { fireTimer, readClock, takeLogs, takeTimerChanges, watchClock } from "./globals";
import { OUTSIDE_MODULE } from "../../contract/outside";
import { type OutsideAsk, type OutsideLeft, type OutsideOpened, outsideLeft, outsideOpened, outsidePage, takeOutsideAsksJson } from "./outside-pages";
import { connectedTransport, takeOutboxJson } from "./stdio-bridge";
import { warmUp, type WarmUpServer } from "./warm-up";
import * as zod from "zod";

export type BuiltinModules = Record<string, Record<string, unknown>>;
/** `entries`: the modules a stdio server starts from; `logCallBytes`: console output one step keeps (LOG_CALL_KB). */
export type OfficialLoadRequest = { entries: string[]; lineMaps: LineMaps; logCallBytes?: number };

/**
 * What the server did during one step: the lines it wrote to stdout, its timers set and cleared, its console output,
 * and (for the worker, see ajv-compile-cache.ts) the forms it compiled for the first time, as schema texts.
 */
export type StepReport = {
  outbox: Array<{ message: JSONRPCMessage; related?: RequestId }>;
  timers: Array<{ set?: { id: number; ms: number }; clear?: number }>;
  logs: string[];
  forms?: string[];
  /** Pages of the pretend outside site a tool asked for (`@playground/outside`), for the host to open. */
  outside?: OutsideAsk[];
};
/**
 * `start` also says whether the server came up (its entry modules ran and it connected a transport), and whether
 * every start of these files ends in this same state (`repeatable`: nothing read the clock).
 */
type StartOutcome = { ok: true; repeatable: boolean } | { ok: false; error: CodeProblem };
export type StartReport = StepReport & StartOutcome;

/**
 * What the host invokes in an official-SDK VM (stdio as a process would have it): the same kind of map as the
 * FrontMCP runtime's EntryPoints, and reached the same way (server/sandbox/entry-points.ts).
 */
export type OfficialEntryPoints = {
  load: { args: OfficialLoadRequest; result: { ok: true } };
  /** Runs the entry modules: the server connects its transport here. */
  start: { args: Record<string, never>; result: StartReport };
  /** A line on the server's stdin. */
  deliver: { args: JSONRPCMessage; result: StepReport };
  /** A timer the server set is due (the host keeps the clock). */
  fireTimer: { args: { id: number }; result: StepReport };
  /** The client went away: stdin closed. */
  close: { args: Record<string, never>; result: StepReport };
  /** The host opened an outside page a tool asked for (or says why not). */
  outsideOpened: { args: OutsideOpened; result: StepReport };
  /** The person left an outside page this server opened. */
  outsideLeft: { args: OutsideLeft; result: StepReport };
  /**
   * The worker, on a server just started: compile these forms ahead, then it images the server again. `repeatable`
   * false: that read the clock (learner code in the compile), and the image is not kept.
   */
  warmForms: { args: { forms: string[] }; result: { warmed: number; repeatable: boolean } };
};

let request: OfficialLoadRequest = { entries: [], lineMaps: {} };

/**
 * The report is read by the host only after the VM's job queue is drained (the worker runs every pending job before
 * it reads a settled call), so it is built lazily, in `toString`: it then holds everything the server wrote in
 * response, however many awaits the SDK took to get there. It joins strings only; no learner code runs in it.
 */
function report(): LazyJsonText<StepReport>;
function report<E extends object>(extra: () => E): LazyJsonText<StepReport & E>;
function report(extra: () => object = () => ({})): LazyJsonText<StepReport> {
  const lazy = {
    toString() {
      const forms = takeNewForms();
      const rest = JSON.stringify({ ...extra(), timers: takeTimerChanges(), logs: takeLogs(), ...(forms.length > 0 && { forms }) });
      const outside = takeOutsideAsksJson();
      return `{"outbox":${takeOutboxJson()},${outside === "[]" ? "" : `"outside":${outside},`}${rest.slice(1)}`;
    },
  };
  return lazy as LazyJsonText<StepReport>;
}

/**
 * `warmUpServer` builds the throwaway server the bundle warms the SDK with (see warm-up.ts). Its outcome is kept in
 * `__officialWarmUp` ("ok" or why not) for the runtime's spec; whatever it wrote or timed is dropped, so the first
 * report a learner's server sends holds only what that server did.
 */
export function installOfficialRuntime(modules: BuiltinModules, warmUpServer: WarmUpServer): void {
  const g = globalThis as Record<string, unknown>;
  const outcome = (text: string) => {
    takeLogs();
    takeTimerChanges();
    forgetMadeAjvs();
    // zod compiles a fast parser for an object schema on its first parse (`new Function`), if the schema was made
    // while zod's jit was on. The SDK's own schemas were made (and the warm-up compiled theirs) before this point,
    // so VMs restored from the snapshot keep those. The learner's, made when its server starts, are made from here
    // on: their parsers would be compiled again in every VM, each one per connection, for a few parses each, and in
    // the interpreter compiling a parser costs more than the few parses it speeds up.
    zod.config({ jitless: true });
    Object.defineProperty(g, "__officialWarmUp", { value: text });
  };
  warmUp(warmUpServer).then(
    () => outcome("ok"),
    (error: unknown) => outcome(`failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  // The module loader (on the host) builds each builtin module from this table.
  g.__officialModules = { ...modules, [OUTSIDE_MODULE]: { outsidePage } };
  let failure: CodeProblem | undefined;

  const playground = {
    load(json: string): JsonText<{ ok: true }> {
      request = JSON.parse(json) as OfficialLoadRequest;
      if (request.logCallBytes !== undefined) setCallLogBytes(request.logCallBytes);
      return toJsonText({ ok: true as const });
    },

    /** Runs the project's entry modules (top-level await included): the server connects its transport here. */
    async start(): Promise<LazyJsonText<StartReport>> {
      watchClock();
      try {
        for (const entry of request.entries) await import(entry);
      } catch (error) {
        failure = problemOf(error, request.lineMaps);
      }
      return report((): StartOutcome => {
        if (failure) return { ok: false, error: failure };
        if (!connectedTransport())
          return {
            ok: false,
            error: { message: "The server never connected a transport: end the file with `await server.connect(new StdioServerTransport())`" },
          };
        // Every start of these files ends in this same state (then the worker may start the next from an image of
        // this one): read when the job queue is drained, so work the start left queued is counted too.
        return { ok: true, repeatable: !readClock() };
      });
    },

    async deliver(json: string): Promise<LazyJsonText<StepReport>> {
      const transport = connectedTransport();
      if (!transport) throw new Error("The server is not connected");
      transport.receive(JSON.parse(json));
      return report();
    },

    async fireTimer(json: string): Promise<LazyJsonText<StepReport>> {
      fireTimer((JSON.parse(json) as { id: number }).id);
      return report();
    },

    /** The client went away: stdin closed. */
    async close(): Promise<LazyJsonText<StepReport>> {
      await connectedTransport()?.close();
      return report();
    },

    async outsideOpened(json: string): Promise<LazyJsonText<StepReport>> {
      outsideOpened(JSON.parse(json) as OutsideOpened);
      return report();
    },

    async outsideLeft(json: string): Promise<LazyJsonText<StepReport>> {
      outsideLeft(JSON.parse(json) as OutsideLeft);
      return report();
    },

    warmForms(json: string): JsonText<{ warmed: number; repeatable: boolean }> {
      watchClock();
      const warmed = warmForms((JSON.parse(json) as { forms: string[] }).forms);
      return toJsonText({ warmed, repeatable: !readClock() });
    },
  } satisfies EntryFunctions<OfficialEntryPoints>;
  g.__playground = playground;
}
