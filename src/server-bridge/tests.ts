// Running the project's tests and a challenge's hidden checks. The results are kept per lesson
// by the Tests tab's store; this module only talks to the backend.
import { requestJson, type ProjectFiles } from "./http";
import { sessionKeeper } from "./session";

export interface TestFailure {
  message: string;
  expected?: unknown;
  actual?: unknown;
  diff?: string;
  line?: number;
}

export interface TestCaseResult {
  file: string;
  name: string;
  status: "passed" | "failed" | "skipped";
  durationMs: number;
  error?: TestFailure;
  logs?: unknown[];
}

export interface TestRun {
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  tests: TestCaseResult[];
  logs: unknown[];
}

/** Why Check could not judge the code at all (does not compile, timed out, the tool failed), said before any hint. */
export interface CheckFailure {
  kind?: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface CheckItem {
  name: string;
  passed: boolean;
  message?: string;
  [extra: string]: unknown;
}

export interface CheckRun {
  passed: boolean;
  checks: CheckItem[];
  failure?: CheckFailure | string;
  [extra: string]: unknown;
}

export function runTests(files: ProjectFiles): Promise<TestRun> {
  return sessionKeeper.withSession(files, (id) => requestJson<TestRun>("POST", `/api/sessions/${id}/tests`, {}));
}

export function checkChallenge(challengeId: string, files: ProjectFiles): Promise<CheckRun> {
  return requestJson<CheckRun>("POST", `/api/challenges/${encodeURIComponent(challengeId)}/check`, { files });
}
