// A challenge's Check result as the server reports it: the real failure first (does not compile,
// timed out, the tool itself failed) with its file and line, then each check: a failed one says what
// it did and what came back, then a "Show a hint" for its hint (HintOnDemand); under a compile error the checks did not run and say only
// that. Any further fields the report carries are shown too, so nothing the server says is hidden.
import type { CheckProblem, CheckReport as Report, CheckResult } from "../../server-bridge/tests";
import { editorJumps } from "../../editor/editor-jumps";
import { HintOnDemand } from "./HintOnDemand";

const KNOWN_RUN = new Set(["passed", "checks", "failure"]);
const KNOWN_ITEM = new Set(["name", "passed", "message", "problem", "notRun", "did"]);
const KNOWN_PROBLEM = new Set(["kind", "message", "file", "line", "column"]);
const KIND_TITLE: Record<string, string> = {
  compile: "Your code does not compile",
  load: "Your code fails while loading",
  timeout: "A check ran out of time (an endless loop?)",
  memory: "A check ran out of memory",
  tool: "Your tool itself failed",
  test: "A check could not run",
};

const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function Extras({ value, known }: { value: Record<string, unknown>; known: Set<string> }) {
  const rows = Object.entries(value).filter(([k, v]) => !known.has(k) && v !== undefined && v !== null && v !== "");
  if (!rows.length) return null;
  return (
    <dl className="ml-5 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600 dark:text-slate-400">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-mono">{k}</dt>
          <dd className="break-words whitespace-pre-wrap">{text(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Problem({ problem: f, main }: { problem: CheckProblem & { column?: number }; main?: boolean }) {
  return (
    <div
      role={main ? "alert" : undefined}
      className={
        main
          ? "rounded-md border border-rose-300 bg-rose-50 p-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
          : "ml-5 text-xs text-rose-700 dark:text-rose-300"
      }
      data-testid={main ? "check-failure" : "check-problem"}
      data-kind={f.kind}
    >
      {main && <p className="font-semibold">{KIND_TITLE[f.kind] ?? "Check could not judge your code"}</p>}
      <p className="break-words whitespace-pre-wrap">{f.message}</p>
      {f.file && (
        <button type="button" className="btn-ghost mt-1 !px-1.5 !py-0.5 text-xs" onClick={() => editorJumps.jump(f.file!, f.line ?? 1, f.column ?? 1)}>
          Go to {f.file}
          {f.line !== undefined ? `:${f.line}` : ""}
        </button>
      )}
      <Extras value={f as unknown as Record<string, unknown>} known={KNOWN_PROBLEM} />
    </div>
  );
}

const json = (v: unknown) => JSON.stringify(v);

/** What a failed check did (its calls, the answers it gave, what came back) and what it expected: never its code. */
function Did({ did }: { did: NonNullable<CheckResult["did"]> }) {
  return (
    <div className="mt-0.5 ml-5 space-y-0.5 text-xs text-slate-700 dark:text-slate-300" data-testid="check-did">
      {did.calls.map((c, i) => (
        <div key={i} className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">
          <p className="font-mono break-all">
            <span className="text-slate-600 dark:text-slate-400">called </span>
            {c.tool}({json(c.args)}) <span className="text-slate-600 dark:text-slate-400">as {c.persona}</span>
          </p>
          {c.answers.map((a, j) => (
            <p key={j} className="font-mono break-all">
              <span className="text-slate-600 dark:text-slate-400">answered </span>
              {json(a)}
            </p>
          ))}
          {c.received !== undefined && (
            <p className="font-mono break-all whitespace-pre-wrap">
              <span className="text-slate-600 dark:text-slate-400">came back </span>
              {c.received}
            </p>
          )}
        </div>
      ))}
      {(did.expected !== undefined || did.received !== undefined) && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono">
          <dt className="text-slate-600 dark:text-slate-400">expected</dt>
          <dd className="break-all text-emerald-800 dark:text-emerald-300">{did.expected ?? "—"}</dd>
          <dt className="text-slate-600 dark:text-slate-400">received</dt>
          <dd className="break-all text-rose-800 dark:text-rose-300">{did.received ?? "—"}</dd>
        </dl>
      )}
      {did.message && <p className="font-mono break-all">{did.message}</p>}
    </div>
  );
}

function Item({ item, failure, challengeId }: { item: CheckResult; failure?: CheckProblem; challengeId: string }) {
  if (item.notRun)
    return (
      <li className="text-sm text-slate-600 dark:text-slate-400" data-testid="check" data-passed={false} data-not-run>
        <span role="img" aria-label="not run">
          –
        </span>{" "}
        {item.name} <span className="text-xs">(not run)</span>
      </li>
    );
  return (
    <li className="text-sm" data-testid="check" data-passed={item.passed}>
      <span
        role="img"
        className={item.passed ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}
        aria-label={item.passed ? "passed" : "failed"}
      >
        {item.passed ? "✓" : "✗"}
      </span>{" "}
      {item.name}
      {!item.passed && item.problem && item.problem.message !== failure?.message && <Problem problem={item.problem} />}
      {!item.passed && item.did && <Did did={item.did} />}
      {!item.passed && item.message && <HintOnDemand challengeId={challengeId} check={item.name} hint={item.message} />}
      <Extras value={item} known={KNOWN_ITEM} />
    </li>
  );
}

export function CheckReport({ run, challengeId }: { run: Report; challengeId: string }) {
  const passed = run.checks.filter((c) => c.passed).length;
  return (
    <div className="space-y-2">
      {run.failure && <Problem problem={run.failure} main />}
      <p className="text-sm font-medium" data-testid="check-summary">
        {run.checks.every((c) => c.notRun)
          ? `No check ran: fix the code above first (${run.checks.length} checks)`
          : `${passed} of ${run.checks.length} passed${run.passed && !run.failure ? " — challenge complete!" : ""}`}
      </p>
      <ul className="space-y-1">
        {run.checks.map((c, i) => (
          <Item key={i} item={c} failure={run.failure} challengeId={challengeId} />
        ))}
      </ul>
      <Extras value={run} known={KNOWN_RUN} />
    </div>
  );
}
