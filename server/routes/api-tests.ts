// POST /api/sessions/{id}/tests, POST /api/sessions/{id}/verdict and POST /api/challenges/{id}/check.
import { CheckBody, LessonVerdictBody, RunTestsBody, type CheckReport, type TestRun } from "../../contract/api";
import type { LessonVerdict, TickRule } from "../../contract/verdicts";
import type { RouteDeps } from "../app";
import { compileProject } from "../compile/compile";
import { checkProjectFiles, isTestFile } from "../compile/project-files";
import { HttpError } from "../http/respond";
import { getChallengeMaterial, getLesson, getTickRule, isLessonId } from "../lessons/catalog";
import { countCheck } from "../session/check-counts";
import { servedSteps } from "../session/served-steps";
import { judgeLesson, verdictReport } from "../test-runs/lesson-verdict";
import { checkChallenge } from "../test-runs/challenge-check";
import { capReport } from "../test-runs/report-cap";
import { runProjectTests } from "../test-runs/test-run";
import { checkingLearner } from "./api-rooms";
import { sessionOr404 } from "./api-sessions";
import { parseBody, type Route } from "./route";

export function testRoutes({ registry, config, rooms, runs: deps, runSlots: slots }: RouteDeps): Route[] {
  return [
    {
      method: "POST",
      path: /^\/api\/sessions\/([^/]+)\/tests$/,
      rateLimit: "runs",
      async handle({ params, body, req }) {
        const session = await sessionOr404(registry, params[0]);
        const { file: only, learnerKey, lesson } = parseBody(RunTestsBody, body) ?? {};
        if (learnerKey !== undefined && !(isLessonId(lesson) && (await getLesson(lesson))?.kind === "lesson")) {
          throw new HttpError(400, '"lesson" must be the id of the lesson whose tests these are');
        }
        // A room's learner may run tests only where they may work (not a locked lesson); the run counts for nothing.
        const learner = await checkingLearner(rooms, learnerKey, lesson as string);
        return slots.run(req, learner, async () => {
          // The files as they are now, not the last good build: a learner expects tests to run what they see.
          const compiled = await compileProject(session.files);
          if (!compiled.ok) return { status: 422, body: { diagnostics: compiled.diagnostics } };
          const testFiles = Object.keys(session.files).filter((f) => isTestFile(f) && (only === undefined || f === only));
          if (only !== undefined && testFiles.length === 0) throw new HttpError(404, `No test file named "${only}" in this project`);
          // One build, two VMs per test file: the server gets the non-test files, the test VM the tests.
          const run = await runProjectTests(deps, { server: compiled.project, tests: compiled.project }, testFiles, session.id);
          // A step some lessons ask for (run the tests, see one fail): noted, never a pass of anything by itself.
          const steps = servedSteps(session);
          steps.note("tests run");
          if (run.failed > 0) steps.note("tests failed");
          return { status: 200, body: capReport(run, config.maxReportBytes) satisfies TestRun };
        });
      },
    },
    {
      method: "POST",
      path: /^\/api\/sessions\/([^/]+)\/verdict$/,
      rateLimit: "runs",
      async handle({ params, body, req }) {
        const session = await sessionOr404(registry, params[0]);
        const { lesson, learnerKey } = parseBody(LessonVerdictBody, body);
        const rule = isLessonId(lesson) ? await getTickRule(lesson) : undefined;
        if (!rule) throw new HttpError(404, `No lesson named "${lesson}"`);
        const learner = await checkingLearner(rooms, learnerKey, lesson);
        const files = session.files;
        const material = rule.check ? await getChallengeMaterial(lesson) : undefined;
        const verdict = await slots.run(req, learner, () => judgeLesson(deps, { lesson, rule, material, files, steps: servedSteps(session) }));
        // The server's own judgement is what a room records: the page never says whether a lesson passed. A lesson
        // just opened (its starter untouched, no step served) is no attempt, so nothing is recorded for it.
        if (learner && (await attempted(lesson, files, rule, verdict))) await rooms.recordCheck(learner, lesson, verdictReport(verdict, rule), files);
        return { status: 200, body: verdict satisfies LessonVerdict };
      },
    },
    {
      method: "POST",
      path: /^\/api\/challenges\/([^/]+)\/check$/,
      rateLimit: "runs",
      async handle({ params, body, req }) {
        // A shipped challenge, or a teacher's published one: the same Check either way.
        const material = isLessonId(params[0]) ? await rooms.course.material(params[0]) : undefined;
        if (!material) throw new HttpError(404, `No challenge named "${params[0]}"`);
        const { files, learnerKey, session: sessionId } = parseBody(CheckBody, body);
        const problems = checkProjectFiles(files);
        if (problems.length) throw new HttpError(400, problems[0].message);
        // With a learner key, the server's own result is recorded in that learner's room: never a result the page sends.
        const learner = await checkingLearner(rooms, learnerKey, params[0]);
        if (learner && !(await rooms.course.items(learner.room_code)).some((item) => item.id === params[0]))
          throw new HttpError(404, `Challenge "${params[0]}" is not in this room`);
        const report = await slots.run(req, learner, () => checkChallenge(deps, material, files));
        // Counted only once the server has run it: three of a session's Checks open the solution to it (api-solution.ts).
        const session = sessionId === undefined ? undefined : (await registry.resolve(sessionId))?.session;
        if (session) countCheck(session, params[0]);
        if (!learner) return { status: 200, body: report satisfies CheckReport };
        const started = performance.now();
        await rooms.recordCheck(learner, params[0], report, files);
        // In a room, hints stay held until the teacher releases them (or the room has them always on).
        const shown = rooms.reportFor(learner.room, params[0], report);
        return { status: 200, body: shown, headers: { "server-timing": `db;dur=${(performance.now() - started).toFixed(2)}` } };
      },
    },
  ];
}

/** Whether a verdict follows something the learner did: a step served, a pass, or files that are not the starter's. */
async function attempted(lesson: string, files: Record<string, string>, rule: TickRule, verdict: LessonVerdict): Promise<boolean> {
  if (verdict.passesNow || verdict.missing.length < (rule.steps?.length ?? 0)) return true;
  const starter = (await getLesson(lesson))?.files ?? {};
  const names = Object.keys(files);
  return names.length !== Object.keys(starter).length || names.some((name) => starter[name] !== files[name]);
}
