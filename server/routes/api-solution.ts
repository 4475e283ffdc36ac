// POST /api/sessions/{id}/solution: a challenge's reference solution for a learner working alone, once the server has
// itself run three Checks of that challenge for the session. In a room the teacher releases it instead (ReleasedHelp).
import { SolutionBody, type Solution } from "../../contract/api";
import { CHECKS_BEFORE_SOLUTION } from "../../contract/help";
import type { RouteDeps } from "../app";
import { HttpError } from "../http/respond";
import { getChallengeMaterial, isLessonId } from "../lessons/catalog";
import { checksRun } from "../session/check-counts";
import { sessionOr404 } from "./api-sessions";
import { parseBody, type Route } from "./route";

export function solutionRoutes({ registry }: Pick<RouteDeps, "registry">): Route[] {
  return [
    {
      method: "POST",
      path: /^\/api\/sessions\/([^/]+)\/solution$/,
      async handle({ params, body }) {
        const session = await sessionOr404(registry, params[0]);
        const { challenge } = parseBody(SolutionBody, body);
        const material = isLessonId(challenge) ? await getChallengeMaterial(challenge) : undefined;
        if (!material) throw new HttpError(404, `No challenge named "${challenge}"`);
        const checks = checksRun(session, challenge);
        if (checks < CHECKS_BEFORE_SOLUTION) {
          const left = CHECKS_BEFORE_SOLUTION - checks;
          throw new HttpError(403, `Press Check ${left} more time${left === 1 ? "" : "s"} first: the solution opens after ${CHECKS_BEFORE_SOLUTION} Checks`, {
            code: "SOLUTION_NOT_YET",
            checks,
          });
        }
        return { status: 200, body: { challenge, files: material.solution } satisfies Solution };
      },
    },
  ];
}
