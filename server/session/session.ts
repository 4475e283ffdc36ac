// A learner's session: their files, the last good build, and the sandbox VM that holds its module state.
import { toolError } from "../../contract/tool-errors";
import { compileProject, type CompiledProject } from "../compile/compile";
import type { Diagnostic, ProjectFiles } from "../compile/project-files";
import { ElicitationFallback } from "../mcp/elicitation-fallback";
import type { ToolHost } from "../mcp/learner-server";
import { OfficialProject } from "../mcp/official/official-project";
import { buildDigest, type FlowBinding } from "../mcp/request-state";
import type { McpEndpoint } from "../mcp/session-endpoint";
import type { SessionTraffic } from "../mcp/traffic";
import {
  callTool,
  loadProject,
  ProjectLoadError,
  type CallOutcome,
  type FrontMcpVm,
  type Limits,
  type ListedTool,
  type LoadedProject,
  type ServerInfo,
  type ToolCall,
} from "../project/project-vm";
import type { SandboxPool } from "../sandbox/pool";
import type { VmOpener } from "../sandbox/sandbox";
import { SessionConsole } from "./session-console";
import type { SavedSession, SessionStore } from "./session-store";
import { DEFAULT_LOG_SESSION_KB, DEFAULT_OUTSIDE_WAIT_SECONDS } from "../config";
import { OutsideFlows } from "../outside/outside-flows";

/** Pages of the pretend outside site one session keeps open at once (Reset forgets them). */
const MAX_OUTSIDE_PAGES = 20;

export type BuildOutcome = { ok: true; tools: ListedTool[] } | { ok: false; diagnostics: Diagnostic[] };

function loadDiagnostic(error: ProjectLoadError): Diagnostic {
  const [file, line] = error.where ? [error.where.replace(/:\d+$/, ""), Number(/:(\d+)$/.exec(error.where)?.[1] ?? 1)] : ["", 1];
  return { file, line, column: 1, message: error.message };
}

export class Session implements ToolHost {
  readonly fallback = new ElicitationFallback();
  /** What the session's server wrote to its console over its calls (byte-capped, LOG_SESSION_KB). */
  readonly console: SessionConsole;
  /** The pages of the pretend outside site this session's tools opened. */
  readonly outside: OutsideFlows;
  files: ProjectFiles = {};
  /** Tools approved "for this session": kept by the host so a VM rebuilt on another instance has them too. */
  approvals: string[] = [];
  lastUsed = Date.now();
  endpoint?: McpEndpoint;
  /** Bumped by every reset, so a question asked before a reset cannot be answered after it. */
  private generation = 0;
  private buildHash = "";
  private project?: CompiledProject;
  private live?: { vm: FrontMcpVm; loaded: LoadedProject };
  /** Set while the last good build is a server on the official SDK (it then serves /mcp instead of `endpoint`). */
  private official?: OfficialProject;
  /** Opens the session's VMs: their running time draws on its CPU budget (server/sandbox/cpu-ledger.ts). */
  private readonly sandbox: VmOpener;
  /** Builds and loads run one at a time, so a fast typist's uploads land in order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    private pool: SandboxPool,
    private limits: Limits,
    private maxBodyBytes = 1 << 20,
    private store?: SessionStore,
    /** Outside clients' exchanges on /mcp/{id}, for the page's Wire tab. */
    readonly traffic?: SessionTraffic,
    outsideWaitMs = DEFAULT_OUTSIDE_WAIT_SECONDS * 1000,
  ) {
    this.console = new SessionConsole(limits.logSessionBytes ?? DEFAULT_LOG_SESSION_KB * 1024);
    this.sandbox = pool.owned(id);
    this.outside = new OutsideFlows(id, { maxFlows: MAX_OUTSIDE_PAGES, waitMs: outsideWaitMs });
  }

  /** Writes what must survive this instance; a database hiccup is logged, and the session keeps serving. */
  private async persist(): Promise<void> {
    if (!this.store) return;
    const saved: SavedSession = { files: this.files, approvals: this.approvals, generation: this.generation };
    await this.store.save(this.id, saved).catch((error) => console.error(`Saving session ${this.id.slice(0, 6)}… failed:`, (error as Error).message));
  }

  /** The endpoint serving /mcp/{id} for the current build. */
  get mcpEndpoint(): McpEndpoint | undefined {
    return this.official?.endpoint ?? this.endpoint;
  }

  touch(): void {
    this.lastUsed = Date.now();
  }

  /** Whether a good build is loaded (or loadable): only such a session holds a sandbox VM. */
  get built(): boolean {
    return this.project !== undefined;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Compiles and loads new files; module state and approvals start over. On errors the last good build keeps serving. */
  setFiles(files: ProjectFiles): Promise<BuildOutcome> {
    return this.build({ files, approvals: [], generation: this.generation });
  }

  /** A session this instance did not hold, rebuilt from the database: its files and approvals, fresh module state. */
  restore(saved: SavedSession): Promise<BuildOutcome> {
    return this.build(saved, false);
  }

  private build({ files, approvals, generation }: SavedSession, save = true): Promise<BuildOutcome> {
    return this.serial(async () => {
      this.files = files;
      this.approvals = approvals;
      this.generation = generation;
      if (save) await this.persist();
      const compiled = await compileProject(files);
      if (!compiled.ok) return { ok: false, diagnostics: compiled.diagnostics };
      if (compiled.project.runtime !== "frontmcp") return this.swapOfficial(compiled.project);
      try {
        await this.swap(compiled.project);
      } catch (error) {
        if (error instanceof ProjectLoadError) return { ok: false, diagnostics: [loadDiagnostic(error)] };
        throw error;
      }
      this.project = compiled.project;
      this.buildHash = buildDigest(files);
      await this.official?.close();
      this.official = undefined;
      this.endpoint?.toolsChanged();
      return { ok: true, tools: this.live!.loaded.tools };
    });
  }

  private async swapOfficial(project: CompiledProject): Promise<BuildOutcome> {
    const official =
      this.official ?? new OfficialProject(this.sandbox, this.limits, this.maxBodyBytes, undefined, true, this.traffic, this.console, this.outside);
    let tools: ListedTool[];
    try {
      tools = await official.swap(project);
    } catch (error) {
      if (error instanceof ProjectLoadError) return { ok: false, diagnostics: [loadDiagnostic(error)] };
      throw error;
    }
    this.official = official;
    this.project = project;
    // A FrontMCP build that served before is gone; its clients must connect again.
    await this.live?.vm.close();
    this.live = undefined;
    this.endpoint?.toolsChanged();
    return { ok: true, tools };
  }

  /** Same files, fresh module state (and forgotten approvals). */
  reset(): Promise<void> {
    return this.serial(async () => {
      this.generation++;
      this.approvals = [];
      this.outside.clear();
      await this.persist();
      if (this.official) await this.official.endpoint.closeInstances();
      else if (this.project) await this.swap(this.project);
    });
  }

  flowBinding(): FlowBinding {
    return { build: this.buildHash, generation: this.generation };
  }

  private async swap(project: CompiledProject): Promise<void> {
    // A full sandbox (SANDBOX_TOTAL_MB) is said to the learner like a load failure, with its reason.
    const vm = await this.sandbox.open({ keepState: true }).catch((error: Error) => {
      throw new ProjectLoadError(error.message);
    });
    try {
      const loaded = await loadProject(vm, project, this.limits, this.approvals);
      this.console.write(loaded.logs);
      const old = this.live;
      this.live = { vm, loaded };
      vm.onLost = () => {
        if (this.live?.vm === vm) this.live = undefined;
      };
      await old?.vm.close();
    } catch (error) {
      await vm.close();
      throw error;
    }
  }

  /** The live VM, reloaded from the last good build if its worker was restarted. */
  private async ensureLive(): Promise<{ vm: FrontMcpVm; loaded: LoadedProject } | undefined> {
    if (!this.live && this.project?.runtime === "frontmcp") {
      const project = this.project;
      await this.serial(() => (this.live ? Promise.resolve() : this.swap(project)));
    }
    return this.live;
  }

  async serverInfo(): Promise<ServerInfo> {
    return (await this.ensureLive())?.loaded.server ?? { name: "playground", version: "1.0.0", elicitationEnabled: true, origin: "automatic" };
  }

  async listTools(): Promise<ListedTool[]> {
    return (await this.ensureLive())?.loaded.tools ?? [];
  }

  async callTool(call: ToolCall): Promise<CallOutcome> {
    this.touch();
    const live = await this.ensureLive();
    if (!live) return { kind: "result", result: toolError("The project has not compiled yet", "NOT_READY") };
    const { outcome, approvals, logs } = await callTool(live.vm, call, this.limits);
    this.console.write(logs);
    if (approvals && approvals.join("\0") !== this.approvals.join("\0")) {
      this.approvals = approvals;
      await this.persist();
    }
    return outcome;
  }

  async close(): Promise<void> {
    // Forget the build first, so a request still in flight cannot reload a VM for a closed session.
    this.project = undefined;
    this.traffic?.close();
    this.outside.clear();
    await this.endpoint?.close();
    await this.official?.close();
    await this.live?.vm.close();
    this.live = undefined;
    this.pool.forgetOwner(this.id);
  }
}
