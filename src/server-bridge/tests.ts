// Running the project's tests and a challenge's hidden checks. The results are kept per lesson
// by the Tests tab's store; this module only talks to the backend.
import { ApiError, requestJson, type ProjectFiles } from "./http";
import { roomMembership } from "./rooms";
import { sessionKeeper } from "./session";

interface TestFailure {
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
  /** Set when the report was over the server's byte cap (TEST_REPORT_KB): how much was cut, and how many tests are not listed. */
  cut?: { bytes: number; limitBytes: number; testsLeftOut: number };
}

/** The real reason checks failed (compile error, load error, time limit, the tool's own failure), said before hints. */
export interface CheckProblem {
  kind: "compile" | "load" | "timeout" | "memory" | "tool" | "test";
  message: string;
  file?: string;
  line?: number;
}

export interface CheckRun {
  passed: boolean;
  /** `message` is the hint of a failed check; `problem` what went wrong in it, when known. */
  checks: CheckItem[];
  failure?: CheckProblem;
  /** Fields a newer server may add: the Tests tab shows them rather than hiding them. */
  [extra: string]: unknown;
}

export interface CheckItem {
  name: string;
  passed: boolean;
  message?: string;
  problem?: CheckProblem;
  [extra: string]: unknown;
}

/** Runs a lesson's tests; in a room the server records its own result for the teacher's board. */
export function runTests(lessonId: string, files: ProjectFiles): Promise<TestRun> {
  return sessionKeeper.withSession(files, (id) =>
    asLearner((learnerKey) => requestJson<TestRun>("POST", `/api/sessions/${id}/tests`, learnerKey ? { learnerKey, lesson: lessonId } : {})),
  );
}

export function checkChallenge(challengeId: string, files: ProjectFiles): Promise<CheckRun> {
  const url = `/api/challenges/${encodeURIComponent(challengeId)}/check`;
  return asLearner((learnerKey) => requestJson<CheckRun>("POST", url, { files, learnerKey }));
}

/** Sends with the room's learner key; a key the server no longer knows (the room ended) leaves the room and sends again without. */
async function asLearner<T>(send: (learnerKey: string | undefined) => Promise<T>): Promise<T> {
  const learnerKey = roomMembership.learnerKey();
  try {
    return await send(learnerKey);
  } catch (error) {
    if (!(learnerKey && error instanceof ApiError && error.status === 403)) throw error;
    roomMembership.forget(true);
    return send(undefined);
  }
}
