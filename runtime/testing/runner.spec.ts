import { describe, expect as vexpect, it } from "vitest";
import { CONSOLE_CUT_MARKER } from "../../contract/console";
import { createConsole } from "./console";
import { createTestingModule } from "./index";
import { createRegistry } from "./registry";
import { createRunner, type MakeFixture, type TestResult } from "./runner";
import { frameLine } from "./stack";

function setup(file = "tickets.test.ts") {
  const registry = createRegistry();
  const runner = createRunner(registry);
  const module = createTestingModule(registry);
  registry.setCurrentFile(file);
  return { registry, runner, ...module };
}

const emptyFixture: MakeFixture = () => ({ fixture: { mcp: { name: "client" } } });

async function runAll(registry: ReturnType<typeof createRegistry>, runner: ReturnType<typeof createRunner>): Promise<TestResult[]> {
  const results: TestResult[] = [];
  for (const t of registry.collect()) results.push(await runner.runTest(t.id, emptyFixture));
  return results;
}

describe("registry", () => {
  it("names tests after their describe blocks and numbers them in order", () => {
    const { registry, test, describe: describeBlock } = setup();
    test("top", () => undefined);
    describeBlock("close_ticket", () => {
      test.describe("when accepted", () => {
        test("closes", () => undefined);
      });
      test("lists", () => undefined);
    });
    registry.setCurrentFile("other.test.ts");
    test("elsewhere", () => undefined);
    vexpect(registry.collect()).toEqual([
      { id: 1, name: "top", file: "tickets.test.ts", mode: "run" },
      { id: 2, name: "close_ticket > when accepted > closes", file: "tickets.test.ts", mode: "run" },
      { id: 3, name: "close_ticket > lists", file: "tickets.test.ts", mode: "run" },
      { id: 4, name: "elsewhere", file: "other.test.ts", mode: "run" },
    ]);
  });

  it("test.only skips the other tests of its file only", () => {
    const { registry, test } = setup("a.test.ts");
    test("a1", () => undefined);
    test.only("a2", () => undefined);
    registry.setCurrentFile("b.test.ts");
    test("b1", () => undefined);
    vexpect(registry.collect().map((t) => `${t.name}:${t.mode}`)).toEqual(["a1:skip", "a2:run", "b1:run"]);
  });

  it("a test.only declared after runs() was asked still focuses its file, and the runner skips by it", async () => {
    const { registry, runner, test } = setup("a.test.ts");
    test("a1", () => undefined);
    registry.setCurrentFile("b.test.ts");
    test("b1", () => undefined);
    const [a1, b1] = [registry.lookup(1)!, registry.lookup(2)!];
    vexpect([registry.runs(a1), registry.runs(b1)]).toEqual([true, true]);
    registry.setCurrentFile("a.test.ts");
    test.only("a2", () => undefined);
    vexpect([registry.runs(a1), registry.runs(b1)]).toEqual([false, true]);
    const results = await runAll(registry, runner);
    vexpect(results.map((r) => `${r.name}:${r.status}`)).toEqual(["a1:skipped", "b1:passed", "a2:passed"]);
    vexpect([registry.runs(a1), registry.runs(b1), registry.runs(registry.lookup(3)!)]).toEqual([false, true, true]);
  });

  it("test.skip, test.todo, describe.skip and describe.only", () => {
    const { registry, test } = setup();
    test.skip("skipped", () => undefined);
    test.todo("later");
    test.describe
      .skip("off", () => {
        test("inner", () => undefined);
        test.only("inner only", () => undefined);
      });
    test.describe
      .only("focused", () => {
        test("a", () => undefined);
        test.skip("b", () => undefined);
      });
    test("plain", () => undefined);
    vexpect(registry.collect().map((t) => `${t.name}:${t.mode}`)).toEqual([
      "skipped:skip",
      "later:skip",
      "off > inner:skip",
      "off > inner only:skip",
      "focused > a:run",
      "focused > b:skip",
      "plain:skip",
    ]);
  });

  it("keeps registries apart", () => {
    const one = setup();
    const two = setup();
    one.test("only in one", () => undefined);
    vexpect(two.registry.collect()).toEqual([]);
  });

  it("rejects declarations once tests run, and async describe bodies", async () => {
    const { registry, runner, test } = setup();
    let inner: unknown;
    test("declares", () => {
      try {
        test("nested", () => undefined);
      } catch (error) {
        inner = error;
      }
    });
    vexpect(() => test.describe("async", (async () => undefined) as unknown as () => void)).toThrow(/must not be async/);
    await runAll(registry, runner);
    vexpect(String(inner)).toMatch(/not while tests run/);
  });
});

describe("runner", () => {
  it("runs hooks in Jest order, beforeAll lazily and afterAll after a block's last test", async () => {
    const { registry, runner, test } = setup();
    const log: string[] = [];
    test.beforeAll(() => void log.push("beforeAll outer"));
    test.afterAll(() => void log.push("afterAll outer"));
    test.beforeEach(() => void log.push("beforeEach outer"));
    test.afterEach(() => void log.push("afterEach outer"));
    test("first", () => void log.push("test first"));
    test.describe("block", () => {
      test.beforeAll(async () => void log.push("beforeAll block"));
      test.afterAll(() => void log.push("afterAll block"));
      test.beforeEach(() => void log.push("beforeEach block"));
      test.afterEach(() => void log.push("afterEach block"));
      test("second", () => void log.push("test second"));
      test("third", () => void log.push("test third"));
    });
    const results = await runAll(registry, runner);
    vexpect(results.map((r) => r.status)).toEqual(["passed", "passed", "passed"]);
    vexpect(log).toEqual([
      "beforeAll outer",
      "beforeEach outer",
      "test first",
      "afterEach outer",
      "beforeAll block",
      "beforeEach outer",
      "beforeEach block",
      "test second",
      "afterEach block",
      "afterEach outer",
      "beforeEach outer",
      "beforeEach block",
      "test third",
      "afterEach block",
      "afterEach outer",
      "afterAll block",
      "afterAll outer",
    ]);
  });

  it("does not run beforeAll of a block whose tests are all skipped", async () => {
    const { registry, runner, test } = setup();
    const log: string[] = [];
    test.describe("skipped", () => {
      test.beforeAll(() => void log.push("beforeAll"));
      test.skip("s", () => undefined);
    });
    test("runs", () => void log.push("test"));
    const results = await runAll(registry, runner);
    vexpect(results.map((r) => r.status)).toEqual(["skipped", "passed"]);
    vexpect(log).toEqual(["test"]);
  });

  it("passes the fixture to the test and to each hooks, then disposes it and adds its notes", async () => {
    const { registry, runner, test } = setup();
    const seen: unknown[] = [];
    let disposed = 0;
    test.beforeEach(({ mcp }) => void seen.push(mcp));
    test("uses mcp", ({ mcp, extra }) => void seen.push(mcp, extra));
    const [entry] = registry.collect();
    const result = await runner.runTest(entry.id, () => ({
      fixture: { mcp: "client-1", extra: 5 },
      dispose: async () => void disposed++,
      notes: () => ["A question went unanswered (declined)"],
    }));
    vexpect(seen).toEqual(["client-1", "client-1", 5]);
    vexpect(disposed).toBe(1);
    vexpect(result.logs).toEqual(["A question went unanswered (declined)"]);
  });

  it("reports a failing expectation with its details and skips only the body after a failing beforeEach", async () => {
    const { registry, runner, test, expect } = setup();
    const log: string[] = [];
    test("fails", () => expect("open").toBe("closed"));
    test.describe("broken setup", () => {
      test.beforeEach(() => {
        throw new TypeError("no store");
      });
      test.afterEach(() => void log.push("afterEach"));
      test("never runs", () => void log.push("body"));
    });
    const [fails, broken] = await runAll(registry, runner);
    vexpect(fails.status).toBe("failed");
    vexpect(fails.error).toMatchObject({ matcher: "toBe", expected: '"closed"', actual: '"open"' });
    vexpect(fails.error?.message).toBe('expect(received).toBe(expected) // Object.is equality\n\nExpected: "closed"\nReceived: "open"');
    vexpect(broken.error?.message).toBe("beforeEach hook failed: TypeError: no store");
    vexpect(log).toEqual(["afterEach"]);
  });

  it("fails every test of a block whose beforeAll failed, and still runs afterAll", async () => {
    const { registry, runner, test } = setup();
    const log: string[] = [];
    test.describe("block", () => {
      test.beforeAll(() => {
        throw new Error("db down");
      });
      test.afterAll(() => void log.push("afterAll"));
      test("one", () => void log.push("one"));
      test("two", () => void log.push("two"));
    });
    const results = await runAll(registry, runner);
    vexpect(results.map((r) => r.error?.message)).toEqual(["beforeAll hook failed: db down", "beforeAll hook failed: db down"]);
    vexpect(log).toEqual(["afterAll"]);
  });

  it("abortTest fails the running test and lets later tests run", async () => {
    const { registry, runner, test } = setup();
    const log: string[] = [];
    test.afterEach(() => void log.push("afterEach"));
    test.describe("block", () => {
      test.afterAll(() => void log.push("afterAll block"));
      test("hangs", () => new Promise(() => undefined));
      test("next", () => void log.push("next"));
    });
    const [hangs, next] = registry.collect();
    let disposed = false;
    const pending = runner.runTest(hangs.id, () => ({ fixture: {}, dispose: () => void (disposed = true) }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const aborted = runner.abortTest(hangs.id, "Test timed out after 2000 ms: an endless loop?");
    vexpect(aborted).toMatchObject({ id: hangs.id, status: "failed", error: { message: "Test timed out after 2000 ms: an endless loop?" } });
    const after = await runner.runTest(next.id, emptyFixture);
    vexpect(after.status).toBe("passed");
    // No learner code runs for the aborted test (no afterEach); the block's afterAll follows its last test.
    vexpect(log).toEqual(["next", "afterEach", "afterAll block"]);
    vexpect(disposed).toBe(true);
    // The first runTest never settles by itself (its body hangs); it must not have left state behind.
    vexpect(await Promise.race([pending, Promise.resolve("still pending")])).toBe("still pending");
  });

  it("a run whose test was aborted stops quietly when its await finally returns", async () => {
    const { registry, runner, test } = setup();
    let release: () => void = () => undefined;
    let bodyStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (bodyStarted = resolve));
    const log: string[] = [];
    test("slow", async () => {
      const gate = new Promise<void>((resolve) => (release = resolve));
      bodyStarted();
      await gate;
      log.push("body went on");
    });
    test.afterEach(() => void log.push("afterEach"));
    test("next", () => undefined);
    const [slow, next] = registry.collect();
    const pending = runner.runTest(slow.id, emptyFixture);
    await started;
    runner.abortTest(slow.id, "timed out");
    const nextRun = runner.runTest(next.id, emptyFixture);
    release();
    vexpect((await pending).error?.message).toBe("timed out");
    vexpect((await nextRun).status).toBe("passed");
    // The abandoned run's own afterEach never ran; only the next test's did.
    vexpect(log).toEqual(["body went on", "afterEach"]);
  });

  it("an abort during beforeAll fails the rest of that block", async () => {
    const { registry, runner, test } = setup();
    let hookStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (hookStarted = resolve));
    test.describe("block", () => {
      test.beforeAll(() => {
        hookStarted();
        return new Promise(() => undefined);
      });
      test("a", () => undefined);
      test("b", () => undefined);
    });
    const [a, b] = registry.collect();
    void runner.runTest(a.id, emptyFixture);
    await started;
    runner.abortTest(a.id, "Test timed out after 2000 ms: an endless loop?");
    vexpect((await runner.runTest(b.id, emptyFixture)).error?.message).toBe("beforeAll hook failed: Test timed out after 2000 ms: an endless loop?");
  });

  it("returns skipped results and refuses to run a test twice or two at once", async () => {
    const { registry, runner, test } = setup();
    test.skip("off", () => undefined);
    test("on", () => new Promise(() => undefined));
    test("other", () => undefined);
    const [off, on, other] = registry.collect();
    vexpect(await runner.runTest(off.id, emptyFixture)).toMatchObject({ status: "skipped", durationMs: 0, logs: [] });
    await vexpect(runner.runTest(off.id, emptyFixture)).rejects.toThrow(/already ran/);
    void runner.runTest(on.id, emptyFixture);
    await vexpect(runner.runTest(other.id, emptyFixture)).rejects.toThrow(/still running/);
    await vexpect(runner.runTest(99, emptyFixture)).rejects.toThrow(/No test with id 99/);
  });

  it("captures console output per test, and output between tests separately", async () => {
    const { registry, runner, test } = setup();
    runner.console.log("loading");
    test("talks", () => {
      runner.console.log("ticket", { id: "T-1" }, 3);
      runner.console.warn("careful");
    });
    test("quiet", () => undefined);
    const [talks, quiet] = await runAll(registry, runner);
    vexpect(talks.logs).toEqual(["ticket { id: 'T-1' } 3", "[warn] careful"]);
    vexpect(quiet.logs).toEqual([]);
    vexpect(runner.drainLogs()).toEqual(["loading"]);
    vexpect(runner.drainLogs()).toEqual([]);
  });

  it("caps a test's console output", async () => {
    const { registry, runner, test } = setup();
    test("floods", () => {
      for (let i = 0; i < 1000; i++) runner.console.log(`line ${i}`);
    });
    test("big lines", () => {
      for (let i = 0; i < 100; i++) runner.console.log("x".repeat(1000));
    });
    const [floods, big] = await runAll(registry, runner);
    vexpect(floods.logs).toHaveLength(201);
    vexpect(floods.logs[199]).toBe("line 199");
    vexpect(floods.logs[200]).toContain(CONSOLE_CUT_MARKER);
    // 100 lines of 1000 bytes against the 64 KB default: 64 KB kept, and the marker says 34 KB more.
    vexpect(big.logs.slice(0, -1).join("").length).toBe(64 * 1024);
    vexpect(big.logs.at(-1)).toBe(`${CONSOLE_CUT_MARKER}: 34 KB more not shown (the limit is 64 KB or 200 lines per call or test)`);
  });
});

describe("frameLine", () => {
  it("reads QuickJS frames, with and without a column", () => {
    const quickjs = "    at toBe (runtime.js:10:5)\n    at <anonymous> (close-ticket.test.ts:12:7)\n    at <eval> (close-ticket.test.ts:30:2)\n";
    vexpect(frameLine(quickjs, "close-ticket.test.ts")).toBe(12);
    vexpect(frameLine("    at <anonymous> (close-ticket.test.ts:9)", "close-ticket.test.ts")).toBe(9);
    vexpect(frameLine(quickjs)).toBe(12);
  });
  it("reads Node frames, named and anonymous, with paths and URLs", () => {
    const node = [
      "ExpectationError: expect(received).toBe(expected) // Object.is equality",
      "",
      "Expected: 1",
      "    at run (/app/runtime/testing/expect.ts:120:13)",
      "    at Object.<anonymous> (/tmp/work dir/close-ticket.test.ts:21:9)",
    ].join("\n");
    vexpect(frameLine(node, "close-ticket.test.ts")).toBe(21);
    vexpect(frameLine("    at file:///tmp/x/close-ticket.test.ts:4:3", "close-ticket.test.ts")).toBe(4);
    vexpect(frameLine("    at async fn (/x/a.test.ts:8:1)")).toBe(8);
  });
  it("ignores other files and missing stacks", () => {
    vexpect(frameLine("    at f (helpers.ts:3:1)\n    at g (other.test.ts:5:1)", "close-ticket.test.ts")).toBeUndefined();
    vexpect(frameLine("    at g (not-close-ticket.test.ts:5:1)", "close-ticket.test.ts")).toBeUndefined();
    vexpect(frameLine(undefined)).toBeUndefined();
  });
});

// How values print in console output is compared with Node inside the sandbox: server/test-runs/format-parity.spec.ts.
describe("console", () => {
  it("hands each level to the sink", () => {
    const seen: string[] = [];
    const console = createConsole((level, text) => void seen.push(`${level}:${text}`));
    console.log("l");
    console.info("i");
    console.warn("w");
    console.error("e");
    console.debug("d");
    vexpect(seen).toEqual(["log:l", "info:i", "warn:w", "error:e", "debug:d"]);
  });
});
