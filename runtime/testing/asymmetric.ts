// Asymmetric matchers: placeholders inside an expected value that accept a whole class of received values.

export type Equals = (a: unknown, b: unknown) => boolean;

/**
 * The mark pretty-format's AsymmetricMatcher plugin looks for: a marked value prints as its `toString()` name
 * followed by its `sample` (ObjectContaining {"a": 1}, StringMatching /x/), or as its `toAsymmetricMatcher()` text
 * (Any<Number>), the way Jest's and vitest's own matchers print in messages and diffs.
 */
const ASYMMETRIC_MATCHER = Symbol.for("jest.asymmetricMatcher");

export abstract class AsymmetricMatcher {
  readonly $$typeof = ASYMMETRIC_MATCHER;
  abstract asymmetricMatch(received: unknown, equals: Equals): boolean;
  /** The matcher's name, as pretty-format prints it. */
  abstract toString(): string;
}

export function isAsymmetric(value: unknown): value is AsymmetricMatcher {
  return value instanceof AsymmetricMatcher;
}

type Constructor = abstract new (...args: never[]) => unknown;

// Primitives are never instances of their wrapper classes, so these are checked by typeof.
const PRIMITIVE_TYPES = new Map<unknown, string>([
  [String, "string"],
  [Number, "number"],
  [Boolean, "boolean"],
  [BigInt, "bigint"],
  [Symbol, "symbol"],
  [Function, "function"],
]);

class Any extends AsymmetricMatcher {
  constructor(readonly sample: Constructor) {
    super();
  }
  asymmetricMatch(received: unknown): boolean {
    const typeName = PRIMITIVE_TYPES.get(this.sample);
    if (typeName !== undefined && typeof received === typeName) return true;
    if (this.sample === Object) return typeof received === "object" && received !== null;
    return received instanceof this.sample;
  }
  toString(): string {
    return "Any";
  }
  toAsymmetricMatcher(): string {
    return `Any<${this.sample.name || "anonymous"}>`;
  }
}

class Anything extends AsymmetricMatcher {
  asymmetricMatch(received: unknown): boolean {
    return received !== null && received !== undefined;
  }
  toString(): string {
    return "Anything";
  }
  toAsymmetricMatcher(): string {
    return "Anything";
  }
}

class ObjectContaining extends AsymmetricMatcher {
  constructor(readonly sample: Record<PropertyKey, unknown>) {
    super();
  }
  asymmetricMatch(received: unknown, equals: Equals): boolean {
    if (typeof received !== "object" || received === null) return false;
    const target = received as Record<PropertyKey, unknown>;
    return Reflect.ownKeys(this.sample).every((key) => key in target && equals(target[key], this.sample[key]));
  }
  toString(): string {
    return "ObjectContaining";
  }
}

class ArrayContaining extends AsymmetricMatcher {
  constructor(readonly sample: readonly unknown[]) {
    super();
  }
  asymmetricMatch(received: unknown, equals: Equals): boolean {
    if (!Array.isArray(received)) return false;
    return this.sample.every((wanted) => received.some((item) => equals(item, wanted)));
  }
  toString(): string {
    return "ArrayContaining";
  }
}

class StringContaining extends AsymmetricMatcher {
  constructor(readonly sample: string) {
    super();
  }
  asymmetricMatch(received: unknown): boolean {
    return typeof received === "string" && received.includes(this.sample);
  }
  toString(): string {
    return "StringContaining";
  }
}

class StringMatching extends AsymmetricMatcher {
  readonly sample: RegExp;
  constructor(pattern: string | RegExp) {
    super();
    this.sample = typeof pattern === "string" ? new RegExp(pattern) : pattern;
  }
  asymmetricMatch(received: unknown): boolean {
    // A fresh copy, so a /g pattern's lastIndex from an earlier match does not leak in.
    return typeof received === "string" && new RegExp(this.sample.source, this.sample.flags).test(received);
  }
  toString(): string {
    return "StringMatching";
  }
}

export const asymmetric = {
  any: (type: Constructor): AsymmetricMatcher => {
    if (typeof type !== "function") throw new TypeError("expect.any() needs a class or constructor, such as Number or Error");
    return new Any(type);
  },
  anything: (): AsymmetricMatcher => new Anything(),
  objectContaining: (sample: Record<PropertyKey, unknown>): AsymmetricMatcher => {
    if (typeof sample !== "object" || sample === null) throw new TypeError("expect.objectContaining() needs an object");
    return new ObjectContaining(sample);
  },
  arrayContaining: (sample: readonly unknown[]): AsymmetricMatcher => {
    if (!Array.isArray(sample)) throw new TypeError("expect.arrayContaining() needs an array");
    return new ArrayContaining(sample);
  },
  stringContaining: (sample: string): AsymmetricMatcher => {
    if (typeof sample !== "string") throw new TypeError("expect.stringContaining() needs a string");
    return new StringContaining(sample);
  },
  stringMatching: (pattern: string | RegExp): AsymmetricMatcher => {
    if (typeof pattern !== "string" && !(pattern instanceof RegExp)) {
      throw new TypeError("expect.stringMatching() needs a string or a RegExp");
    }
    return new StringMatching(pattern);
  },
};
