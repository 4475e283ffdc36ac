// A test run's report has a byte cap (TEST_REPORT_KB): thousands of tests, or tests with huge names, messages,
// diffs or logs, would otherwise send megabytes to the page. Over the cap, the longest texts are shortened first
// (each says how much it lost), then tests are left out of the list (passed ones before failed ones), and `cut`
// says how much went. The counts (passed, failed, skipped) always describe the whole run.
import type { TestOutcome, TestRun } from "../../contract/api";
import { describeBytes } from "../../runtime/testing/console";

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** Texts are not shortened below this many characters: past that, tests are left out instead. */
const SHORTEST_TEXT = 240;
/** Room kept for the `cut` field itself. */
const CUT_FIELD_BYTES = 100;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max);
  return `${kept}… (${describeBytes(Buffer.byteLength(text) - Buffer.byteLength(kept))} more cut to fit the report)`;
}

function clipTest(test: TestOutcome, max: number): TestOutcome {
  const { error, serverFailures } = test;
  return {
    ...test,
    name: clip(test.name, max),
    logs: test.logs.map((line) => clip(line, max)),
    ...(error && {
      error: {
        ...error,
        message: clip(error.message, max),
        ...(error.expected !== undefined && { expected: clip(error.expected, max) }),
        ...(error.actual !== undefined && { actual: clip(error.actual, max) }),
        ...(error.diff !== undefined && { diff: clip(error.diff, max) }),
      },
    }),
    ...(serverFailures && { serverFailures: serverFailures.map((f) => ({ ...f, message: clip(f.message, max) })) }),
  };
}

function clipReport(report: TestRun, max: number): TestRun {
  return { ...report, tests: report.tests.map((t) => clipTest(t, max)), logs: report.logs.map((line) => clip(line, max)) };
}

export function capReport(report: TestRun, limitBytes: number): TestRun {
  const fullBytes = jsonBytes(report);
  if (fullBytes <= limitBytes) return report;
  const room = Math.max(0, limitBytes - CUT_FIELD_BYTES);
  // Halve the longest text allowed until the report fits, or texts are as short as they go.
  let max = Math.max(SHORTEST_TEXT, ...report.tests.map((t) => JSON.stringify(t).length), ...report.logs.map((l) => l.length));
  let capped = clipReport(report, max);
  while (jsonBytes(capped) > room && max > SHORTEST_TEXT) {
    max = Math.max(SHORTEST_TEXT, Math.floor(max / 2));
    capped = clipReport(report, max);
  }
  // Still over: leave tests out, passed and skipped ones first, from the end of the list.
  let testsLeftOut = 0;
  let bytes = jsonBytes(capped);
  if (bytes > room) {
    const order = capped.tests.map((t, i) => ({ t, i })).sort((a, b) => Number(b.t.status !== "failed") - Number(a.t.status !== "failed") || b.i - a.i);
    const out = new Set<number>();
    for (const { t, i } of order) {
      if (bytes <= room) break;
      out.add(i);
      bytes -= jsonBytes(t) + 1;
    }
    testsLeftOut = out.size;
    capped = { ...capped, tests: capped.tests.filter((_, i) => !out.has(i)) };
    if (jsonBytes(capped) > room) capped = { ...capped, logs: [] };
  }
  return { ...capped, cut: { bytes: fullBytes - jsonBytes(capped), limitBytes, testsLeftOut } };
}
