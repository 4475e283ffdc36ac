// Test runs inside the sandbox: loads *.test.ts files against @frontmcp/testing and runs one test per host request.
import { createRegistry, createRunner, createTestingModule, type Runner, type TestResult } from "../testing/index";
import { DEFAULT_PERSONA } from "../../contract/personas";
import { FixtureClients, type ElicitationRequest, type HostSend } from "../testing/mcp-fixture";
import type { LineMaps } from "./locate";
import type { ModuleTable } from "./modules";

export type TestModeDeps = {
  table: ModuleTable;
  builtins: Record<string, unknown>;
  lineMaps: () => LineMaps;
  host: () => ((json: string) => Promise<string>) | undefined;
};

export function createTestMode(deps: TestModeDeps) {
  let runner: Runner | undefined;
  let current: FixtureClients | undefined;
  let clientIds = 0;

  const send: HostSend = async (request) => {
    const bridge = deps.host();
    if (!bridge) throw new Error("The mcp fixture only works inside a test run");
    return JSON.parse(await bridge(JSON.stringify(request)));
  };

  function mapLine(result: TestResult): TestResult {
    const line = result.error?.line;
    if (line !== undefined) result.error!.line = deps.lineMaps()[result.file]?.[line] ?? line;
    return result;
  }

  return {
    /** Defines the tests of `files`; a file that throws while loading becomes a failed entry. */
    loadTests(files: string[]) {
      const registry = createRegistry();
      runner = createRunner(registry);
      (globalThis as Record<string, unknown>).console = runner.console;
      // Defined, not assigned: an assignment would run any setter a loaded file put on Object.prototype.
      Object.defineProperty(deps.builtins, "@frontmcp/testing", { value: createTestingModule(registry), enumerable: true, configurable: true });
      const loadErrors: Array<{ file: string; message: string }> = [];
      for (const file of files) {
        registry.setCurrentFile(file);
        try {
          deps.table.instantiate(file);
        } catch (error) {
          loadErrors.push({ file, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return { tests: registry.collect(), loadErrors, logs: runner.drainLogs() };
    },

    async runTest(id: number): Promise<TestResult> {
      if (!runner) throw new Error("loadTests first");
      const result = await runner.runTest(id, () => {
        current = new FixtureClients(send, () => ++clientIds);
        const clients = current;
        return { fixture: { mcp: clients.open(DEFAULT_PERSONA) }, notes: () => clients.notes(), dispose: () => clients.closeAll() };
      });
      return mapLine(result);
    },

    abortTest(id: number, message: string): TestResult {
      if (!runner) throw new Error("loadTests first");
      void current?.closeAll();
      return runner.abortTest(id, message);
    },

    /** The host asks the running test's handler to answer a question a tool asked. */
    answerElicitation(clientId: number, request: ElicitationRequest) {
      if (!current) return Promise.resolve({ action: "cancel" as const });
      return current.answer(clientId, request);
    },
  };
}
