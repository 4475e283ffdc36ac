// Asymmetric matchers: placeholders inside an expected value that accept a whole class of received values.

import { SELF_DESCRIBING, type SelfDescribing } from "./format";

export type Equals = (a: unknown, b: unknown) => boolean;

export abstract class AsymmetricMatcher implements SelfDescribing {
  readonly [SELF_DESCRIBING] = true;
  abstract asymmetricMatch(received: unknown, equals: Equals): boolean;
  abstract describe(format: (value: unknown) => string): string;
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
  constructor(private readonly type: Constructor) {
    super();
  }
  asymmetricMatch(received: unknown): boolean {
    const typeName = PRIMITIVE_TYPES.get(this.type);
    if (typeName !== undefined && typeof received === typeName) return true;
    if (this.type === Object) return typeof received === "object" && received !== null;
    return received instanceof this.type;
  }
  describe(): string {
    return `Any<${this.type.name || "anonymous"}>`;
  }
}

class Anything extends AsymmetricMatcher {
  asymmetricMatch(received: unknown): boolean {
    return received !== null && received !== undefined;
  }
  describe(): string {
    return "Anything";
  }
}

class ObjectContaining extends AsymmetricMatcher {
  constructor(private readonly sample: Record<PropertyKey, unknown>) {
    super();
  }
  asymmetricMatch(received: unknown, equals: Equals): boolean {
    if (typeof received !== "object" || received === null) return false;
    const target = received as Record<PropertyKey, unknown>;
    return Reflect.ownKeys(this.sample).every((key) => key in target && equals(target[key], this.sample[key]));
  }
  describe(format: (value: unknown) => string): string {
    return `ObjectContaining ${format(this.sample)}`;
  }
}

class ArrayContaining extends AsymmetricMatcher {
  constructor(private readonly sample: readonly unknown[]) {
    super();
  }
  asymmetricMatch(received: unknown, equals: Equals): boolean {
    if (!Array.isArray(received)) return false;
    return this.sample.every((wanted) => received.some((item) => equals(item, wanted)));
  }
  describe(format: (value: unknown) => string): string {
    return `ArrayContaining ${format(this.sample)}`;
  }
}

class StringContaining extends AsymmetricMatcher {
  constructor(private readonly sample: string) {
    super();
  }
  asymmetricMatch(received: unknown): boolean {
    return typeof received === "string" && received.includes(this.sample);
  }
  describe(format: (value: unknown) => string): string {
    return `StringContaining ${format(this.sample)}`;
  }
}

class StringMatching extends AsymmetricMatcher {
  private readonly pattern: RegExp;
  constructor(pattern: string | RegExp) {
    super();
    this.pattern = typeof pattern === "string" ? new RegExp(pattern) : pattern;
  }
  asymmetricMatch(received: unknown): boolean {
    // A fresh copy, so a /g pattern's lastIndex from an earlier match does not leak in.
    return typeof received === "string" && new RegExp(this.pattern.source, this.pattern.flags).test(received);
  }
  describe(): string {
    return `StringMatching ${String(this.pattern)}`;
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
