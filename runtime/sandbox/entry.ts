// The sandbox's entry point: the only surface the host calls (`globalThis.__playground`), JSON strings in and out.
import * as zod from "zod";
import * as sdk from "../sdk/index";
import { rememberedApprovals, restoreApprovals, runToolCall, type CallRequest } from "../sdk/call";
import { buildProjectServer, listTools, type ProjectServer } from "../sdk/project-server";
import { createConsole, LogBuffer, setCallLogBytes } from "../testing/console";
import { locateInProject, type LineMaps } from "./locate";
import { ModuleTable, type ModuleFactory } from "./modules";
import { createTestMode } from "./test-mode";

/**
 * A VM has one role, fixed by its first load: "server" runs a project's non-test files and serves its tools;
 * "tests" defines test files (hidden checks or a learner's tests) whose `mcp` fixture reaches a server in another VM.
 */
export type LoadRequest = {
  files: string[];
  lineMaps: LineMaps;
  role: "server" | "tests";
  /** Server role: tools the session had approved when its VM is rebuilt (another instance, a restarted worker). */
  approvals?: string[];
  /** Console output one call, test or load keeps, in bytes (the host's LOG_CALL_KB). */
  logCallBytes?: number;
};

const logs = new LogBuffer();
(globalThis as Record<string, unknown>).console = createConsole((level, text) => logs.write(level === "log" || level === "info" ? text : `[${level}] ${text}`));
function takeLogs(): string[] {
  const lines = logs.lines();
  logs.clear();
  return lines;
}

const builtins: Record<string, unknown> = { "@frontmcp/sdk": sdk, zod: { ...zod, default: zod.z } };
const table = new ModuleTable(builtins);
let lineMaps: LineMaps = {};
let server: ProjectServer | undefined;

/**
 * The host bridge exists only in test-run VMs. The runtime takes it before any learner code runs and removes the
 * global, so learner code can only reach the host through the fixture's narrow, validated requests.
 */
let hostBridge: ((json: string) => Promise<string>) | undefined;
function captureHostBridge(): void {
  const g = globalThis as Record<string, unknown>;
  if (typeof g.__host === "function") hostBridge = g.__host as typeof hostBridge;
  delete g.__host;
}

const locate = (stack: string | undefined) => locateInProject(stack, lineMaps);

function errorInfo(error: unknown): { message: string; where?: string } {
  const message = error instanceof Error ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}` : String(error);
  return { message, where: locate(error instanceof Error ? error.stack : undefined) };
}

const tests = createTestMode({ table, builtins, lineMaps: () => lineMaps, host: () => hostBridge });

const playground = {
  define(file: string, factory: ModuleFactory): void {
    table.define(file, factory);
  },

  /** Server role: runs every listed file's top level and works out the served tools. Tests role: defines the tests. */
  load(json: string): string {
    captureHostBridge();
    const request = JSON.parse(json) as LoadRequest;
    lineMaps = request.lineMaps;
    if (request.logCallBytes !== undefined) setCallLogBytes(request.logCallBytes);
    if (request.role === "tests") return JSON.stringify({ ok: true, ...tests.loadTests(request.files) });
    try {
      const modules = new Map<string, Record<string, unknown>>();
      for (const file of request.files) modules.set(file, table.instantiate(file));
      server = buildProjectServer(modules);
      restoreApprovals(request.approvals ?? []);
      return JSON.stringify({
        ok: true,
        tools: listTools(server),
        server: { ...server.info, elicitationEnabled: server.elicitationEnabled, origin: server.origin },
        logs: takeLogs(),
      });
    } catch (error) {
      return JSON.stringify({ ok: false, error: errorInfo(error), logs: takeLogs() });
    }
  },

  async callTool(json: string): Promise<string> {
    const request = JSON.parse(json) as CallRequest;
    if (!server) throw new Error("the project is not loaded");
    const outcome = await runToolCall(server, request, locate);
    return JSON.stringify({ outcome, logs: takeLogs(), approvals: rememberedApprovals() });
  },

  // Async like every invoked entry, so the worker settles them the same way.
  async runTest(json: string): Promise<string> {
    return JSON.stringify(await tests.runTest((JSON.parse(json) as { id: number }).id));
  },

  async abortTest(json: string): Promise<string> {
    const { id, message } = JSON.parse(json) as { id: number; message: string };
    return JSON.stringify(tests.abortTest(id, message));
  },

  async answerElicitation(json: string): Promise<string> {
    const { clientId, request } = JSON.parse(json) as { clientId: number; request: Parameters<typeof tests.answerElicitation>[1] };
    return JSON.stringify(await tests.answerElicitation(clientId, request));
  },
};

// Frozen and fixed on the global: the worker takes its entry handles before any project code runs, and nothing
// loaded later can swap an entry for its own.
Object.defineProperty(globalThis, "__playground", { value: Object.freeze(playground), writable: false, configurable: false, enumerable: false });
