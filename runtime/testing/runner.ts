// Runs declared tests one at a time, as the host asks. The host may interrupt a test that never ends
// (the VM stops it uncatchably) and report it with abortTest; the bookkeeping here stays consistent so
// the next runTest works as if that test had failed normally.

import { createConsole, LogBuffer, type CapturedConsole, type LogLevel } from "./console";
import { inline } from "./format";
import type { Block, Fixture, Registry, RegisteredTest } from "./registry";
import { frameLine } from "./stack";

export interface TestError {
  message: string;
  matcher?: string;
  expected?: string;
  actual?: string;
  diff?: string;
  /** Line in the test file (compiled code: the host maps it back to the source). */
  line?: number;
}

export interface TestResult {
  id: number;
  name: string;
  file: string;
  status: "passed" | "failed" | "skipped";
  durationMs: number;
  error?: TestError;
  logs: string[];
}

export interface FixtureHandle {
  /** Spread into the test's argument: `{ mcp, ...fixture }`. */
  fixture: Fixture;
  dispose?: () => Promise<void> | void;
  /** Remarks added to the test's output after it ran (say, an elicitation nobody answered). */
  notes?: () => string[];
}

export type MakeFixture = () => FixtureHandle | Promise<FixtureHandle>;

export interface Runner {
  runTest(id: number, makeFixture: MakeFixture): Promise<TestResult>;
  /**
   * Records the running test `id` as failed with `message` after the host interrupted it. Runs no
   * learner code: its afterEach hooks, and the afterAll hooks of a block it was the last test of, are skipped.
   */
  abortTest(id: number, message: string): TestResult;
  /** Writes into the output of the test that is running (or, between tests, into drainLogs()). */
  console: CapturedConsole;
  /** Output written while no test was running (say, while test files loaded); cleared by the call. */
  drainLogs(): string[];
}

interface BlockState {
  started: boolean;
  beforeAllError?: TestError;
  /** Ids of tests in this block (nested ones included) that will run and have not finished. */
  pending: Set<number>;
}

interface CurrentRun {
  test: RegisteredTest;
  logs: LogBuffer;
  startedAt: number;
  /** The block whose beforeAll hooks are running, so an abort there fails the rest of the block too. */
  inBeforeAll?: Block;
  handle?: FixtureHandle;
}

/** Thrown inside runTest once the host has aborted its test, so that run stops touching shared state. */
class Abandoned extends Error {}

function toTestError(error: unknown, file: string, prefix = ""): TestError {
  const stack = error instanceof Error ? error.stack : undefined;
  let message: string;
  if (error instanceof Error) {
    message = error.name === "ExpectationError" || error.name === "Error" ? error.message : `${error.name}: ${error.message}`;
  } else {
    message = `Thrown: ${inline(error)}`;
  }
  const result: TestError = { message: prefix + message };
  const details = error as Partial<Record<"matcher" | "expected" | "actual" | "diff", unknown>>;
  for (const key of ["matcher", "expected", "actual", "diff"] as const) {
    if (error instanceof Error && typeof details[key] === "string") result[key] = details[key];
  }
  const line = frameLine(stack, file) ?? frameLine(stack);
  if (line !== undefined) result.line = line;
  return result;
}

function notesOf(handle: FixtureHandle): string[] {
  try {
    return handle.notes?.() ?? [];
  } catch (error) {
    return [`Could not read the fixture's notes: ${error instanceof Error ? error.message : inline(error)}`];
  }
}

function chainOf(block: Block): Block[] {
  const chain: Block[] = [];
  for (let b: Block | undefined = block; b; b = b.parent) chain.unshift(b);
  return chain;
}

export function createRunner(registry: Registry): Runner {
  const states = new Map<Block, BlockState>();
  const finished = new Map<number, TestResult>();
  const outside = new LogBuffer();
  let current: CurrentRun | undefined;
  let prepared = false;

  function prepare(): void {
    if (prepared) return;
    prepared = true;
    registry.seal();
    for (const entry of registry.collect()) {
      const test = registry.lookup(entry.id)!;
      for (const block of chainOf(test.block)) {
        let state = states.get(block);
        if (!state) {
          state = { started: false, pending: new Set() };
          states.set(block, state);
        }
        if (entry.mode === "run") state.pending.add(entry.id);
      }
    }
  }

  function result(test: RegisteredTest, status: TestResult["status"], durationMs: number, logs: string[], error?: TestError): TestResult {
    return { id: test.id, name: test.name, file: test.file, status, durationMs, ...(error ? { error } : {}), logs };
  }

  function lookup(id: number): RegisteredTest {
    const test = registry.lookup(id);
    if (!test) throw new Error(`No test with id ${id}`);
    if (finished.has(id)) throw new Error(`Test ${id} ("${test.name}") already ran`);
    return test;
  }

  async function runTest(id: number, makeFixture: MakeFixture): Promise<TestResult> {
    prepare();
    const test = lookup(id);
    if (current) throw new Error(`Test ${current.test.id} is still running: finish or abort it before starting test ${id}`);
    if (!registry.runs(test)) {
      const skipped = result(test, "skipped", 0, []);
      finished.set(id, skipped);
      return skipped;
    }
    const run: CurrentRun = { test, logs: new LogBuffer(), startedAt: Date.now() };
    current = run;
    // Awaits something, then stops if the host aborted this test meanwhile.
    const step = async <T>(work: () => T | Promise<T>): Promise<T> => {
      const value = await work();
      if (current !== run) throw new Abandoned();
      return value;
    };
    try {
      return await execute(run, makeFixture, step);
    } catch (error) {
      if (error instanceof Abandoned) return finished.get(id)!;
      throw error;
    }
  }

  async function execute(run: CurrentRun, makeFixture: MakeFixture, step: <T>(work: () => T | Promise<T>) => Promise<T>): Promise<TestResult> {
    const { test } = run;
    const chain = chainOf(test.block);
    let failure: TestError | undefined;
    const note = (error: unknown, prefix: string) => {
      const described = toTestError(error, test.file, prefix);
      if (failure) run.logs.write(described.message);
      else failure = described;
    };

    for (const block of chain) {
      const state = states.get(block)!;
      if (!state.started) {
        state.started = true;
        run.inBeforeAll = block;
        for (const hook of block.beforeAll) {
          try {
            await step(() => hook());
          } catch (error) {
            if (error instanceof Abandoned) throw error;
            state.beforeAllError = toTestError(error, test.file, "beforeAll hook failed: ");
            break;
          }
        }
        run.inBeforeAll = undefined;
      }
      if (state.beforeAllError) {
        failure = state.beforeAllError;
        break;
      }
    }

    if (!failure) {
      try {
        run.handle = await step(makeFixture);
      } catch (error) {
        if (error instanceof Abandoned) throw error;
        note(error, "Could not set up the test fixture: ");
      }
    }

    const handle = run.handle;
    if (handle) {
      const fixture = handle.fixture;
      beforeEach: for (const block of chain) {
        for (const hook of block.beforeEach) {
          try {
            await step(() => hook(fixture));
          } catch (error) {
            if (error instanceof Abandoned) throw error;
            note(error, "beforeEach hook failed: ");
            break beforeEach;
          }
        }
      }
      if (!failure) {
        try {
          await step(() => test.body!({ ...fixture }));
        } catch (error) {
          if (error instanceof Abandoned) throw error;
          note(error, "");
        }
      }
      // afterEach runs even after a failure, innermost block first, so cleanup still happens.
      for (const block of [...chain].reverse()) {
        for (const hook of block.afterEach) {
          try {
            await step(() => hook(fixture));
          } catch (error) {
            if (error instanceof Abandoned) throw error;
            note(error, "afterEach hook failed: ");
          }
        }
      }
    }

    for (const block of [...chain].reverse()) {
      const state = states.get(block)!;
      state.pending.delete(test.id);
      if (state.pending.size > 0 || !state.started) continue;
      for (const hook of block.afterAll) {
        try {
          await step(() => hook());
        } catch (error) {
          if (error instanceof Abandoned) throw error;
          note(error, "afterAll hook failed: ");
        }
      }
    }

    const logs = run.logs.lines();
    if (handle) {
      logs.push(...notesOf(handle));
      try {
        await step(() => handle.dispose?.());
      } catch (error) {
        if (error instanceof Abandoned) throw error;
        logs.push(`Fixture cleanup failed: ${toTestError(error, test.file).message}`);
      }
    }
    const done = result(test, failure ? "failed" : "passed", Date.now() - run.startedAt, logs, failure);
    finished.set(test.id, done);
    current = undefined;
    return done;
  }

  function abortTest(id: number, message: string): TestResult {
    prepare();
    const test = lookup(id);
    const run = current?.test.id === id ? current : undefined;
    if (current && !run) throw new Error(`Test ${current.test.id} is running, not test ${id}`);
    const error: TestError = { message };
    if (run?.inBeforeAll) {
      // The hook that was cut short left its block half set up: its other tests fail the same way.
      states.get(run.inBeforeAll)!.beforeAllError = { message: `beforeAll hook failed: ${message}` };
    }
    for (const block of chainOf(test.block)) states.get(block)?.pending.delete(id);
    const logs = run ? run.logs.lines() : [];
    const handle = run?.handle;
    if (handle) {
      logs.push(...notesOf(handle));
      // Not awaited: abortTest is synchronous, and the fixture's cleanup is the host's own code.
      Promise.resolve()
        .then(() => handle.dispose?.())
        .catch(() => undefined);
    }
    const aborted = result(test, "failed", run ? Date.now() - run.startedAt : 0, logs, error);
    finished.set(id, aborted);
    current = undefined;
    return aborted;
  }

  // Same look as the project sandbox's console: log/info plain, other levels tagged.
  const console = createConsole((level: LogLevel, text: string) =>
    (current ? current.logs : outside).write(level === "log" || level === "info" ? text : `[${level}] ${text}`),
  );

  return {
    runTest,
    abortTest,
    console,
    drainLogs: () => {
      const lines = outside.lines();
      outside.clear();
      return lines;
    },
  };
}
