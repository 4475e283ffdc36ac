// Runs test files, each with a fresh server: the project's server in one VM, the test file in another VM, talking
// over real MCP through the host. Test code never shares a realm with the server's code, so neither can reach into
// the other: a hidden check is out of a learner's reach, and a learner's test observes the tool only over MCP.
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { randomBytes } from "node:crypto";
import type { CheckCall, ServerFailure, TestOutcome, TestRun as TestReport } from "../../contract/api";
import { TOOL_FAILURE_CODES } from "../../contract/tool-errors";
import type { CollectedTest as Collected, TestResult as VmTestResult } from "../../runtime/testing/index";
import type { CompiledProject } from "../compile/compile";
import { ElicitationFallback } from "../mcp/elicitation-fallback";
import { OutsideFlows } from "../outside/outside-flows";
import type { FlowState } from "../mcp/request-state";
import { realClock } from "../mcp/official/instance";
import { OfficialProject } from "../mcp/official/official-project";
import { connectInProcess, type InProcessConnection } from "../mcp/in-process";
import { createLearnerServer } from "../mcp/learner-server";
import { ownConsumedStates } from "../mcp/request-state";
import { createSessionEndpoint, type McpEndpoint } from "../mcp/session-endpoint";
import {
  callTool,
  type FrontMcpVm,
  loadProject,
  loadTests,
  ProjectLoadError,
  type CallOutcome,
  type Limits,
  type LoadedProject,
  type LoadedTests,
  type ToolCall,
} from "../project/project-vm";
import { invokeEntry } from "../sandbox/entry-points";
import { describeSandboxError, SandboxError } from "../sandbox/pool";
import type { Sandbox, VmOpener } from "../sandbox/sandbox";
import { RunBudget, type HostWorkMeter, type RunLimits, type RunQueue } from "./run-queue";
import { TestClients } from "./test-clients";

// A test as the API reports it (contract/api.ts): the runtime's result without its internal id, plus what the host saw
// around it: the server's own failures (an uncaught throw, a refusal of the runtime such as a nested form schema or
// elicitation switched off, a limit, a project that does not load) and whether the sandbox stopped the test itself.
export type { ServerFailure, TestOutcome, TestRun as TestReport } from "../../contract/api";
export type TestRunDeps = {
  pool: Sandbox;
  codec: RequestStateCodec<FlowState>;
  limits: Limits & { testTimeoutMs: number; maxBodyBytes: number };
  queue: RunQueue;
  runLimits: RunLimits;
};
/** A run's own view: its VMs open for its owner, so their running time draws on that owner's CPU budget. */
type RunDeps = Omit<TestRunDeps, "pool"> & { pool: VmOpener };
/** What a run needs: `server` serves (its non-test files), `tests` holds the test files and whatever they import. */
export type TestProject = { server: CompiledProject; tests: CompiledProject };

const MAX_FAILURES_PER_TEST = 5;
/** Pages of the pretend outside site one test file's server keeps open; a page nobody presses expires with the test's time. */
const MAX_TEST_OUTSIDE_PAGES = 20;

function failedFile(file: string, name: string, message: string, serverFailures?: ServerFailure[]): TestOutcome {
  return { file, name, status: "failed", durationMs: 0, error: { message }, logs: [], ...(serverFailures && { serverFailures }) };
}

function toOutcome({ id: _id, ...outcome }: VmTestResult): TestOutcome {
  return outcome;
}

/** Collects the server failures the host sees, filed under the test that is running. */
class FailureLog {
  private current: ServerFailure[] = [];

  note(call: ToolCall, outcome: CallOutcome): void {
    if (outcome.kind !== "result" || !outcome.result.isError) return;
    const code = outcome.result._meta?.code;
    if (typeof code !== "string" || !TOOL_FAILURE_CODES.has(code) || this.current.length >= MAX_FAILURES_PER_TEST) return;
    const text = outcome.result.content.find((c) => c.type === "text")?.text;
    this.current.push({ kind: "tool", code, tool: call.name, message: String(text ?? code), ...(outcome.where && { where: outcome.where }) });
  }

  /** The failures since the last take, attached to the test that just ended. */
  take<T extends TestOutcome>(outcome: T): T {
    const failures = this.current;
    this.current = [];
    return failures.length ? { ...outcome, serverFailures: failures } : outcome;
  }
}

/**
 * A test file's server: `endpoint` is its /mcp (for raw requests); `connect`, when given, opens a client connection
 * in process, served by the SDK from the same learner server, without HTTP framing.
 */
type Served =
  | { endpoint: McpEndpoint; connect?: (modern: boolean) => InProcessConnection | undefined; outside?: OutsideFlows; close(): Promise<void> }
  | { failure: ServerFailure };

function loadFailure(error: unknown): { failure: ServerFailure } {
  const where = (error as { where?: string }).where;
  return { failure: { kind: "load", message: (error as Error).message, ...(where && { where }) } };
}

/** A FrontMCP project's server: its tools in a VM of their own, behind the playground's MCP layer. */
async function serveFrontMcp(deps: RunDeps, server: CompiledProject, failures: FailureLog): Promise<Served> {
  const { pool, codec, limits } = deps;
  const serverVm = await pool.open();
  let loaded: LoadedProject;
  try {
    loaded = await loadProject(serverVm, server, limits);
  } catch (error) {
    await serverVm.close();
    return loadFailure(error);
  }
  const id = `test-${randomBytes(9).toString("base64url")}`;
  const outside = new OutsideFlows(id, { maxFlows: MAX_TEST_OUTSIDE_PAGES, waitMs: limits.testTimeoutMs });
  const host = {
    id,
    fallback: new ElicitationFallback(),
    outside,
    serverInfo: async () => loaded.server,
    listTools: async () => loaded.tools,
    callTool: async (call: ToolCall) => {
      const { outcome } = await callTool(serverVm, call, limits);
      failures.note(call, outcome);
      return outcome;
    },
  };
  // One record of used requestStates for the file's server, whichever way a test reaches it.
  const consumed = ownConsumedStates();
  const endpoint = createSessionEndpoint(host, codec, { maxBodyBytes: limits.maxBodyBytes, consumed });
  const connect = () => connectInProcess(({ era }) => createLearnerServer(host, era, codec, consumed));
  return { endpoint, connect, outside, close: async () => (outside.clear(), await endpoint.close(), await serverVm.close()) };
}

/** An official-SDK project's server: the real SDK, an instance per connection, as /mcp and a stdio launcher serve it. */
async function serveOfficial(deps: RunDeps, server: CompiledProject): Promise<Served> {
  // A test file's server lives for the file only: its instances are not imaged after every call.
  const official = new OfficialProject(deps.pool, deps.limits, deps.limits.maxBodyBytes, realClock, false);
  try {
    await official.swap(server);
  } catch (error) {
    await official.close();
    if (error instanceof ProjectLoadError) return loadFailure(error);
    throw error;
  }
  // A 2025-11-25 client gets an instance of its own over stdio, as a launcher gives it; 2026-07-28 requests share
  // one instance across clients, which only the endpoint keeps.
  return { endpoint: official.endpoint, connect: (modern) => (modern ? undefined : official.connectStdio()), close: () => official.close() };
}

/** Serves `project.server` afresh: a new VM loaded from the compiled project, so no earlier test's state is in it. */
function serve(deps: RunDeps, project: TestProject, failures: FailureLog): Promise<Served> {
  return project.server.runtime === "frontmcp" ? serveFrontMcp(deps, project.server, failures) : serveOfficial(deps, project.server);
}

/**
 * How a file's tests meet the server: "file" serves one server for the whole file (a learner's tests, which may
 * build on each other); "test" serves each test a server of its own (hidden checks: each judges only what it names,
 * on state no other check touched).
 */
export type ServerScope = "file" | "test";

/** The server the running test talks to, opened per file or per test. */
class ServedTests {
  private served?: Served;
  private clients?: TestClients;

  constructor(
    private readonly open: () => Promise<Served>,
    private readonly testVm: FrontMcpVm,
    private readonly limits: TestRunDeps["limits"],
    private readonly meter: HostWorkMeter,
    /** Keep each test's calls (hidden checks, one server per test). */
    private readonly transcribe: boolean,
  ) {}

  /** The calls the running test made, when transcribed. */
  calls(): CheckCall[] | undefined {
    return this.transcribe && this.clients?.calls.length ? this.clients.calls : undefined;
  }

  /** A server for what comes next; the load failure, when the project did not load. */
  async start(): Promise<ServerFailure | undefined> {
    await this.stop();
    const served = await this.open();
    this.served = served;
    if ("failure" in served) return served.failure;
    const { testVm, limits } = this;
    const clients = new TestClients(
      served.endpoint,
      async (clientId, request) => invokeEntry(testVm, "answerElicitation", { clientId, request }, limits.callTimeoutMs, { awaitsHost: true }),
      served.connect,
      this.transcribe,
      served.outside,
    );
    this.clients = clients;
    // What the tests ask the host to do (fixture clients, their calls) is metered per test and capped.
    testVm.onHostRequest = (json) => this.meter.charge(() => clients.handle(json));
    return undefined;
  }

  async stop(): Promise<void> {
    const { served, clients } = this;
    this.served = this.clients = undefined;
    await clients?.closeAll();
    if (served && "close" in served) await served.close();
  }
}

async function runFile(
  deps: RunDeps,
  project: TestProject,
  testFile: string,
  budget: RunBudget,
  scope: ServerScope,
): Promise<{ tests: TestOutcome[]; logs: string[] }> {
  const failures = new FailureLog();
  const testVm = await deps.pool.open({ hostBridge: true });
  const meter = budget.hostMeter();
  const servers = new ServedTests(() => serve(deps, project, failures), testVm, deps.limits, meter, scope === "test");
  try {
    if (scope === "file") {
      const failure = await servers.start();
      if (failure) return { tests: [failedFile(testFile, "(the project did not load)", failure.message, [failure])], logs: [] };
    }
    return await runTestVm(testVm, project.tests, deps.limits, testFile, failures, budget, meter, scope === "test" ? servers : undefined);
  } finally {
    await Promise.all([servers.stop(), testVm.close()]);
  }
}

async function runTestVm(
  vm: FrontMcpVm,
  project: CompiledProject,
  limits: TestRunDeps["limits"],
  testFile: string,
  failures: FailureLog,
  budget: RunBudget,
  meter: HostWorkMeter,
  /** Given: each test gets a server of its own, started before it runs. */
  perTest?: ServedTests,
): Promise<{ tests: TestOutcome[]; logs: string[] }> {
  // A test may wait on the host (its mcp fixture's requests); that wait is not running time.
  const inTest = { awaitsHost: true };
  let collected: LoadedTests;
  try {
    collected = await loadTests(vm, project, [testFile], limits);
  } catch (error) {
    return { tests: [failedFile(testFile, "(the test file did not load)", (error as Error).message)], logs: [] };
  }
  const tests: TestOutcome[] = collected.loadErrors.map((e) => failedFile(e.file, "(the test file did not load)", e.message));
  let crashed: string | undefined;
  for (const test of collected.tests as Collected[]) {
    if (test.mode === "skip") {
      tests.push({ file: test.file, name: test.name, status: "skipped", durationMs: 0, logs: [] });
      continue;
    }
    if (crashed) {
      tests.push(failedFile(test.file, test.name, crashed));
      continue;
    }
    if (budget.exhausted()) {
      tests.push(
        failedFile(
          test.file,
          test.name,
          `Not run: this run used up its time budget (${Math.round(budget.limits.budgetMs / 1000)} s of running time); run fewer or faster tests`,
        ),
      );
      continue;
    }
    if (perTest) {
      const failure = await perTest.start();
      if (failure) {
        tests.push(failedFile(test.file, test.name, failure.message, [failure]));
        continue;
      }
    }
    meter.startTest();
    try {
      const outcome = failures.take(toOutcome(await invokeEntry(vm, "runTest", { id: test.id }, limits.testTimeoutMs, inTest)));
      budget.charge(outcome.durationMs);
      const calls = perTest?.calls();
      tests.push(calls ? { ...outcome, calls } : outcome);
    } catch (error) {
      // A test stopped at a limit ran for that long.
      budget.charge(limits.testTimeoutMs);
      const stopped = error instanceof SandboxError ? error.kind : undefined;
      if (!(error instanceof SandboxError) || error.kind === "crashed") {
        crashed = `Not run: ${sandboxMessage(error, limits)}`;
        tests.push(failures.take({ ...failedFile(test.file, test.name, sandboxMessage(error, limits)), stopped: "crashed" }));
        continue;
      }
      // The VM survives a timeout or an out-of-memory; the runner records the failure and moves on.
      tests.push(
        failures.take({
          ...toOutcome(await invokeEntry(vm, "abortTest", { id: test.id, message: sandboxMessage(error, limits) }, limits.testTimeoutMs, inTest)),
          ...(stopped && { stopped }),
        }),
      );
    }
  }
  return { tests, logs: collected.logs };
}

function sandboxMessage(error: unknown, limits: TestRunDeps["limits"]): string {
  if (error instanceof SandboxError) {
    const text = describeSandboxError(error, { timeoutMs: limits.testTimeoutMs, memoryMB: limits.memoryMB });
    return error.kind === "timeout" ? `Test timed out: ${text}` : text;
  }
  return (error as Error).message;
}

/** Runs the given test files of `project.tests` against `project.server`, files side by side, and sums them up. */
/**
 * `owner`: whose run this is (a session), for fair turns in the queue and the CPU budget its tests draw on; a run of
 * its own when not given.
 */
export async function runProjectTests(
  deps: TestRunDeps,
  project: TestProject,
  testFiles: string[],
  owner = `run-${randomBytes(6).toString("base64url")}`,
  scope: ServerScope = "file",
): Promise<TestReport> {
  const started = Date.now();
  const budget = new RunBudget(deps.runLimits);
  const own: RunDeps = { ...deps, pool: deps.pool.owned(owner) };
  const perFile = await Promise.all(testFiles.map((file) => deps.queue.run(owner, () => runFile(own, project, file, budget, scope))));
  const tests = perFile.flatMap((f) => f.tests);
  return {
    passed: tests.filter((t) => t.status === "passed").length,
    failed: tests.filter((t) => t.status === "failed").length,
    skipped: tests.filter((t) => t.status === "skipped").length,
    durationMs: Date.now() - started,
    tests,
    logs: perFile.flatMap((f) => f.logs),
  };
}
