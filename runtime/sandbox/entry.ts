// The sandbox's entry point: the only surface the host calls (`globalThis.__playground`), JSON strings in and out.
import * as zod from "zod";
import * as sdk from "../sdk/index";
import type { ElicitAnswer } from "../../contract/elicitation";
import { type EntryFunctions, type JsonText, toJsonText } from "../../contract/json-text";
import { rememberedApprovals, restoreApprovals, runToolCall, type CallOutcome, type CallRequest } from "../sdk/call";
import { buildProjectServer, type ListedTool, listTools, type ProjectServer } from "../sdk/project-server";
import { makeFormFieldKinds } from "../sdk/zod-kinds";
import { createConsole, LogBuffer, setCallLogBytes } from "../testing/console";
import type { ElicitationRequest } from "../testing/mcp-fixture";
import type { CollectedTest } from "../testing/registry";
import type { TestResult } from "../testing/runner";
import { type CodeProblem, locateInProject, type LineMaps, problemOf } from "./locate";
import { ModuleTable, type ModuleFactory } from "./modules";
import { createTestMode } from "./test-mode";

/**
 * A VM has one role, fixed by its first load: "server" runs a project's non-test files and serves its tools;
 * "tests" defines test files (hidden checks or a learner's tests) whose `mcp` fixture reaches a server in another VM.
 */
type LoadCommon = {
  files: string[];
  lineMaps: LineMaps;
  /** Console output one call, test or load keeps, in bytes (the host's LOG_CALL_KB). */
  logCallBytes?: number;
};
export type ServerLoadRequest = LoadCommon & {
  role: "server";
  /** Tools the session had approved when its VM is rebuilt (another instance, a restarted worker). */
  approvals?: string[];
};
export type TestsLoadRequest = LoadCommon & { role: "tests" };
export type LoadRequest = ServerLoadRequest | TestsLoadRequest;

export type ServerInfo = { name: string; version: string; elicitationEnabled: boolean; origin: "automatic" | "server.ts" };
/** What loading a server answers: its tools and settings, or the problem that stopped it. */
export type ServerLoadReply = { ok: true; tools: ListedTool[]; server: ServerInfo; logs: string[] } | { ok: false; error: CodeProblem; logs: string[] };
/** What loading test files answers: the tests they define, and each file that threw while loading. */
export type TestsLoadReply = { ok: true; tests: CollectedTest[]; loadErrors: Array<{ file: string; message: string }>; logs: string[] };

/** What `callTool` answers: the outcome, the call's console output, and every tool with a remembered approval. */
export type CallReply = { outcome: CallOutcome; logs: string[]; approvals: string[] };

/**
 * The entry points the host invokes by name (JSON text in, JSON text out), with the argument each takes and the result
 * it answers; `load` answers by role. The host reaches them only through SandboxVm's load and invoke, typed by this
 * map (server/sandbox/entry-points.ts), so a renamed entry or a changed shape is a compile error on both sides.
 */
export type EntryPoints = {
  load: { args: ServerLoadRequest; result: ServerLoadReply } | { args: TestsLoadRequest; result: TestsLoadReply };
  callTool: { args: CallRequest; result: CallReply };
  runTest: { args: { id: number }; result: TestResult };
  abortTest: { args: { id: number; message: string }; result: TestResult };
  answerElicitation: { args: { clientId: number; request: ElicitationRequest }; result: ElicitAnswer };
};

/** One entry point: parses its argument, runs, and answers JSON. Async like every invoked entry, so the worker settles them the same way. */
function entry<N extends Exclude<keyof EntryPoints, "load">>(
  run: (args: EntryPoints[N]["args"]) => EntryPoints[N]["result"] | Promise<EntryPoints[N]["result"]>,
) {
  return async (json: string): Promise<JsonText<EntryPoints[N]["result"]>> => toJsonText(await run(JSON.parse(json) as EntryPoints[N]["args"]));
}

// zod compiles a fast parser per object schema on its first parse (`new Function`), which pays under a JIT; here every
// VM starts from a snapshot and parses a schema a few times, so the compile was most of the first parse's cost.
zod.config({ jitless: true });
makeFormFieldKinds();

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

const tests = createTestMode({ table, builtins, lineMaps: () => lineMaps, host: () => hostBridge });

const playground = {
  define(file: string, factory: ModuleFactory): void {
    table.define(file, factory);
  },

  /** Server role: runs every listed file's top level and works out the served tools. Tests role: defines the tests. */
  load(json: string): JsonText<ServerLoadReply | TestsLoadReply> {
    captureHostBridge();
    const request = JSON.parse(json) as LoadRequest;
    lineMaps = request.lineMaps;
    if (request.logCallBytes !== undefined) setCallLogBytes(request.logCallBytes);
    if (request.role === "tests") return toJsonText<TestsLoadReply>({ ok: true, ...tests.loadTests(request.files) });
    try {
      const modules = new Map<string, Record<string, unknown>>();
      for (const file of request.files) modules.set(file, table.instantiate(file));
      server = buildProjectServer(modules);
      restoreApprovals(request.approvals ?? []);
      return toJsonText<ServerLoadReply>({
        ok: true,
        tools: listTools(server),
        server: { ...server.info, elicitationEnabled: server.elicitationEnabled, origin: server.origin },
        logs: takeLogs(),
      });
    } catch (error) {
      return toJsonText<ServerLoadReply>({ ok: false, error: problemOf(error, lineMaps), logs: takeLogs() });
    }
  },

  callTool: entry<"callTool">(async (request) => {
    if (!server) throw new Error("the project is not loaded");
    const outcome = await runToolCall(server, request, locate);
    return { outcome, logs: takeLogs(), approvals: rememberedApprovals() };
  }),
  runTest: entry<"runTest">(({ id }) => tests.runTest(id)),
  abortTest: entry<"abortTest">(({ id, message }) => tests.abortTest(id, message)),
  answerElicitation: entry<"answerElicitation">(({ clientId, request }) => tests.answerElicitation(clientId, request)),
} satisfies EntryFunctions<EntryPoints> & Record<string, unknown>;

// Frozen and fixed on the global: the worker takes its entry handles before any project code runs, and nothing
// loaded later can swap an entry for its own.
Object.defineProperty(globalThis, "__playground", { value: Object.freeze(playground), writable: false, configurable: false, enumerable: false });
