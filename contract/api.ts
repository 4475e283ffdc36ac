// The HTTP API of /api/sessions and /api/challenges, defined once: the routes in server/routes/ validate each request
// body with these schemas, the server's results are typed by them, and the SPA's bridge (src/server-bridge/) imports
// the inferred types (type-only: no schema code reaches the page). server/routes/api-contract.spec.ts parses the real
// server's answers with the response schemas (strict objects), so a field added or renamed on one side fails a test.
// Lessons are in lessons.ts, rooms in rooms.ts.
import * as z from "zod";

const FILES_BODY_ERROR = 'The body must be { "files": { "name.ts": "source", ... } }';

/** A project: paths ("store.ts", "src/server.ts") to their source. Names and sizes are checked later, as diagnostics. */
export const ProjectFiles = z.record(z.string(), z.string({ error: "The content of every file must be a string" }), { error: FILES_BODY_ERROR });
export type ProjectFiles = z.infer<typeof ProjectFiles>;

/** A problem in the learner's project, at a place in one of its files (line and column from 1). */
export const Diagnostic = z.strictObject({ file: z.string(), line: z.number(), column: z.number(), message: z.string() });
export type Diagnostic = z.infer<typeof Diagnostic>;

/** A tool as `tools/list` describes it, trimmed to what the Call tab needs. */
export const ListedTool = z.strictObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
export type ListedTool = z.infer<typeof ListedTool>;

/** Every error answer: one sentence for a person, and a stable `code` where a caller must tell errors apart. */
export const ApiErrorBody = z.looseObject({ error: z.string(), code: z.string().optional() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

// POST /api/sessions and PUT /api/sessions/{id}/files.
export const FilesBody = z.object({ files: ProjectFiles }, { error: FILES_BODY_ERROR });
export type FilesBody = z.infer<typeof FilesBody>;
/** POST /api/sessions may name a lesson or challenge instead of sending files: its untouched starter, which the server holds. */
export const LessonSessionBody = z.strictObject({ lessonId: z.string({ error: '"lessonId" must be a lesson\'s id' }).min(1).max(200) });
/**
 * 201: the session serves these tools at `mcpUrl`. 422 (the files do not compile): no tools, and the diagnostics.
 * `discover`: what the session's /mcp answers a 2026-07-28 client's `server/discover`, so the page's client adopts it
 * (the SDK's `connect({ prior })`) instead of asking before its first call; absent when the server does not speak it.
 */
export const SessionCreated = z.strictObject({
  id: z.string(),
  mcpUrl: z.string(),
  tools: z.array(ListedTool),
  diagnostics: z.array(Diagnostic),
  discover: z.record(z.string(), z.unknown()).optional(),
});
export type SessionCreated = z.infer<typeof SessionCreated>;
/** 200 with the new tools; 422 with only `diagnostics` (the session keeps serving its last good build). */
export const FilesUpdated = z.strictObject({ tools: z.array(ListedTool).optional(), diagnostics: z.array(Diagnostic) });
export type FilesUpdated = z.infer<typeof FilesUpdated>;
// POST /api/sessions/{id}/reset.
export const SessionReset = z.strictObject({ reset: z.literal(true) });

// POST /api/sessions/{id}/tests.
/** `file`: run only that test file. `learnerKey` with `lesson`: record the server's own result in the learner's room. */
export const RunTestsBody = z
  .object({
    file: z.string({ error: '"file" must be the name of a test file' }).optional(),
    learnerKey: z.string({ error: '"learnerKey" must be the key the room gave on joining' }).optional(),
    lesson: z.string({ error: '"lesson" must be the id of the lesson whose tests these are' }).optional(),
  })
  .optional();
export type RunTestsBody = z.infer<typeof RunTestsBody>;

/** POST /api/sessions/{id}/verdict: which lesson to judge; with a learner key, the verdict is recorded in their room. */
export const LessonVerdictBody = z.object({
  lesson: z.string({ error: '"lesson" must be the id of a lesson' }),
  learnerKey: z.string({ error: '"learnerKey" must be the key the room gave on joining' }).optional(),
});
export type LessonVerdictBody = z.infer<typeof LessonVerdictBody>;

/**
 * Why a sandbox run stopped: its time limit, its memory, the VM itself; `full`: all sandboxes together reached
 * SANDBOX_TOTAL_MB while this code grew (the VM lives on); `error`: the code's own uncaught error (a stack overflow
 * is one: guest code can catch it). The sandbox pool's own error kinds are these.
 */
export const SANDBOX_STOP_KINDS = ["timeout", "memory", "full", "crashed", "unsettled", "error"] as const;

/** A failed assertion; `expected`/`actual` as printed, `line` in the test file's source. */
export const TestFailure = z.strictObject({
  message: z.string(),
  matcher: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
  diff: z.string().optional(),
  line: z.number().optional(),
});
/** The server's own code failing while a test ran (a throw, a refusal, a limit), or a project that does not load. */
export const ServerFailure = z.strictObject({
  kind: z.enum(["load", "tool"]),
  code: z.string().optional(),
  tool: z.string().optional(),
  message: z.string(),
  where: z.string().optional(),
});
export type ServerFailure = z.infer<typeof ServerFailure>;
/** One tools/call a hidden check made, as the host served it: the tool, its arguments, each answer the check gave. */
export const CheckCall = z.strictObject({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  persona: z.string(),
  answers: z.array(z.record(z.string(), z.unknown())),
  /** What came back: the result's text, or the error's message. */
  received: z.string().optional(),
});
export type CheckCall = z.infer<typeof CheckCall>;
export const TestOutcome = z.strictObject({
  file: z.string(),
  name: z.string(),
  status: z.enum(["passed", "failed", "skipped"]),
  durationMs: z.number(),
  error: TestFailure.optional(),
  /** What the test wrote with console.*, one line each (`[warn] ...` for levels other than log and info). */
  logs: z.array(z.string()),
  /** Failures of the server's code during this test, in order (at most a few). */
  serverFailures: z.array(ServerFailure).optional(),
  /** Set when the sandbox stopped the test itself (its own time or memory limit), rather than an assertion failing. */
  stopped: z.enum(SANDBOX_STOP_KINDS).optional(),
  /** Hidden checks only: the calls the check made, in order (a few, each result cut short). */
  calls: z.array(CheckCall).optional(),
});
export type TestOutcome = z.infer<typeof TestOutcome>;
/** 200: the run. 422: `{ diagnostics }` (the files as they are now do not compile). */
export const TestRun = z.strictObject({
  passed: z.number(),
  failed: z.number(),
  skipped: z.number(),
  durationMs: z.number(),
  tests: z.array(TestOutcome),
  /** Output written outside any test (while the test files loaded). */
  logs: z.array(z.string()),
  /** Set when the report was over the server's byte cap (TEST_REPORT_KB): bytes cut, the cap, and tests not listed (the counts include them). */
  cut: z.strictObject({ bytes: z.number(), limitBytes: z.number(), testsLeftOut: z.number() }).optional(),
});
export type TestRun = z.infer<typeof TestRun>;

// GET /api/sessions/{id}/console.
/** 200: what the session's server wrote to its console over its calls: the last LOG_SESSION_KB, led by a line saying how much earlier output went. */
export const ConsoleTail = z.strictObject({ lines: z.array(z.string()), droppedBytes: z.number(), limitBytes: z.number() });
export type ConsoleTail = z.infer<typeof ConsoleTail>;

// POST /api/challenges/{id}/check.
export const CheckBody = z.object(
  {
    files: ProjectFiles,
    learnerKey: z.string({ error: '"learnerKey" must be the key the room gave on joining' }).optional(),
    /** The learner's session: the server counts its own Checks of each challenge there (the solution opens after three). */
    session: z.string({ error: '"session" must be the id POST /api/sessions gave' }).optional(),
  },
  { error: FILES_BODY_ERROR },
);
export type CheckBody = z.infer<typeof CheckBody>;

// POST /api/sessions/{id}/solution.
export const SolutionBody = z.strictObject({ challenge: z.string() }, { error: 'Send { "challenge" }' });
/** 200: the reference solution's files; 403 (code SOLUTION_NOT_YET) with `checks` when fewer Checks ran. */
export type Solution = { challenge: string; files: Record<string, string> };
/** The real reason checks failed (compile error, load error, time limit, the tool's own failure): said before hints. */
export const CheckProblem = z.strictObject({
  kind: z.enum(["compile", "load", "timeout", "memory", "tool", "test"]),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
});
export type CheckProblem = z.infer<typeof CheckProblem>;
/** One hidden check: `message` is its hint when it failed, `problem` what went wrong in it when known. */
export const CheckResult = z.strictObject({
  name: z.string(),
  passed: z.boolean(),
  message: z.string().optional(),
  problem: CheckProblem.optional(),
  /** The check could not run: the code does not compile or load (the report's `failure` says why; no hint is given). */
  notRun: z.boolean().optional(),
  /** A failed check: what it did and what came back, never its code. */
  did: z
    .strictObject({ calls: z.array(CheckCall), expected: z.string().optional(), received: z.string().optional(), message: z.string().optional() })
    .optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;
export const CheckReport = z.strictObject({ passed: z.boolean(), checks: z.array(CheckResult), failure: CheckProblem.optional() });
export type CheckReport = z.infer<typeof CheckReport>;
