// POST /api/sessions/{id}/tests and POST /api/challenges/{id}/check.
import { CheckBody, RunTestsBody, type CheckReport, type TestRun } from "../../contract/api";
import type { RouteDeps } from "../app";
import { compileProject } from "../compile/compile";
import { checkProjectFiles, isTestFile } from "../compile/project-files";
import { HttpError } from "../http/respond";
import { getChallengeMaterial, getLesson, isLessonId } from "../lessons/catalog";
import { checkChallenge } from "../test-runs/challenge-check";
import { capReport } from "../test-runs/report-cap";
import { RunQueue } from "../test-runs/run-queue";
import { runProjectTests, type TestRunDeps } from "../test-runs/test-run";
import { checkingLearner } from "./api-rooms";
import { sessionOr404 } from "./api-sessions";
import { parseBody, type Route } from "./route";

export function testRoutes({ registry, pool, codec, config, rooms }: RouteDeps): Route[] {
  const deps: TestRunDeps = {
    pool,
    codec,
    // Two files per sandbox worker keeps every worker busy without piling VMs up in memory.
    queue: new RunQueue(config.workers * 2),
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
  return [
    {
      method: "POST",
      path: /^\/api\/sessions\/([^/]+)\/tests$/,
      rateLimit: "runs",
      async handle({ params, body }) {
        const session = await sessionOr404(registry, params[0]);
        const { file: only, learnerKey, lesson } = parseBody(RunTestsBody, body) ?? {};
        if (learnerKey !== undefined && !(isLessonId(lesson) && (await getLesson(lesson))?.kind === "lesson")) {
          throw new HttpError(400, '"lesson" must be the id of the lesson whose tests these are');
        }
        const learner = await checkingLearner(rooms, learnerKey, lesson as string);
        // The files as they are now, not the last good build: a learner expects tests to run what they see.
        const compiled = await compileProject(session.files);
        if (!compiled.ok) return { status: 422, body: { diagnostics: compiled.diagnostics } };
        const testFiles = Object.keys(session.files).filter((f) => isTestFile(f) && (only === undefined || f === only));
        if (only !== undefined && testFiles.length === 0) throw new HttpError(404, `No test file named "${only}" in this project`);
        // One build, two VMs per test file: the server gets the non-test files, the test VM the tests.
        const run = await runProjectTests(deps, { server: compiled.project, tests: compiled.project }, testFiles, session.id);
        // In a room, the server's own run counts for the lesson: as the page's tick judges it.
        if (learner) await rooms.recordCheck(learner, lesson as string, lessonReport(run), session.files);
        return { status: 200, body: capReport(run, config.maxReportBytes) satisfies TestRun };
      },
    },
    {
      method: "POST",
      path: /^\/api\/challenges\/([^/]+)\/check$/,
      rateLimit: "runs",
      async handle({ params, body }) {
        const material = isLessonId(params[0]) ? await getChallengeMaterial(params[0]) : undefined;
        if (!material) throw new HttpError(404, `No challenge named "${params[0]}"`);
        const { files, learnerKey } = parseBody(CheckBody, body);
        const problems = checkProjectFiles(files);
        if (problems.length) throw new HttpError(400, problems[0].message);
        // With a learner key, the server's own result is recorded in that learner's room: never a result the page sends.
        const learner = await checkingLearner(rooms, learnerKey, params[0]);
        const report = await checkChallenge(deps, material, files);
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

/** A lesson's test run as the board counts it: each test a check, passed when some passed and none failed (the page's tick). */
function lessonReport(run: Awaited<ReturnType<typeof runProjectTests>>): CheckReport {
  const checks = run.tests.map((t) => ({ name: `${t.file}: ${t.name}`, passed: t.status === "passed" }));
  return { passed: run.passed > 0 && run.failed === 0, checks };
}
