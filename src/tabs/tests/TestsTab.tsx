// The Tests tab: runs the project's *.test.ts on the backend and lists each test with its
// verdict; a failure shows expected, received and the diff, and jumps to its line. In a
// challenge, Check runs the hidden checks and shows only names, verdicts and hints.
import { Fragment, type ReactNode } from "react";
import { CONSOLE_CUT_MARKER } from "../../../contract/console";
import type { TestOutcome, TestRun } from "../../server-bridge/tests";
import { CompileError } from "../../server-bridge/session";
import { useProject } from "../../project/project-store";
import { Spinner } from "../../ui/Spinner";
import { editorJumps } from "../../editor/editor-jumps";
import { problemCount, useProblems } from "../../editor/problems";
import { changedSince, resultsStore, useLessonResults } from "./results-store";
import { CheckReport } from "./CheckReport";
import { SolutionOffer } from "./SolutionOffer";
import { ScrollablePre } from "../../ui/Scrollable";

const fmt = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Console lines, scrolling in their box; the sandbox's note that output was cut stays in view below them, wrapped. */
function Logs({ lines, className }: { lines: string[]; className: string }) {
  const cut = lines.filter((l) => l.startsWith(CONSOLE_CUT_MARKER));
  const kept = lines.filter((l) => !l.startsWith(CONSOLE_CUT_MARKER));
  return (
    <>
      {kept.length > 0 && <ScrollablePre className={`overflow-auto font-mono text-xs ${className}`}>{kept.join("\n")}</ScrollablePre>}
      {cut.map((note, i) => (
        <p key={i} className="mt-0.5 ml-6 text-xs break-words text-amber-800 dark:text-amber-300">
          {note}
        </p>
      ))}
    </>
  );
}

/** The server cut a report over its byte cap: say how much, so a short list is not taken for the whole run. */
function ReportCut({ cut }: { cut: NonNullable<TestRun["cut"]> }) {
  return (
    <p
      role="status"
      data-testid="report-cut"
      className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      This report was too large to show whole: {kb(cut.bytes)} of it was cut to fit the server's limit of {kb(cut.limitBytes)}
      {cut.testsLeftOut > 0 ? `, and ${cut.testsLeftOut} tests are not listed (the counts above include them)` : ""}. Long texts end with a note saying how much
      they lost.
    </p>
  );
}

function Diff({ text }: { text: string }) {
  return (
    <ScrollablePre className="overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
      {text.split("\n").map((l, i) => (
        <div key={i} className={l.startsWith("+") ? "text-emerald-700 dark:text-emerald-300" : l.startsWith("-") ? "text-rose-700 dark:text-rose-300" : ""}>
          {l || " "}
        </div>
      ))}
    </ScrollablePre>
  );
}

/** A failure's message as Jest writes it, line by line, without the diff it ends with (shown below it, coloured). */
function messageOf(error: NonNullable<TestOutcome["error"]>): string {
  return error.diff && error.message.endsWith(error.diff) ? error.message.slice(0, -error.diff.length).trimEnd() : error.message;
}

/** Jest's colours for a message's lines: Expected in green and Received in red, in the code font, as the values. */
function lineClass(line: string, first: boolean): string {
  if (first) return "text-rose-800 dark:text-rose-200";
  if (/^\s*Expected\b/.test(line)) return "font-mono text-xs text-emerald-700 dark:text-emerald-300";
  if (/^\s*Received\b/.test(line)) return "font-mono text-xs text-rose-700 dark:text-rose-300";
  return "font-mono text-xs text-slate-700 dark:text-slate-300";
}

function Message({ text }: { text: string }) {
  // One paragraph with the line breaks as text, so what is copied (or read by a screen reader) is Jest's message.
  return (
    <p className="whitespace-pre-wrap break-words" data-testid="failure-message">
      {text.split("\n").map((line, i) => (
        <Fragment key={`${i}:${line}`}>
          {i > 0 && "\n"}
          <span className={lineClass(line, i === 0)}>{line}</span>
        </Fragment>
      ))}
    </p>
  );
}

function TestRow({ test }: { test: TestOutcome }) {
  const icon = test.status === "passed" ? "✓" : test.status === "failed" ? "✗" : "○";
  const color =
    test.status === "passed"
      ? "text-emerald-700 dark:text-emerald-400"
      : test.status === "failed"
        ? "text-rose-700 dark:text-rose-400"
        : "text-slate-600 dark:text-slate-400";
  const e = test.error;
  const message = e && messageOf(e);
  // A message with lines of its own (Expected: …, Received: …) already says the values; the list is for one without.
  const listValues = e !== undefined && !message!.includes("\n") && (e.expected !== undefined || e.actual !== undefined);
  return (
    <li className="rounded-md border border-slate-200 px-2 py-1.5 dark:border-slate-700" data-testid="test-result" data-status={test.status}>
      <div className="flex items-center gap-2 text-sm">
        <span role="img" className={`font-bold ${color}`} aria-label={test.status}>
          {icon}
        </span>
        <span className="flex-1">{test.name}</span>
        <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{Math.round(test.durationMs)} ms</span>
      </div>
      {e && (
        <div className="mt-1 space-y-1 pl-6 text-sm">
          <Message text={message!} />
          {listValues && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono text-xs">
              <dt className="text-emerald-700 dark:text-emerald-300">Expected</dt>
              <dd className="whitespace-pre-wrap">{fmt(e.expected)}</dd>
              <dt className="text-rose-700 dark:text-rose-300">Received</dt>
              <dd className="whitespace-pre-wrap">{fmt(e.actual)}</dd>
            </dl>
          )}
          {e.diff && <Diff text={e.diff} />}
          {e.line !== undefined && (
            <button type="button" className="btn-ghost !px-1.5 !py-0.5 text-xs" onClick={() => editorJumps.jump(test.file, e.line!)}>
              Go to {test.file}:{e.line}
            </button>
          )}
        </div>
      )}
      {test.logs.length > 0 && <Logs lines={test.logs} className="mt-1 ml-6 max-h-40 text-slate-600 dark:text-slate-400" />}
    </li>
  );
}

/** Tests grouped by file and then by describe block (names like "block › test"). */
function grouped(run: TestRun): [string, TestOutcome[]][] {
  const groups = new Map<string, TestOutcome[]>();
  for (const t of run.tests) {
    const parts = t.name.split(/\s+[›>]\s+/);
    const block = parts.length > 1 ? `${t.file} › ${parts.slice(0, -1).join(" › ")}` : t.file;
    const list = groups.get(block) ?? [];
    list.push({ ...t, name: parts[parts.length - 1] });
    groups.set(block, list);
  }
  return [...groups];
}

/** Why the tests did not run, counted from the same list as the editor's Problems (N). */
function CompileProblems({ message }: { message: string }) {
  const n = useProblems().length;
  return (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="tests-compile-error" data-problems={n}>
      {message} {n > 0 ? `Fix the ${problemCount(n)} listed under the editor first.` : "Run the tests again."}
    </p>
  );
}

interface Props {
  /** Whatever the rooms feature shows beside the checks (a hint the teacher released). */
  checkSlot?: ReactNode;
  onRun: () => void;
}

export function TestsTab({ onRun: run, checkSlot }: Props) {
  const project = useProject();
  const lesson = project.lesson;
  const { tests, check } = useLessonResults(lesson?.id);
  const hasTests = Object.keys(project.files).some((f) => f.endsWith(".test.ts"));

  let body: ReactNode = null;
  if (tests.pending) body = <Spinner label="Running tests against a fresh server…" />;
  else if (tests.error instanceof CompileError) body = <CompileProblems message={tests.error.message} />;
  else if (tests.error)
    body = (
      <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {tests.error.message}
      </p>
    );
  else if (tests.data) {
    const d = tests.data;
    body = (
      <div className="space-y-3" data-testid="test-run">
        <h2 className="text-sm font-medium">
          <span className="text-emerald-700 dark:text-emerald-400">{d.passed} passed</span>
          {", "}
          <span className={d.failed ? "text-rose-700 dark:text-rose-400" : ""}>{d.failed} failed</span>
          {d.skipped ? `, ${d.skipped} skipped` : ""}{" "}
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">in {Math.round(d.durationMs)} ms</span>
        </h2>
        {d.cut && <ReportCut cut={d.cut} />}
        {grouped(d).map(([block, list]) => (
          <section key={block}>
            <h3 className="mb-1 font-mono text-xs font-semibold break-all text-slate-600 dark:text-slate-300">{block}</h3>
            <ul className="space-y-1">
              {list.map((t, i) => (
                <TestRow key={i} test={t} />
              ))}
            </ul>
          </section>
        ))}
        {d.logs.length > 0 && (
          <section>
            <h3 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">Console</h3>
            <Logs lines={d.logs} className="max-h-48 rounded bg-slate-100 p-2 dark:bg-slate-800" />
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn-primary" onClick={run} disabled={tests.pending || !hasTests}>
          Run tests <kbd className="text-xs">Ctrl/⌘+Shift+Enter</kbd>
        </button>
        {lesson?.kind === "challenge" && (
          <button type="button" className="btn-secondary" onClick={() => void resultsStore.check(lesson.id, project.files)} disabled={check.pending}>
            Check
          </button>
        )}
        {!hasTests && <span className="text-sm text-slate-600 dark:text-slate-400">This project has no *.test.ts file.</span>}
      </div>
      {body}
      {lesson?.kind === "challenge" && (
        <section aria-label="Challenge checks" className="panel space-y-2 p-3" data-testid="check-results">
          <h2 className="text-sm font-semibold">Hidden checks</h2>
          {!check.pending && !check.data && !check.error && (
            <p className="text-sm text-slate-600 dark:text-slate-400">Not checked yet. Press Check when your code is ready.</p>
          )}
          {check.pending && <Spinner label="Checking…" />}
          {check.error && (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
              {check.error.message}
            </p>
          )}
          {check.data && !check.pending && changedSince(check.files, project.files) && (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="check-stale"
            >
              Out of date: your code changed since this Check. Press Check to judge it as it is now.
            </p>
          )}
          {check.data && !check.pending && (
            <div className={changedSince(check.files, project.files) ? "border-l-2 border-dashed border-amber-500 pl-2" : undefined}>
              <CheckReport run={check.data} challengeId={lesson.id} />
            </div>
          )}
          {(check.answered ?? 0) > 0 && <SolutionOffer challengeId={lesson.id} answered={check.answered ?? 0} passed={!!check.data?.passed} />}
          {checkSlot}
        </section>
      )}
    </div>
  );
}
