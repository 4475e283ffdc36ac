// Deep equality with the rules of toEqual / toStrictEqual / toMatchObject, asymmetric matchers included.

import { isAsymmetric } from "./asymmetric";

type Pairs = Array<[unknown, unknown]>;

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function ownKeys(obj: object): PropertyKey[] {
  const keys: PropertyKey[] = Object.keys(obj);
  for (const sym of Object.getOwnPropertySymbols(obj)) {
    if (Object.prototype.propertyIsEnumerable.call(obj, sym)) keys.push(sym);
  }
  return keys;
}

function deepEqual(a: unknown, b: unknown, strict: boolean, seen: Pairs): boolean {
  const recurse = (x: unknown, y: unknown): boolean => deepEqual(x, y, strict, seen);
  if (isAsymmetric(b)) return b.asymmetricMatch(a, recurse);
  if (isAsymmetric(a)) return a.asymmetricMatch(b, recurse);
  if (Object.is(a, b)) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;

  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  }
  if (a instanceof RegExp || b instanceof RegExp) {
    return a instanceof RegExp && b instanceof RegExp && a.source === b.source && a.flags === b.flags;
  }
  if (a instanceof Error || b instanceof Error) {
    return a instanceof Error && b instanceof Error && a.name === b.name && a.message === b.message;
  }
  // A cycle that reached this pair again compares equal; the rest of the walk decides.
  if (seen.some(([x, y]) => x === a && y === b)) return true;
  seen.push([a, b]);
  try {
    if (a instanceof Map || b instanceof Map) {
      if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
      for (const [key, value] of a) {
        if (b.has(key)) {
          if (!recurse(value, b.get(key))) return false;
        } else if (![...b].some(([k, v]) => recurse(key, k) && recurse(value, v))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Set || b instanceof Set) {
      if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
      for (const item of a) {
        if (!b.has(item) && ![...b].some((other) => recurse(item, other))) return false;
      }
      return true;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) {
        if (strict && i in a !== i in b) return false;
        if (!recurse(a[i], b[i])) return false;
      }
      return true;
    }
    const recA = a as Record<PropertyKey, unknown>;
    const recB = b as Record<PropertyKey, unknown>;
    // toEqual treats a property holding undefined like a missing one.
    const keysA = ownKeys(a).filter((k) => strict || recA[k] !== undefined);
    const keysB = ownKeys(b).filter((k) => strict || recB[k] !== undefined);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && recurse(recA[k], recB[k]));
  } finally {
    seen.pop();
  }
}

/** toEqual rules: ignores properties holding undefined, array holes and object classes. */
export function equals(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, false, []);
}

/** toStrictEqual rules: undefined properties, holes and classes count. */
export function strictEquals(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, true, []);
}

function isPlainRecord(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value) || Array.isArray(value)) return false;
  return !(value instanceof Date || value instanceof RegExp || value instanceof Error || value instanceof Map || value instanceof Set);
}

/** toMatchObject rules: every property of `expected` must be matched, recursively; extra received properties are fine. */
export function matchesObject(received: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(received, equals);
  if (Array.isArray(expected)) {
    return Array.isArray(received) && received.length === expected.length && expected.every((item, i) => matchesObject(received[i], item));
  }
  if (isPlainRecord(expected)) {
    if (!isObject(received)) return false;
    const target = received as Record<PropertyKey, unknown>;
    return ownKeys(expected).every((key) => key in target && matchesObject(target[key], expected[key]));
  }
  return equals(received, expected);
}

/** Both arrays, or both plain-looking objects (what vitest's diff unwraps a container matcher's sample against). */
function sameContainer(a: unknown, b: unknown): boolean {
  const tag = Object.prototype.toString.call(a);
  return tag === Object.prototype.toString.call(b) && (tag === "[object Object]" || tag === "[object Array]");
}

/**
 * Rewrites both sides of a comparison so their diff shows only what matters:
 * an asymmetric matcher that accepts its received value shows that value, and with
 * `partial` (toMatchObject) received properties the expected value does not mention are left out.
 */
export function alignForDiff(expected: unknown, received: unknown, partial: boolean, depth = 0): [unknown, unknown] {
  if (depth > 12) return [expected, received];
  if (isAsymmetric(expected)) {
    if (expected.asymmetricMatch(received, equals)) return [received, received];
    // A container matcher that did not match shows its sample against the value, item by item, as vitest's diff does.
    const sample = (expected as { sample?: unknown }).sample;
    return sameContainer(sample, received) ? alignForDiff(sample, received, partial, depth + 1) : [expected, received];
  }
  if (Array.isArray(expected) && Array.isArray(received)) {
    const exp = [...expected];
    const rec = [...received];
    for (let i = 0; i < Math.min(exp.length, rec.length); i++) {
      [exp[i], rec[i]] = alignForDiff(expected[i], received[i], partial, depth + 1);
    }
    return [exp, rec];
  }
  if (isPlainRecord(expected) && isPlainRecord(received) && Object.getPrototypeOf(expected) === Object.getPrototypeOf(received)) {
    const exp: Record<PropertyKey, unknown> = {};
    const rec: Record<PropertyKey, unknown> = {};
    for (const key of ownKeys(expected)) {
      if (key in received) {
        [exp[key], rec[key]] = alignForDiff(expected[key], received[key], partial, depth + 1);
      } else {
        exp[key] = expected[key];
      }
    }
    for (const key of ownKeys(received)) {
      if (!(key in exp) && !partial) rec[key] = received[key];
    }
    return [exp, rec];
  }
  return [expected, received];
}
