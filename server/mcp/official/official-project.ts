// A session's official-SDK project: its last good build, the instances (processes) it runs, and its /mcp endpoint.
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { createHash } from "node:crypto";
import { setBounded } from "../../../runtime/bounded-table";
import type { CompiledProject } from "../../compile/compile";
import { ProjectLoadError, type Limits, type ListedTool } from "../../project/project-vm";
import type { VmOpener } from "../../sandbox/sandbox";
import type { OutsideFlows } from "../../outside/outside-flows";
import type { SessionTraffic } from "../traffic";
import { createOfficialEndpoint, type InstanceSource } from "./endpoint";
import { SessionConsole } from "../../session/session-console";
import type { InProcessConnection } from "../in-process";
import { OfficialInstance, realClock, type Clock, type InstanceRole } from "./instance";
import { connectStdio } from "./stdio-connection";
import { DEFAULT_LOG_SESSION_KB } from "../../config";

const LISTING_CLIENT = { name: "playground-tool-listing", version: "1.0.0" };

/**
 * The tools of builds that started and listed, by build: a room's identical starters and solutions (and every test
 * file of a run) list once instead of starting an instance each time. Only successes are kept: a start that failed
 * may have failed for a passing reason (a loaded machine's time limit).
 */
const listings = new Map<string, Promise<ListedTool[]>>();
const MAX_LISTINGS = 200;

function buildOf(project: CompiledProject): string {
  const hash = createHash("sha256").update(`${project.runtime}\0`);
  for (const f of project.files) hash.update(`${f.file}\0${f.module ? "m" : "s"}\0${f.code}\0`);
  return hash.digest("base64url");
}

function listOnce(pool: VmOpener, project: CompiledProject, limits: Limits, clock: Clock): Promise<ListedTool[]> {
  const build = buildOf(project);
  let listed = listings.get(build);
  if (!listed) {
    listed = listTools(pool, project, limits, clock);
    setBounded(listings, build, listed, MAX_LISTINGS);
    listed.catch(() => listings.delete(build));
  }
  return listed;
}

export class OfficialProject implements InstanceSource {
  readonly endpoint: ReturnType<typeof createOfficialEndpoint>;
  private project?: CompiledProject;
  private started = 0;
  /** Connections in this process (a test's 2025-11-25 clients); a changed or closed project ends them with its others. */
  private stdio = new Set<InProcessConnection>();

  constructor(
    private pool: VmOpener,
    private limits: Limits,
    maxBodyBytes: number,
    readonly clock: Clock = realClock,
    /** A session's instances keep their state across a replaced worker; a test run's are throwaway (no image per call). */
    private readonly keepState = true,
    /** The session's outside-traffic feed (a test run has none). */
    traffic?: SessionTraffic,
    /** The session's console, which all its instances write to. */
    readonly console = new SessionConsole(limits.logSessionBytes ?? DEFAULT_LOG_SESSION_KB * 1024),
    /** The session's pretend outside pages, which its tools may open. */
    readonly outside?: OutsideFlows,
  ) {
    this.endpoint = createOfficialEndpoint(this, { maxBodyBytes, traffic });
  }

  /** Instances are numbered 1, 2, ... over the session's life, so the Wire tab can tell them apart. */
  open<C>(role: Exclude<InstanceRole, "listing">): Promise<OfficialInstance<C>> {
    if (!this.project) return Promise.reject(new Error("The project has not compiled yet"));
    return OfficialInstance.start<C>(this.pool, this.project, this.limits, this.clock, ++this.started, role, this.console, this.keepState);
  }

  /** A 2025-11-25 connection in this process, to an instance of its own over stdio (see stdio-connection.ts). */
  connectStdio(): InProcessConnection {
    const connection = connectStdio(this, () => this.stdio.delete(connection));
    this.stdio.add(connection);
    return connection;
  }

  private closeStdio(): Promise<unknown> {
    return Promise.all([...this.stdio].map((c) => c.close()));
  }

  /** Starts the new build once to list its tools (as a client would: initialize, then tools/list), then switches. */
  async swap(project: CompiledProject): Promise<ListedTool[]> {
    const tools = await listOnce(this.pool, project, this.limits, this.clock);
    this.project = project;
    await Promise.all([this.endpoint.closeInstances(), this.closeStdio()]);
    return tools;
  }

  async close(): Promise<void> {
    this.project = undefined;
    await Promise.all([this.endpoint.close(), this.closeStdio()]);
  }
}

async function listTools(pool: VmOpener, project: CompiledProject, limits: Limits, clock: Clock): Promise<ListedTool[]> {
  const instance = await OfficialInstance.start<number>(pool, project, limits, clock, 0, "listing");
  const answers = new Map<unknown, JSONRPCMessage>();
  instance.onOutput = (message) => void ("id" in message && answers.set(message.id, message));
  const ask = async (id: number, method: string, params: Record<string, unknown>) => {
    await instance.deliver({ jsonrpc: "2.0", id, method, params }, id);
    const answer = answers.get(id) as { result?: Record<string, unknown>; error?: { message: string } } | undefined;
    if (!answer) throw new ProjectLoadError(`The server did not answer ${method}`);
    if (answer.error) throw new ProjectLoadError(`The server answered ${method} with an error: ${answer.error.message}`);
    return answer.result!;
  };
  try {
    await ask(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: LISTING_CLIENT });
    await instance.deliver({ jsonrpc: "2.0", method: "notifications/initialized" }, undefined);
    const listed = (await ask(2, "tools/list", {})).tools as Array<Record<string, unknown>>;
    return listed.map((tool) => ({
      name: String(tool.name),
      ...(typeof tool.title === "string" && { title: tool.title }),
      ...(typeof tool.description === "string" && { description: tool.description }),
      inputSchema: tool.inputSchema as Record<string, unknown>,
      ...(tool.annotations !== undefined && { annotations: tool.annotations as Record<string, unknown> }),
    }));
  } finally {
    await instance.close();
  }
}
