// The built-in matchers, with Jest's meaning. Each returns a MatcherResult; `expect` decides pass/fail and words it.

import { isAsymmetric } from "./asymmetric";
import { alignForDiff, equals, matchesObject, strictEquals } from "./equality";
import { inline } from "./format";
import { MatcherUsageError, type MatcherContext, type MatcherResult } from "./matcher-types";

type Ctx = MatcherContext;
type ErrorClass = abstract new (...args: never[]) => unknown;

function requireNumber(value: unknown, role: string): number | bigint {
  if (typeof value !== "number" && typeof value !== "bigint") {
    throw new MatcherUsageError(`${role} value must be a number or bigint\nReceived: ${inline(value)}`);
  }
  return value;
}

function compare(this: Ctx, received: unknown, expected: unknown, operator: string, test: (r: number | bigint, e: number | bigint) => boolean): MatcherResult {
  const r = requireNumber(received, "received");
  const e = requireNumber(expected, "expected");
  return {
    pass: test(r, e),
    expected,
    actual: received,
    message: () => `Expected: ${this.isNot ? "not " : ""}${operator} ${inline(expected)}\nReceived: ${inline(received)}`,
  };
}

function thrownMessage(thrown: unknown): string {
  if (typeof thrown === "object" && thrown !== null && typeof (thrown as { message?: unknown }).message === "string") {
    return (thrown as { message: string }).message;
  }
  return String(thrown);
}

/** Splits "a.b[0].c" into ["a", "b", "0", "c"]. */
function parsePath(path: string | readonly PropertyKey[]): PropertyKey[] {
  if (Array.isArray(path)) return [...path];
  if (typeof path !== "string") throw new MatcherUsageError("the property path must be a string or an array of keys");
  return path.split(/\.|\[(\d+)\]/).filter((part): part is string => part !== undefined && part !== "");
}

export const builtinMatchers = {
  toBe(this: Ctx, received: unknown, expected: unknown): MatcherResult {
    const pass = Object.is(received, expected);
    const sameShape = !pass && typeof received === "object" && received !== null && strictEquals(received, expected);
    return {
      pass,
      expected,
      actual: received,
      comment: "Object.is equality",
      ...(sameShape
        ? {
            message: () =>
              `Expected: ${inline(expected)}\nReceived: serializes to the same string\n\nIf it should pass with deep equality, replace "toBe" with "toStrictEqual"`,
          }
        : {}),
    };
  },

  toEqual(this: Ctx, received: unknown, expected: unknown): MatcherResult {
    return { pass: equals(received, expected), expected, actual: received, diffPair: alignForDiff(expected, received, false), comment: "deep equality" };
  },

  toStrictEqual(this: Ctx, received: unknown, expected: unknown): MatcherResult {
    return { pass: strictEquals(received, expected), expected, actual: received, diffPair: alignForDiff(expected, received, false), comment: "deep equality" };
  },

  toMatchObject(this: Ctx, received: unknown, expected: object): MatcherResult {
    if (typeof received !== "object" || received === null) {
      throw new MatcherUsageError(`received value must be a non-null object\nReceived: ${inline(received)}`);
    }
    if (typeof expected !== "object" || expected === null) {
      throw new MatcherUsageError(`expected value must be a non-null object\nExpected: ${inline(expected)}`);
    }
    // Received is the part of the value that was compared, as vitest shows it (the rest is not in question).
    const diffPair = alignForDiff(expected, received, true);
    return { pass: matchesObject(received, expected), expected, actual: diffPair[1], diffPair };
  },

  toContain(this: Ctx, received: unknown, item: unknown): MatcherResult {
    if (typeof received === "string") {
      if (typeof item !== "string") throw new MatcherUsageError(`expected value must be a string when received is a string\nExpected: ${inline(item)}`);
      return { pass: received.includes(item), expected: item, actual: received };
    }
    if (received === null || received === undefined || typeof (received as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") {
      throw new MatcherUsageError(`received value must be an array, a string or another iterable\nReceived: ${inline(received)}`);
    }
    const items = Array.from(received as Iterable<unknown>);
    const pass = items.some((candidate) => candidate === item);
    const deepHit = !pass && items.some((candidate) => equals(candidate, item));
    return {
      pass,
      expected: item,
      actual: received,
      message: () =>
        `Expected item: ${this.isNot ? "not " : ""}${inline(item)}\nReceived: ${inline(received)}` +
        (deepHit ? `\n\nAn equal item is there but it is not the same object: use toContainEqual to compare by value` : ""),
    };
  },

  toContainEqual(this: Ctx, received: unknown, item: unknown): MatcherResult {
    if (!Array.isArray(received)) throw new MatcherUsageError(`received value must be an array\nReceived: ${inline(received)}`);
    return {
      pass: received.some((candidate) => equals(candidate, item)),
      expected: item,
      actual: received,
      message: () => `Expected item: ${this.isNot ? "not " : ""}${inline(item)}\nReceived: ${inline(received)}`,
    };
  },

  toHaveLength(this: Ctx, received: unknown, length: number): MatcherResult {
    const actual = received === null || received === undefined ? undefined : (received as { length?: unknown }).length;
    if (typeof actual !== "number") {
      throw new MatcherUsageError(`received value must have a length property whose value is a number\nReceived: ${inline(received)}`);
    }
    if (typeof length !== "number") throw new MatcherUsageError(`expected length must be a number\nExpected: ${inline(length)}`);
    return {
      pass: actual === length,
      expected: length,
      actual,
      message: () => `Expected length: ${this.isNot ? "not " : ""}${length}\nReceived length: ${actual}\nReceived: ${inline(received)}`,
    };
  },

  toHaveProperty(this: Ctx, received: unknown, path: string | readonly PropertyKey[], ...value: unknown[]): MatcherResult {
    const keys = parsePath(path);
    if (keys.length === 0) throw new MatcherUsageError("the property path must not be empty");
    let current: unknown = received;
    let found = 0;
    for (const key of keys) {
      if (current === null || current === undefined || !(key in Object(current))) break;
      current = (current as Record<PropertyKey, unknown>)[key];
      found++;
    }
    const exists = found === keys.length;
    const pathText = keys.map(String).join(".");
    if (value.length === 0) {
      return {
        pass: exists,
        message: () =>
          exists
            ? `Expected path: not "${pathText}"\nReceived value: ${inline(current)}`
            : `Expected path: "${pathText}"\nReceived path: "${keys.slice(0, found).map(String).join(".")}"\nReceived value: ${inline(current)}`,
      };
    }
    const wanted = value[0];
    return {
      pass: exists && equals(current, wanted),
      expected: wanted,
      actual: exists ? current : undefined,
      ...(exists ? { diffPair: alignForDiff(wanted, current, false) } : {}),
      message: () =>
        exists
          ? `Expected path: "${pathText}"\nExpected value: ${this.isNot ? "not " : ""}${inline(wanted)}\nReceived value: ${inline(current)}`
          : `Expected path: "${pathText}"\nReceived path: "${keys.slice(0, found).map(String).join(".")}" (the rest is missing)\nExpected value: ${inline(wanted)}`,
    };
  },

  toBeDefined(this: Ctx, received: unknown): MatcherResult {
    return { pass: received !== undefined, actual: received };
  },
  toBeUndefined(this: Ctx, received: unknown): MatcherResult {
    return { pass: received === undefined, actual: received };
  },
  toBeNull(this: Ctx, received: unknown): MatcherResult {
    return { pass: received === null, actual: received };
  },
  toBeTruthy(this: Ctx, received: unknown): MatcherResult {
    return { pass: Boolean(received), actual: received };
  },
  toBeFalsy(this: Ctx, received: unknown): MatcherResult {
    return { pass: !received, actual: received };
  },

  toBeGreaterThan(this: Ctx, received: unknown, expected: number | bigint): MatcherResult {
    return compare.call(this, received, expected, ">", (r, e) => r > e);
  },
  toBeGreaterThanOrEqual(this: Ctx, received: unknown, expected: number | bigint): MatcherResult {
    return compare.call(this, received, expected, ">=", (r, e) => r >= e);
  },
  toBeLessThan(this: Ctx, received: unknown, expected: number | bigint): MatcherResult {
    return compare.call(this, received, expected, "<", (r, e) => r < e);
  },
  toBeLessThanOrEqual(this: Ctx, received: unknown, expected: number | bigint): MatcherResult {
    return compare.call(this, received, expected, "<=", (r, e) => r <= e);
  },

  toBeCloseTo(this: Ctx, received: unknown, expected: number, digits = 2): MatcherResult {
    if (typeof received !== "number") throw new MatcherUsageError(`received value must be a number\nReceived: ${inline(received)}`);
    if (typeof expected !== "number") throw new MatcherUsageError(`expected value must be a number\nExpected: ${inline(expected)}`);
    const pass = received === expected || Math.abs(received - expected) < Math.pow(10, -digits) / 2;
    return {
      pass,
      expected,
      actual: received,
      message: () =>
        `Expected: ${this.isNot ? "not " : ""}${inline(expected)} (within ${Math.pow(10, -digits) / 2})\nReceived: ${inline(received)}\nDifference: ${Math.abs(received - expected)}`,
    };
  },

  toMatch(this: Ctx, received: unknown, pattern: string | RegExp): MatcherResult {
    if (typeof received !== "string") throw new MatcherUsageError(`received value must be a string\nReceived: ${inline(received)}`);
    if (typeof pattern !== "string" && !(pattern instanceof RegExp)) {
      throw new MatcherUsageError(`expected value must be a string or a RegExp\nExpected: ${inline(pattern)}`);
    }
    const pass = typeof pattern === "string" ? received.includes(pattern) : new RegExp(pattern.source, pattern.flags).test(received);
    const label = typeof pattern === "string" ? "substring" : "pattern";
    return {
      pass,
      expected: pattern,
      actual: received,
      message: () => `Expected ${label}: ${this.isNot ? "not " : ""}${inline(pattern)}\nReceived string:  ${inline(received)}`,
    };
  },

  toThrow(this: Ctx, received: unknown, expected?: string | RegExp | ErrorClass | Error): MatcherResult {
    let threw = false;
    let thrown: unknown;
    if (this.promise === "rejects") {
      // After .rejects, the received value is the rejection reason itself.
      threw = true;
      thrown = received;
    } else {
      if (typeof received !== "function") throw new MatcherUsageError(`received value must be a function\nReceived: ${inline(received)}`);
      try {
        (received as () => unknown)();
      } catch (error) {
        threw = true;
        thrown = error;
      }
    }
    const thrownText = threw ? thrownMessage(thrown) : undefined;
    const thrownLine = threw ? `Thrown: ${inline(thrown instanceof Error ? thrown : thrownText)}` : "Received function did not throw";
    if (expected === undefined) {
      return { pass: threw, message: () => thrownLine };
    }
    let pass: boolean;
    let label: string;
    let wanted: string;
    if (typeof expected === "string") {
      pass = threw && thrownText!.includes(expected);
      label = "Expected message to contain";
      wanted = inline(expected);
    } else if (expected instanceof RegExp) {
      pass = threw && new RegExp(expected.source, expected.flags).test(thrownText!);
      label = "Expected message to match";
      wanted = String(expected);
    } else if (expected instanceof Error) {
      pass = threw && thrownText === expected.message;
      label = "Expected message";
      wanted = inline(expected.message);
    } else if (typeof expected === "function") {
      pass = threw && thrown instanceof expected;
      label = "Expected error class";
      wanted = expected.name || "anonymous";
    } else if (isAsymmetric(expected)) {
      pass = threw && (expected as { asymmetricMatch(v: unknown, eq: typeof equals): boolean }).asymmetricMatch(thrown, equals);
      label = "Expected";
      wanted = inline(expected);
    } else {
      throw new MatcherUsageError(`expected value must be a string, a RegExp, an error class or an error\nExpected: ${inline(expected)}`);
    }
    // Received is what was compared: the error itself against a class, otherwise its message (as vitest has them).
    const comparedAs = typeof expected === "function" ? thrown : thrownText;
    return {
      pass,
      expected: expected instanceof Error ? expected.message : expected,
      ...(threw ? { actual: comparedAs } : {}),
      message: () => `${label}: ${this.isNot ? "not " : ""}${wanted}\n${thrownLine}`,
    };
  },
};

export type BuiltinMatchers = typeof builtinMatchers;
