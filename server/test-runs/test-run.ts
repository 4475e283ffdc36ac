// Runs a project's *.test.ts files, each in a fresh VM with a fresh server, one test at a time under a time limit.
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import { randomBytes } from "node:crypto";
import type { CollectedTest as Collected, TestResult as VmTestResult } from "../../runtime/testing/index";
import type { CompiledProject } from "../compile/compile";
import { ElicitationFallback } from "../mcp/elicitation-fallback";
import type { FlowState } from "../mcp/request-state";
import { createSessionEndpoint } from "../mcp/session-endpoint";
import { callTool, loadProject, type Limits, type LoadedProject, type ToolCall } from "../project/project-vm";
import { describeSandboxError, SandboxError, type SandboxPool, type SandboxVm } from "../sandbox/pool";
import type { RunQueue } from "./run-queue";
import { TestClients } from "./test-clients";

/** A test as the API reports it: the runtime's result without its internal id. */
type TestOutcome = Omit<VmTestResult, "id">;
export type TestReport = { passed: number; failed: number; skipped: number; durationMs: number; tests: TestOutcome[]; logs: string[] };
export type TestRunDeps = {
  pool: SandboxPool;
  codec: RequestStateCodec<FlowState>;
  limits: Limits & { testTimeoutMs: number; maxBodyBytes: number };
  queue: RunQueue;
};


/** A whole file's test run may take many round trips; the watchdog is only for a VM that stops answering at all. */
const TEST_WATCHDOG_MS = 60_000;

function failedFile(file: string, name: string, message: string): TestOutcome {
  return { file, name, status: "failed", durationMs: 0, error: { message }, logs: [] };
}

function toOutcome({ id: _id, ...outcome }: VmTestResult): TestOutcome {
  return outcome;
}

async function runFile(deps: TestRunDeps, project: CompiledProject, testFile: string): Promise<{ tests: TestOutcome[]; logs: string[] }> {
  const { pool, codec, limits } = deps;
  const vm = await pool.open({ hostBridge: true });
  let loaded: LoadedProject;
  try {
    loaded = await loadProject(vm, project, limits);
  } catch (error) {
    await vm.close();
    return { tests: [failedFile(testFile, "(the project did not load)", (error as Error).message)], logs: [] };
  }
  const host = {
    id: `test-${randomBytes(9).toString("base64url")}`,
    fallback: new ElicitationFallback(),
    serverInfo: async () => loaded.server,
    listTools: async () => loaded.tools,
    callTool: async (call: ToolCall) => (await callTool(vm, call, limits)).outcome,
  };
  const endpoint = createSessionEndpoint(host, codec, { maxBodyBytes: limits.maxBodyBytes });
  const clients = new TestClients(endpoint, async (clientId, request) =>
    JSON.parse(await vm.invoke("answerElicitation", JSON.stringify({ clientId, request }), limits.callTimeoutMs, { awaitsHost: true, watchdogMs: TEST_WATCHDOG_MS })),
  );
  vm.onHostRequest = (json) => clients.handle(json);
  try {
    return await runLoadedFile(vm, limits, testFile);
  } finally {
    await clients.closeAll();
    await endpoint.close();
    await vm.close();
  }
}

async function runLoadedFile(vm: SandboxVm, limits: TestRunDeps["limits"], testFile: string): Promise<{ tests: TestOutcome[]; logs: string[] }> {
  const invoke = (fn: string, payload: unknown) =>
    vm.invoke(fn, JSON.stringify(payload), limits.testTimeoutMs, { awaitsHost: true, watchdogMs: TEST_WATCHDOG_MS }).then((json) => JSON.parse(json));
  let collected: { tests: Collected[]; loadErrors: Array<{ file: string; message: string }>; logs: string[] };
  try {
    collected = await invoke("loadTests", { files: [testFile] });
  } catch (error) {
    return { tests: [failedFile(testFile, "(the test file did not load)", sandboxMessage(error, limits))], logs: [] };
  }
  const tests: TestOutcome[] = collected.loadErrors.map((e) => failedFile(e.file, "(the test file did not load)", e.message));
  let crashed: string | undefined;
  for (const test of collected.tests) {
    if (test.mode === "skip") {
      tests.push({ file: test.file, name: test.name, status: "skipped", durationMs: 0, logs: [] });
      continue;
    }
    if (crashed) {
      tests.push(failedFile(test.file, test.name, crashed));
      continue;
    }
    try {
      tests.push(toOutcome(await invoke("runTest", { id: test.id })));
    } catch (error) {
      if (!(error instanceof SandboxError) || error.kind === "crashed") {
        crashed = `Not run: ${sandboxMessage(error, limits)}`;
        tests.push(failedFile(test.file, test.name, sandboxMessage(error, limits)));
        continue;
      }
      // The VM survives a timeout or an out-of-memory; the runner records the failure and moves on.
      tests.push(toOutcome(await invoke("abortTest", { id: test.id, message: sandboxMessage(error, limits) })));
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

/** Runs every test file of the project (or just `only`), files side by side, and sums them up. */
export async function runProjectTests(deps: TestRunDeps, project: CompiledProject, testFiles: string[]): Promise<TestReport> {
  const started = Date.now();
  const perFile = await Promise.all(testFiles.map((file) => deps.queue.run(() => runFile(deps, project, file))));
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
