// Running the project's tests and a challenge's hidden checks. The results are kept per lesson
// by the Tests tab's store; this module only talks to the backend.
import type { CheckReport, ProjectFiles, Solution, TestRun } from "../../contract/api";
import { CHECKS_BEFORE_SOLUTION } from "../../contract/help";
import type { LessonVerdict } from "../../contract/verdicts";
import { ApiError, requestJson, waitingOutBusy } from "./http";
import { roomMembership } from "./rooms";
import { CompileError, sessionKeeper } from "./session";

export { CHECKS_BEFORE_SOLUTION, HELD_HINT } from "../../contract/help";
export type { CheckProblem, CheckReport, CheckResult, Solution, TestOutcome, TestRun } from "../../contract/api";

/**
 * Runs a lesson's tests (they judge nothing: a lesson's verdict is lessonVerdict's). Runs and checks wait
 * out a 429 (a room pressing Run at once behind one address goes past the per-address burst).
 */
export function runTests(lessonId: string, files: ProjectFiles): Promise<TestRun> {
  return sessionKeeper.withSession(files, (id) =>
    asLearner((learnerKey) =>
      waitingOutBusy(() => requestJson<TestRun>("POST", `/api/sessions/${id}/tests`, learnerKey ? { learnerKey, lesson: lessonId } : {})),
    ),
  );
}

/** The server's verdict on a lesson for the session as it is now; in a room the server records it for the board. */
export async function lessonVerdict(lessonId: string, files: ProjectFiles): Promise<LessonVerdict> {
  const ask = (id: string) =>
    asLearner((learnerKey) => waitingOutBusy(() => requestJson<LessonVerdict>("POST", `/api/sessions/${id}/verdict`, { lesson: lessonId, learnerKey })));
  try {
    return await sessionKeeper.withSession(files, ask);
  } catch (error) {
    // Code that does not compile still has its session (holding these files): the server judges it broken now.
    const id = sessionKeeper.snapshot().id;
    if (error instanceof CompileError && id) return ask(id);
    throw error;
  }
}

export function checkChallenge(challengeId: string, files: ProjectFiles): Promise<CheckReport> {
  const url = `/api/challenges/${encodeURIComponent(challengeId)}/check`;
  // The session id lets the server count its own Checks of this challenge (the solution opens after three).
  const session = sessionKeeper.snapshot().id;
  return asLearner((learnerKey) => waitingOutBusy(() => requestJson<CheckReport>("POST", url, { files, learnerKey, session })));
}

/** The reference solution, which the server gives once it ran CHECKS_BEFORE_SOLUTION Checks of the challenge for this session. */
export function challengeSolution(challengeId: string): Promise<Solution> {
  const id = sessionKeeper.snapshot().id;
  if (!id) return Promise.reject(new Error(`Press Check ${CHECKS_BEFORE_SOLUTION} times first: the solution opens after that`));
  return requestJson<Solution>("POST", `/api/sessions/${id}/solution`, { challenge: challengeId });
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
