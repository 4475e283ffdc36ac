// A compiled project loaded into a sandbox VM: list its tools, call them, and word sandbox failures for learners.
import type { CompiledFile, CompiledProject } from "../compile/compile";
import { isTestFile } from "../compile/project-files";
import { type JsonText, parseJsonText } from "../../contract/json-text";
import { describeSandboxError, SandboxError, type SandboxVm } from "../sandbox/pool";
import { memoryReleased } from "../sandbox/reclaim";

// The JSON that crosses the sandbox boundary is typed once, by the runtime that produces it (type-only imports).
import { stoppedCallCode, toolError } from "../../contract/tool-errors";
import type { CallOutcome, CallRequest } from "../../runtime/sdk/call";
import type { ListedTool } from "../../runtime/sdk/project-server";
import type { ServerInfo, TestsLoadReply } from "../../runtime/sandbox/entry";
export type { CallOutcome, CallResult } from "../../runtime/sdk/call";
export type { ElicitationRequest } from "../../runtime/sdk/errors";
export type { ListedTool } from "../../runtime/sdk/project-server";
export type { ServerInfo } from "../../runtime/sandbox/entry";
export type { ClientAbilities, ElicitAnswer } from "../../runtime/sdk/tool";
export type ToolCall = CallRequest;
export type LoadedProject = { tools: ListedTool[]; server: ServerInfo; logs: string[] };
export type LoadedTests = TestsLoadReply;

/** A VM of the FrontMCP runtime (runtime/sandbox/entry.ts), the one every function here drives. */
export type FrontMcpVm = SandboxVm<"frontmcp">;

/**
 * `maxResultBytes`: a tool result larger than this (as JSON) is refused, so it never reaches a page or a log.
 * `logCallBytes`: console output one call, test or load keeps (LOG_CALL_KB); `logSessionBytes`: what a session keeps of it over all its calls (LOG_SESSION_KB).
 */
export type Limits = {
  callTimeoutMs: number;
  loadTimeoutMs: number;
  memoryMB: number;
  maxResultBytes?: number;
  logCallBytes?: number;
  logSessionBytes?: number;
};

const MAX_RESULT_BYTES = 1024 * 1024;

/** A problem in the learner's code at load time (a throw at a file's top level, a duplicate tool name...). */
export class ProjectLoadError extends Error {
  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(message);
  }
}

/** Only the code of the scripts given enters the VM, so a VM never holds another's files. */
const scriptsOf = (files: CompiledFile[]) => files.map((f) => ({ file: f.file, code: f.code }));

/** Loads files into a VM in one role (the load's argument says which, and its answer follows it). */
async function loadInto<T>(load: () => Promise<JsonText<T>>, limits: Limits): Promise<T> {
  try {
    return parseJsonText(await load());
  } catch (error) {
    throw asLoadError(error, limits);
  }
}

/** The project's server: its non-test files, run and served; `approvals` are the session's remembered ones. */
export async function loadProject(vm: FrontMcpVm, project: CompiledProject, limits: Limits, approvals: string[] = []): Promise<LoadedProject> {
  const files = project.files.filter((f) => !isTestFile(f.file));
  const lineMaps = Object.fromEntries(files.map((f) => [f.file, project.lineMaps[f.file]]));
  const request = { files: files.map((f) => f.file), lineMaps, role: "server" as const, approvals, logCallBytes: limits.logCallBytes };
  const out = await loadInto(() => vm.load(scriptsOf(files), request, limits.loadTimeoutMs), limits);
  if (!out.ok) throw new ProjectLoadError(out.error.message, out.error.where);
  return { tools: out.tools, server: out.server, logs: out.logs };
}

/**
 * Test files in a VM of their own: `project` holds the tests and anything they import, and no server runs there;
 * the tests' `mcp` fixture reaches the server VM through the host.
 */
export async function loadTests(vm: FrontMcpVm, project: CompiledProject, testFiles: string[], limits: Limits): Promise<LoadedTests> {
  // An official-SDK project's server files are ES modules for its own runtime; tests reach that server over MCP only.
  const scripts = project.files.filter((f) => !f.module);
  const request = { files: testFiles, lineMaps: project.lineMaps, role: "tests" as const, logCallBytes: limits.logCallBytes };
  return loadInto(() => vm.load(scriptsOf(scripts), request, limits.loadTimeoutMs), limits);
}

function asLoadError(error: unknown, limits: Limits): Error {
  if (error instanceof SandboxError)
    return new ProjectLoadError(`Loading the project failed: ${describeSandboxError(error, { timeoutMs: limits.loadTimeoutMs, memoryMB: limits.memoryMB })}`);
  return error as Error;
}

/** Calls a tool; a sandbox failure (loop, memory, crash) becomes an isError result, never a thrown error.
 * `approvals` is every tool the VM has remembered an approval for, after the call (absent when the VM failed). */
export async function callTool(vm: FrontMcpVm, call: ToolCall, limits: Limits): Promise<{ outcome: CallOutcome; logs: string[]; approvals?: string[] }> {
  try {
    const json = await vm.invoke("callTool", call, limits.callTimeoutMs);
    const max = limits.maxResultBytes ?? MAX_RESULT_BYTES;
    if (json.length > max) {
      // A refused result is garbage at once; large ones add up to a collection (see reclaim.ts).
      memoryReleased(json.length * 2);
      const text = `Tool "${call.name}" returned about ${Math.round(json.length / 1024)} KB; results are limited to ${Math.round(max / 1024)} KB. Return less (a summary, a page of items).`;
      return { outcome: { kind: "result", result: toolError(text, "RESULT_TOO_LARGE") }, logs: [] };
    }
    return parseJsonText(json);
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    const text = `Tool "${call.name}" failed: ${describeSandboxError(error, { timeoutMs: limits.callTimeoutMs, memoryMB: limits.memoryMB })}`;
    return { outcome: { kind: "result", result: toolError(text, stoppedCallCode(error.kind)) }, logs: [] };
  }
}
