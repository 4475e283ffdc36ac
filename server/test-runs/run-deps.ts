// What every test run and Check needs, made once per server: the sandbox, the fair queue and the limits learner code
// runs under. Learners' test runs and Checks and the fairness proof of authored challenges all share it, so an
// author's checks meet the same queue and limits as anyone's.
import type { RequestStateCodec } from "@modelcontextprotocol/server";
import type { PlaygroundConfig } from "../config";
import type { FlowState } from "../mcp/request-state";
import type { SandboxPool } from "../sandbox/pool";
import { RunQueue } from "./run-queue";
import type { TestRunDeps } from "./test-run";

export function testRunDeps(pool: SandboxPool, codec: RequestStateCodec<FlowState>, config: PlaygroundConfig): TestRunDeps {
  return {
    pool,
    codec,
    // Two files per sandbox worker keeps every worker busy without piling VMs up in memory; one session's files run
    // on at most half the workers at once, so its endless tests leave the other half free for everyone else's.
    queue: new RunQueue(config.workers * 2, Math.max(1, Math.floor(config.workers / 2))),
    runLimits: { budgetMs: config.runBudgetMs, hostWorkPerTestMs: config.testTimeoutMs, hostRequestsInFlight: 16 },
    limits: {
      callTimeoutMs: config.callTimeoutMs,
      loadTimeoutMs: config.loadTimeoutMs,
      memoryMB: config.memoryMB,
      testTimeoutMs: config.testTimeoutMs,
      maxBodyBytes: config.maxBodyBytes,
      logCallBytes: config.logCallBytes,
      logSessionBytes: config.logSessionBytes,
    },
  };
}
