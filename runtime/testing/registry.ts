// Collects the tests, describe blocks and hooks that learner test files declare.
// No module-level state: each registry is independent, so one VM can hold several.

export type Fixture = Record<string, unknown>;
type TestBody = (fixture: Fixture) => unknown;
type EachHook = (fixture: Fixture) => unknown;
type AllHook = () => unknown;

type Flag = "only" | "skip" | undefined;

export interface Block {
  readonly name: string;
  readonly file: string;
  readonly parent: Block | undefined;
  readonly flag: Flag;
  readonly beforeAll: AllHook[];
  readonly afterAll: AllHook[];
  readonly beforeEach: EachHook[];
  readonly afterEach: EachHook[];
}

export interface RegisteredTest {
  readonly id: number;
  readonly name: string;
  readonly file: string;
  readonly block: Block;
  readonly body: TestBody | undefined;
  readonly flag: Flag;
}

export interface CollectedTest {
  id: number;
  /** Describe block names and the test name, joined with " > ". */
  name: string;
  file: string;
  mode: "run" | "skip";
}

export interface TestFunction {
  (name: string, body: TestBody): void;
  only(name: string, body: TestBody): void;
  skip(name: string, body?: TestBody): void;
  /** A test still to be written: listed, never run. */
  todo(name: string): void;
  describe: DescribeFunction;
  beforeEach(hook: EachHook): void;
  afterEach(hook: EachHook): void;
  beforeAll(hook: AllHook): void;
  afterAll(hook: AllHook): void;
}

interface DescribeFunction {
  (name: string, body: () => void): void;
  only(name: string, body: () => void): void;
  skip(name: string, body: () => void): void;
}

export interface Registry {
  readonly test: TestFunction;
  /** Called by the loader before each test file's code runs; tests and top-level hooks then belong to that file. */
  setCurrentFile(file: string): void;
  collect(): CollectedTest[];
  /** The declared test with this id, for the runner. */
  lookup(id: number): RegisteredTest | undefined;
  /** Whether this test runs, given .only/.skip in its file. */
  runs(test: RegisteredTest): boolean;
  /** Ends declaration: from now on test()/describe()/hooks throw (the runner calls it when tests start). */
  seal(): void;
}

function newBlock(name: string, file: string, parent: Block | undefined, flag: Flag): Block {
  return { name, file, parent, flag, beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] };
}

export function createRegistry(): Registry {
  const tests: RegisteredTest[] = [];
  const fileRoots = new Map<string, Block>();
  let current: Block | undefined;
  /**
   * Set when declaration ends: the files with a focused test, worked out once (the runner asks runs() of every test,
   * and each was a walk of all the others: work that grew with the square of the file's tests).
   */
  let sealedFocus: Set<string> | undefined;

  function block(what: string): Block {
    if (sealedFocus) throw new Error(`${what} must be called at the top level of a test file or inside test.describe(), not while tests run`);
    if (!current) setCurrentFile("unnamed.test.ts");
    return current!;
  }

  function setCurrentFile(file: string): void {
    let root = fileRoots.get(file);
    if (!root) {
      root = newBlock("", file, undefined, undefined);
      fileRoots.set(file, root);
    }
    current = root;
  }

  function checkName(kind: string, name: unknown): asserts name is string {
    if (typeof name !== "string") throw new TypeError(`${kind}() needs a name (a string) as its first argument`);
  }

  function add(name: string, body: TestBody | undefined, flag: Flag, kind: string): void {
    checkName(kind, name);
    if (flag !== "skip" && typeof body !== "function") throw new TypeError(`${kind}("${name}", …) needs a function as its second argument`);
    const parent = block(`${kind}()`);
    const names: string[] = [name];
    for (let b: Block | undefined = parent; b && b.name !== ""; b = b.parent) names.unshift(b.name);
    tests.push({ id: tests.length + 1, name: names.join(" > "), file: parent.file, block: parent, body, flag });
  }

  function describeWith(flag: Flag) {
    return (name: string, body: () => void): void => {
      checkName("test.describe", name);
      if (typeof body !== "function") throw new TypeError(`test.describe("${name}", …) needs a function as its second argument`);
      const parent = block("test.describe()");
      const child = newBlock(name, parent.file, parent, flag);
      current = child;
      try {
        const returned: unknown = body();
        if (returned && typeof (returned as { then?: unknown }).then === "function") {
          throw new Error(`test.describe("${name}", …) must not be async: declare tests synchronously and put awaits inside them`);
        }
      } finally {
        current = parent;
      }
    };
  }

  const describe = Object.assign(describeWith(undefined), { only: describeWith("only"), skip: describeWith("skip") });

  const test: TestFunction = Object.assign((name: string, body: TestBody) => add(name, body, undefined, "test"), {
    only: (name: string, body: TestBody) => add(name, body, "only", "test.only"),
    skip: (name: string, body?: TestBody) => add(name, body, "skip", "test.skip"),
    todo: (name: string) => add(name, undefined, "skip", "test.todo"),
    describe,
    beforeEach: (hook: EachHook) => {
      hookCheck("beforeEach", hook);
      block("test.beforeEach()").beforeEach.push(hook);
    },
    afterEach: (hook: EachHook) => {
      hookCheck("afterEach", hook);
      block("test.afterEach()").afterEach.push(hook);
    },
    beforeAll: (hook: AllHook) => {
      hookCheck("beforeAll", hook);
      block("test.beforeAll()").beforeAll.push(hook);
    },
    afterAll: (hook: AllHook) => {
      hookCheck("afterAll", hook);
      block("test.afterAll()").afterAll.push(hook);
    },
  });

  function hookCheck(kind: string, hook: unknown): void {
    if (typeof hook !== "function") throw new TypeError(`test.${kind}() needs a function`);
  }

  function flags(t: RegisteredTest): { only: boolean; skip: boolean } {
    let only = t.flag === "only";
    let skip = t.flag === "skip";
    for (let b: Block | undefined = t.block; b; b = b.parent) {
      if (b.flag === "only") only = true;
      if (b.flag === "skip") skip = true;
    }
    return { only, skip };
  }

  /** The files with a focused test (`.only` on it or a block around it): their other tests are skipped. */
  function focusedFiles(): Set<string> {
    const files = new Set<string>();
    for (const t of tests) if (flags(t).only) files.add(t.file);
    return files;
  }

  function runsIn(t: RegisteredTest, focused: Set<string>): boolean {
    const { only, skip } = flags(t);
    if (skip) return false;
    if (only) return true;
    return !focused.has(t.file);
  }

  return {
    test,
    setCurrentFile,
    collect: () => {
      const focused = focusedFiles();
      return tests.map((t) => ({ id: t.id, name: t.name, file: t.file, mode: runsIn(t, focused) ? "run" : "skip" }));
    },
    lookup: (id) => tests[id - 1],
    runs: (t) => runsIn(t, sealedFocus ?? focusedFiles()),
    seal: () => {
      sealedFocus = focusedFiles();
    },
  };
}
