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

export function runTests(files: ProjectFiles): Promise<TestRun> {
  return sessionKeeper.withSession(files, (id) => requestJson<TestRun>("POST", `/api/sessions/${id}/tests`, {}));
}

export async function checkChallenge(challengeId: string, files: ProjectFiles): Promise<CheckRun> {
  const url = `/api/challenges/${encodeURIComponent(challengeId)}/check`;
  // In a room, the learner key makes the server record its own result for the teacher's board.
  const learnerKey = roomMembership.learnerKey();
  try {
    return await requestJson<CheckRun>("POST", url, { files, learnerKey });
  } catch (error) {
    // A key the server no longer knows (the room ended): out of the room, and the check still runs.
    if (!(learnerKey && error instanceof ApiError && error.status === 403)) throw error;
    roomMembership.forget(true);
    return requestJson<CheckRun>("POST", url, { files });
  }
}
