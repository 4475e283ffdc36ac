// One running copy of an official-SDK project: what a stdio server is as a process. Messages go in on its stdin and
// come out of its stdout; its timers run on the host's clock; CPU limits apply to each step it takes.
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/server";
import type { OutsideAsk } from "../../../runtime/official-sdk/outside-pages";
import type { StepReport } from "../../../runtime/official-sdk/runtime";
import type { OutsideFlows } from "../../outside/outside-flows";
import { stoppedCallCode, type ToolErrorCode } from "../../../contract/tool-errors";
import type { CompiledProject } from "../../compile/compile";
import { isTestFile } from "../../compile/project-files";
import { ProjectLoadError, type Limits } from "../../project/project-vm";
import { type EntryName, type EntryArgs, invokeEntry } from "../../sandbox/entry-points";
import { describeSandboxError, SandboxError, type SandboxVm } from "../../sandbox/pool";
import type { VmOpener } from "../../sandbox/sandbox";
import { SessionConsole } from "../../session/session-console";
import { DEFAULT_LOG_SESSION_KB } from "../../config";

/** Host timers, injectable so tests can move time on without waiting. */
export type Clock = { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
export const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, Math.min(ms, 2 ** 31 - 1)).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
/** Timers and the time now: the host's, or a test's (server/testing/manual-clock.ts). */
export type TimedClock = Clock & { now(): number };
export const realTimedClock: TimedClock = { ...realClock, now: () => Date.now() };

/** Who an instance serves: one 2025-11-25 connection, or every 2026-07-28 request of the playground session. */
export type InstanceRole = "connection" | "modern" | "listing";

/** A VM of either official-SDK runtime: both install the same entries (runtime/official-sdk/runtime.ts). */
type OfficialVm = SandboxVm<"sdk1" | "sdk2">;
/** The entries a step of the running server takes; `start` and `load` come once, from `start()` below (`warmForms` is the worker's). */
type Step = Exclude<EntryName<"sdk1">, "load" | "start" | "warmForms">;

/** `C` is the caller's note on a delivery (which request it belongs to); it comes back with what the delivery caused. */
export class OfficialInstance<C = unknown> {
  /** The server wrote a message; `cause` is the delivery that led to it (undefined for a timer). */
  onOutput?: (message: JSONRPCMessage, related: RequestId | undefined, cause: C | undefined) => void;
  /** A step was stopped (CPU or memory limit); the VM lives on, but that step's work is gone. */
  onStopped?: (cause: C | undefined, text: string, code: ToolErrorCode) => void;
  /** The process is gone (closed, or its sandbox crashed). */
  onExit?: (reason: string) => void;
  /**
   * The session's pretend outside pages, and the origin their links go on (the one the client reached): a tool's
   * `outsidePage(...)` opens one here. Absent, the tool is told pages are not available.
   */
  pages?: { flows: OutsideFlows; origin: string };
  closed = false;
  private queue: Promise<unknown> = Promise.resolve();
  private timers = new Map<number, unknown>();
  /** Unsubscribes from the pages this instance opened, when it ends. */
  private watching: Array<() => void> = [];

  private constructor(
    readonly number: number,
    readonly role: InstanceRole,
    private vm: OfficialVm,
    private limits: Limits,
    private clock: Clock,
    /** Where its console output goes: the session's console, shared by its instances. */
    private console: SessionConsole,
  ) {
    vm.onLost = () => this.exit("Its sandbox was restarted");
  }

  static async start<C>(
    pool: VmOpener,
    project: CompiledProject,
    limits: Limits,
    clock: Clock,
    number: number,
    role: InstanceRole,
    console = new SessionConsole(limits.logSessionBytes ?? DEFAULT_LOG_SESSION_KB * 1024),
    keepState = true,
  ): Promise<OfficialInstance<C>> {
    if (project.runtime === "frontmcp") throw new Error("not an official-SDK project");
    // A session's instances keep their state when a neighbour's code forces a worker restart; a listing is throwaway.
    const vm = await pool.open({ runtime: project.runtime, keepState: keepState && role !== "listing" });
    const instance = new OfficialInstance<C>(number, role, vm, limits, clock, console);
    try {
      const files = project.files.filter((f) => !isTestFile(f.file));
      const entries = entryFiles(files.map((f) => f.file));
      await vm.load(
        files.map((f) => ({ file: f.file, code: f.code, module: f.module })),
        { entries, lineMaps: project.lineMaps, logCallBytes: limits.logCallBytes },
        limits.loadTimeoutMs,
      );
      const report = await invokeEntry(vm, "start", {}, limits.loadTimeoutMs);
      instance.apply(report, undefined);
      if (!report.ok) throw new ProjectLoadError(report.error.message, report.error.where);
      return instance;
    } catch (error) {
      await instance.close();
      // A loop or bomb stopped inside module evaluation leaves the import pending rather than failed: say what it means.
      if (error instanceof SandboxError && error.kind === "unsettled")
        throw new ProjectLoadError(
          `Starting the server failed: its top level did not finish (an endless loop, more than ${limits.memoryMB} MB of memory, or an await that never finishes)`,
        );
      if (error instanceof SandboxError)
        throw new ProjectLoadError(
          `Starting the server failed: ${describeSandboxError(error, { timeoutMs: limits.loadTimeoutMs, memoryMB: limits.memoryMB })}`,
        );
      throw error;
    }
  }

  /** Writes one message to the server's stdin. Steps run one at a time, so what each caused is known exactly. */
  deliver(message: JSONRPCMessage, cause: C | undefined): Promise<void> {
    return this.step("deliver", message, cause);
  }

  private step<N extends Step>(fn: N, args: EntryArgs<"sdk1", N>, cause: C | undefined): Promise<void> {
    const run = async () => {
      if (this.closed) return;
      try {
        this.apply(await invokeEntry(this.vm, fn, args, this.limits.callTimeoutMs), cause);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        if (error.kind === "crashed") return this.exit(`The server's sandbox crashed: ${error.message}`);
        this.onStopped?.(
          cause,
          describeSandboxError(error, { timeoutMs: this.limits.callTimeoutMs, memoryMB: this.limits.memoryMB }),
          stoppedCallCode(error.kind),
        );
      }
    };
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private apply(report: StepReport, cause: C | undefined): void {
    for (const change of report.timers) {
      if (change.set) {
        const { id, ms } = change.set;
        this.timers.set(
          id,
          this.clock.setTimeout(() => {
            this.timers.delete(id);
            void this.step("fireTimer", { id }, undefined);
          }, ms),
        );
      } else if (change.clear !== undefined) {
        this.clock.clearTimeout(this.timers.get(change.clear));
        this.timers.delete(change.clear);
      }
    }
    this.console.write(report.logs);
    for (const { message, related } of report.outbox) this.onOutput?.(message, related, cause);
    for (const ask of report.outside ?? []) this.openPage(ask, cause);
  }

  /**
   * Opens the page a tool asked for and answers it with the link and flow id; when the person leaves the page the
   * tool hears it. Both steps carry the asking call's cause, so what the tool sends next goes on that call's stream.
   */
  private openPage({ ref, page, params }: OutsideAsk, cause: C | undefined): void {
    if (!this.pages) return void this.step("outsideOpened", { ref, error: "Outside pages are not available to this server." }, cause);
    const { flows, origin } = this.pages;
    let id: string;
    try {
      const flow = flows.open(origin, page, params);
      id = flow.id;
      void this.step("outsideOpened", { ref, url: flow.url, id }, cause);
    } catch (error) {
      return void this.step("outsideOpened", { ref, error: (error as Error).message }, cause);
    }
    this.watching.push(flows.onSettled(id, (status) => void (status !== "waiting" && this.step("outsideLeft", { id, status }, cause))));
  }

  private exit(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    for (const off of this.watching.splice(0)) off();
    this.onExit?.(reason);
  }

  /** Closes stdin and ends the process. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.exit("The server was stopped");
    await this.vm.close();
  }
}

/** The files a stdio server starts from: its server/index/main file, or every server file when there is none. */
export function entryFiles(files: string[]): string[] {
  for (const name of ["src/server", "server", "src/index", "index", "src/main", "main"])
    for (const ext of [".ts", ".tsx", ".js", ".mjs"]) if (files.includes(name + ext)) return [name + ext];
  return [...files].sort();
}
