// The words a screen reader hears when a test run or a Check finishes: how many passed, and what stopped a run.
import type { CheckReport, TestRun } from "../../server-bridge/tests";

export function testRunAnnouncement(run: TestRun): string {
  const skipped = run.skipped ? `, ${run.skipped} skipped` : "";
  return `Tests finished: ${run.passed} passed, ${run.failed} failed${skipped}.`;
}

export function checkAnnouncement(report: CheckReport): string {
  const passing = report.checks.filter((c) => c.passed).length;
  const verdict = `${passing} of ${report.checks.length} hidden checks pass`;
  if (report.failure) return `Check finished: ${verdict}. ${report.failure.message}`;
  return `Check finished: ${verdict}${report.passed ? ". Challenge passed." : "."}`;
}
