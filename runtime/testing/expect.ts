// `expect(value)`: runs matchers, handles .not / .resolves / .rejects, and turns a failure into an ExpectationError.

import { asymmetric, type AsymmetricMatcher } from "./asymmetric";
import { valueDiff } from "./diff";
import { equals } from "./equality";
import { inline } from "./format";
import { builtinMatchers, type BuiltinMatchers } from "./matchers";
import { MatcherUsageError, type MatcherContext, type MatcherResult, type MatcherTable } from "./matcher-types";

export type { MatcherContext, MatcherResult, MatcherTable } from "./matcher-types";

export interface FailureDetails {
  matcher: string;
  expected?: string;
  actual?: string;
  diff?: string;
}

export class ExpectationError extends Error {
  readonly matcher: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly diff?: string;
  constructor(message: string, details: FailureDetails) {
    super(message);
    this.name = "ExpectationError";
    this.matcher = details.matcher;
    if (details.expected !== undefined) this.expected = details.expected;
    if (details.actual !== undefined) this.actual = details.actual;
    if (details.diff) this.diff = details.diff;
  }
}

/** Turns each matcher into a method returning `R` (void for plain, Promise<void> after .resolves/.rejects). */
type MatcherMethods<T, R> = {
  [K in keyof T]: T[K] extends (received: unknown, ...args: infer A) => MatcherResult ? (...args: A) => R : never;
};

type Assertion<T> = MatcherMethods<T, void> & {
  not: MatcherMethods<T, void>;
  resolves: MatcherMethods<T, Promise<void>> & { not: MatcherMethods<T, Promise<void>> };
  rejects: MatcherMethods<T, Promise<void>> & { not: MatcherMethods<T, Promise<void>> };
};

export interface Expect<T> {
  (received: unknown): Assertion<T>;
  extend(matchers: MatcherTable): void;
  any: typeof asymmetric.any;
  anything(): AsymmetricMatcher;
  objectContaining: typeof asymmetric.objectContaining;
  arrayContaining: typeof asymmetric.arrayContaining;
  stringContaining: typeof asymmetric.stringContaining;
  stringMatching: typeof asymmetric.stringMatching;
}

function isDiffable(expected: unknown, actual: unknown): boolean {
  const structured = (v: unknown) => typeof v === "object" && v !== null && !(v instanceof Date) && !(v instanceof RegExp) && !(v instanceof Error);
  if (structured(expected) && structured(actual)) return true;
  return typeof expected === "string" && typeof actual === "string" && (expected.includes("\n") || actual.includes("\n"));
}

function indentRest(text: string): string {
  return text.split("\n").join("\n          ");
}

function describeFailure(chain: string, result: MatcherResult, isNot: boolean): ExpectationError {
  const has = (key: "expected" | "actual") => Object.prototype.hasOwnProperty.call(result, key);
  const expectedText = has("expected") ? `${isNot ? "not " : ""}${inline(result.expected)}` : undefined;
  const actualText = has("actual") ? inline(result.actual) : undefined;
  const [diffExpected, diffActual] = result.diffPair ?? [result.expected, result.actual];
  const diff = !isNot && has("expected") && has("actual") && isDiffable(diffExpected, diffActual) ? valueDiff(diffExpected, diffActual) : "";
  const args = has("expected") ? "expected" : "";
  const parts = [`expect(received).${chain}(${args})${result.comment ? ` // ${result.comment}` : ""}`];
  if (result.message) {
    parts.push(result.message());
    if (diff) parts.push(diff);
  } else if (diff) {
    parts.push(diff);
  } else {
    const lines: string[] = [];
    if (expectedText !== undefined) lines.push(`Expected: ${indentRest(expectedText)}`);
    // "Expected: not 3" says all there is when the received value prints the same.
    if (actualText !== undefined && !(isNot && has("expected") && actualText === inline(result.expected))) {
      lines.push(`Received: ${indentRest(actualText)}`);
    }
    if (lines.length > 0) parts.push(lines.join("\n"));
  }
  return new ExpectationError(parts.join("\n\n"), { matcher: chain, expected: expectedText, actual: actualText, diff });
}

/** Gives an error the stack of the place the assertion was written, lost across an await. */
function withStack(error: Error, site: Error): Error {
  const frames = (site.stack ?? "")
    .split("\n")
    .filter((line) => /^\s*at /.test(line))
    .join("\n");
  try {
    Object.defineProperty(error, "stack", { value: `${error.name}: ${error.message}\n${frames}`, configurable: true, writable: true });
  } catch {
    // A host whose stack cannot be replaced keeps the original one; only the reported line suffers.
  }
  return error;
}

export function createExpect(): Expect<BuiltinMatchers> {
  const matchers: MatcherTable = { ...(builtinMatchers as unknown as MatcherTable) };

  function run(name: string, received: unknown, args: unknown[], isNot: boolean, promise: MatcherContext["promise"]): void {
    const chain = [promise, isNot ? "not" : "", name].filter(Boolean).join(".");
    const context: MatcherContext = { isNot, promise, equals, format: inline };
    let result: MatcherResult;
    try {
      result = (matchers[name] as (this: MatcherContext, received: unknown, ...rest: unknown[]) => MatcherResult).call(context, received, ...args);
    } catch (error) {
      if (!(error instanceof MatcherUsageError)) throw error;
      throw new ExpectationError(`expect(received).${chain}()\n\nMatcher error: ${error.message}`, { matcher: chain });
    }
    if (result.pass === isNot) throw describeFailure(chain, result, isNot);
  }

  async function runAsync(name: string, received: unknown, args: unknown[], isNot: boolean, promise: "resolves" | "rejects"): Promise<void> {
    // Taken now, while the test's own frame is still on the stack.
    const site = new Error("call site");
    const pending = typeof received === "function" ? (received as () => unknown)() : received;
    if (!pending || typeof (pending as { then?: unknown }).then !== "function") {
      throw withStack(
        new ExpectationError(`expect(received).${promise}.${name}()\n\nMatcher error: received value must be a promise or a function returning a promise`, {
          matcher: `${promise}.${name}`,
        }),
        site,
      );
    }
    let settled: { ok: boolean; value: unknown };
    try {
      settled = { ok: true, value: await pending };
    } catch (reason) {
      settled = { ok: false, value: reason };
    }
    if (settled.ok !== (promise === "resolves")) {
      const outcome = settled.ok
        ? "Received promise resolved instead of rejected\nResolved to value"
        : "Received promise rejected instead of resolved\nRejected with";
      throw withStack(
        new ExpectationError(`expect(received).${promise}.${name}()\n\n${outcome}: ${inline(settled.value)}`, {
          matcher: `${promise}.${name}`,
          actual: inline(settled.value),
        }),
        site,
      );
    }
    try {
      run(name, settled.value, args, isNot, promise);
    } catch (error) {
      throw error instanceof Error ? withStack(error, site) : error;
    }
  }

  // An assertion is an object over a prototype shared by every expect() call: each matcher is a getter there that
  // binds the matcher to the assertion's received value when it is read (destructured too), so an expect() does not
  // build a closure for every matcher in the interpreter when a line calls one.
  // The prototypes are made with the matcher table (at load, so a VM restored from its load image has them) and made
  // again when expect.extend changes it.
  const receivedBy = new WeakMap<object, unknown>();
  const assertionOf = (proto: object, received: unknown): object => {
    const assertion = Object.create(proto) as object;
    receivedBy.set(assertion, received);
    return assertion;
  };
  /** A getter that makes the assertion `proto` (a chain such as `.not`) for the value of the assertion it is read on. */
  const chain = (proto: object): PropertyDescriptor => ({
    get(this: object) {
      return assertionOf(proto, receivedBy.get(this));
    },
  });
  type Bind = (name: string, received: unknown) => (...args: unknown[]) => unknown;
  function matcherPrototype(bind: Bind, chains: PropertyDescriptorMap = {}): object {
    const getters: PropertyDescriptorMap = {};
    for (const name of Object.keys(matchers)) {
      getters[name] = {
        get(this: object) {
          return bind(name, receivedBy.get(this));
        },
        enumerable: true,
        configurable: true,
      };
    }
    return Object.create(Object.prototype, { ...getters, ...chains }) as object;
  }
  type Go = (name: string, received: unknown, args: unknown[], isNot: boolean) => unknown;
  /** The prototype whose matchers call `go`, with `.not` over the negated ones and `chains` beside. */
  function withNegation(go: Go, chains: PropertyDescriptorMap = {}): object {
    const bind =
      (isNot: boolean): Bind =>
      (name, received) =>
      (...args) =>
        go(name, received, args, isNot);
    return matcherPrototype(bind(false), { not: chain(matcherPrototype(bind(true))), ...chains });
  }
  const asyncPrototype = (promise: "resolves" | "rejects"): object =>
    withNegation((name, received, args, isNot) => runAsync(name, received, args, isNot, promise));
  const assertionPrototype = (): object =>
    withNegation((name, received, args, isNot) => run(name, received, args, isNot, ""), {
      resolves: chain(asyncPrototype("resolves")),
      rejects: chain(asyncPrototype("rejects")),
    });
  let assertions = assertionPrototype();

  const expect = ((received: unknown) => assertionOf(assertions, received)) as Expect<BuiltinMatchers>;

  expect.extend = (extra: MatcherTable) => {
    for (const [name, matcher] of Object.entries(extra)) {
      if (typeof matcher !== "function") throw new TypeError(`expect.extend: matcher "${name}" must be a function`);
      matchers[name] = matcher;
    }
    assertions = assertionPrototype();
  };
  Object.assign(expect, asymmetric);
  return expect;
}
