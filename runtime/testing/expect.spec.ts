import { describe, expect as vexpect, it } from "vitest";
import { createExpect, ExpectationError } from "./expect";

const expect = createExpect();

/** Runs an assertion that must fail and returns its error. */
function failure(assertion: () => void): ExpectationError {
  try {
    assertion();
  } catch (error) {
    vexpect(error).toBeInstanceOf(ExpectationError);
    return error as ExpectationError;
  }
  throw new Error("the assertion passed but should have failed");
}

async function asyncFailure(assertion: () => Promise<void>): Promise<ExpectationError> {
  try {
    await assertion();
  } catch (error) {
    vexpect(error).toBeInstanceOf(ExpectationError);
    return error as ExpectationError;
  }
  throw new Error("the assertion passed but should have failed");
}

describe("toBe", () => {
  it("passes on the same value and fails with a Jest-like message", () => {
    expect("closed").toBe("closed");
    expect(NaN).toBe(NaN);
    const error = failure(() => expect("open").toBe("closed"));
    vexpect(error.message).toBe('expect(received).toBe(expected) // Object.is equality\n\nExpected: "closed"\nReceived: "open"');
    vexpect(error.matcher).toBe("toBe");
    vexpect(error.expected).toBe('"closed"');
    vexpect(error.actual).toBe('"open"');
  });
  it("points to toStrictEqual for equal but distinct objects", () => {
    vexpect(failure(() => expect({ a: 1 }).toBe({ a: 1 })).message).toContain('replace "toBe" with "toStrictEqual"');
  });
  it(".not fails on the same value", () => {
    expect(1).not.toBe(2);
    const error = failure(() => expect(3).not.toBe(3));
    vexpect(error.message).toBe("expect(received).not.toBe(expected) // Object.is equality\n\nExpected: not 3");
    vexpect(error.matcher).toBe("not.toBe");
  });
});

describe("toEqual / toStrictEqual", () => {
  it("compares deeply and ignores undefined properties", () => {
    expect({ a: 1, b: { c: [1, 2] }, gone: undefined }).toEqual({ a: 1, b: { c: [1, 2] } });
    expect(new Map([["k", { v: 1 }]])).toEqual(new Map([["k", { v: 1 }]]));
    expect(new Set([1, 2])).toEqual(new Set([2, 1]));
    expect(new Date(5)).toEqual(new Date(5));
    failure(() => expect({ a: 1 }).toEqual({ a: 2 }));
    failure(() => expect([1, 2]).toEqual([1, 2, 3]));
    failure(() => expect({ a: 1 }).not.toEqual({ a: 1 }));
  });
  it("handles cycles", () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    const b: Record<string, unknown> = { n: 1 };
    b.self = b;
    expect(a).toEqual(b);
  });
  it("toStrictEqual counts undefined properties and classes", () => {
    class Point {
      constructor(public x: number) {}
    }
    expect({ a: 1 }).toStrictEqual({ a: 1 });
    expect(new Point(1)).toEqual({ x: 1 });
    failure(() => expect(new Point(1)).toStrictEqual({ x: 1 }));
    failure(() => expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 }));
    failure(() => expect({ a: 1 }).not.toStrictEqual({ a: 1 }));
  });
  it("shows a readable line diff for a small object", () => {
    const error = failure(() => expect({ id: "T-1", status: "open", tags: ["a"] }).toEqual({ id: "T-1", status: "closed", tags: ["a"] }));
    const diff = [
      "- Expected",
      "+ Received",
      "",
      "  {",
      '    "id": "T-1",',
      '-   "status": "closed",',
      '+   "status": "open",',
      '    "tags": [',
      '      "a",',
      "    ],",
      "  }",
    ].join("\n");
    vexpect(error.diff).toBe(diff);
    vexpect(error.message).toBe(`expect(received).toEqual(expected) // deep equality\n\n${diff}`);
    vexpect(error.expected).toBe('{"id": "T-1", "status": "closed", "tags": ["a"]}');
  });
  it("diffs multi-line strings line by line", () => {
    const error = failure(() => expect("one\ntwo\nthree").toEqual("one\n2\nthree"));
    vexpect(error.diff).toBe("- Expected\n+ Received\n\n  one\n- 2\n+ two\n  three");
  });
});

describe("asymmetric matchers", () => {
  it("work inside toEqual", () => {
    expect({ id: 7, name: "x", at: new Date(0), list: [1, 2, 3] }).toEqual({
      id: expect.any(Number),
      name: expect.stringContaining("x"),
      at: expect.anything(),
      list: expect.arrayContaining([3, 1]),
    });
    expect({ code: "INVALID_INPUT" }).toEqual({ code: expect.stringMatching(/^INVALID/) });
    expect({ nested: { a: 1, b: 2 } }).toEqual({ nested: expect.objectContaining({ a: 1 }) });
    expect(() => 1).toEqual(expect.any(Function));
    expect(new TypeError("x")).toEqual(expect.any(Error));
  });
  it("fail inside toEqual when they do not match, and the diff hides what matched", () => {
    failure(() => expect({ id: "7" }).toEqual({ id: expect.any(Number) }));
    failure(() => expect({ v: null }).toEqual({ v: expect.anything() }));
    failure(() => expect([1, 2]).toEqual(expect.arrayContaining([3])));
    failure(() => expect("abc").toEqual(expect.stringMatching("z")));
    failure(() => expect({ a: 1 }).toEqual(expect.objectContaining({ a: 2 })));
    const error = failure(() => expect({ id: 7, status: "open" }).toEqual({ id: expect.any(Number), status: "closed" }));
    vexpect(error.diff).toContain('    "id": 7,');
    vexpect(error.diff).toContain('-   "status": "closed",');
    vexpect(error.expected).toContain("Any<Number>");
  });
  it("work inside toMatchObject", () => {
    expect({ id: 7, status: "open", extra: true }).toMatchObject({ id: expect.any(Number), status: "open" });
    failure(() => expect({ id: 7 }).toMatchObject({ id: expect.any(String) }));
  });
});

describe("toMatchObject", () => {
  it("checks a subset recursively", () => {
    expect({ a: 1, b: { c: 2, d: 3 }, e: [{ f: 1, g: 2 }] }).toMatchObject({ b: { c: 2 }, e: [{ f: 1 }] });
    failure(() => expect({ a: 1 }).toMatchObject({ a: 1, b: 2 }));
    failure(() => expect({ e: [1, 2] }).toMatchObject({ e: [1] }));
    failure(() => expect({ a: 1, b: 2 }).not.toMatchObject({ a: 1 }));
  });
  it("diffs only the properties that were asked for", () => {
    const error = failure(() => expect({ id: "T-2", closed: true, reason: "ok", at: 5 }).toMatchObject({ id: "T-2", closed: false }));
    vexpect(error.diff).toBe('- Expected\n+ Received\n\n  {\n-   "closed": false,\n+   "closed": true,\n    "id": "T-2",\n  }');
  });
  it("rejects a received value that is not an object", () => {
    vexpect(failure(() => expect(3).toMatchObject({})).message).toContain("Matcher error: received value must be a non-null object");
  });
});

describe("toContain / toContainEqual / toHaveLength", () => {
  it("toContain finds items by identity and substrings", () => {
    expect([1, 2, 3]).toContain(2);
    expect("hello world").toContain("o w");
    expect(new Set(["a"])).toContain("a");
    failure(() => expect([1, 2]).toContain(3));
    failure(() => expect("abc").toContain("d"));
    failure(() => expect([1, 2]).not.toContain(2));
    vexpect(failure(() => expect([{ a: 1 }]).toContain({ a: 1 })).message).toContain("toContainEqual");
  });
  it("toContainEqual compares by value", () => {
    expect([{ a: 1 }]).toContainEqual({ a: 1 });
    failure(() => expect([{ a: 1 }]).toContainEqual({ a: 2 }));
    failure(() => expect([{ a: 1 }]).not.toContainEqual({ a: 1 }));
  });
  it("toHaveLength", () => {
    expect([1, 2]).toHaveLength(2);
    expect("abc").toHaveLength(3);
    const error = failure(() => expect([1]).toHaveLength(2));
    vexpect(error.message).toContain("Expected length: 2\nReceived length: 1");
    failure(() => expect([1]).not.toHaveLength(1));
    vexpect(failure(() => expect(5).toHaveLength(1)).message).toContain("Matcher error");
    vexpect(failure(() => expect(5).not.toHaveLength(1)).message).toContain("Matcher error");
  });
});

describe("toHaveProperty", () => {
  const value = { a: { b: [{ c: 3 }] }, s: "text", u: undefined };
  it("follows dotted and bracket paths and arrays of keys", () => {
    expect(value).toHaveProperty("a.b[0].c");
    expect(value).toHaveProperty("a.b[0].c", 3);
    expect(value).toHaveProperty(["a", "b", 0, "c"], 3);
    expect(value).toHaveProperty("s.length", 4);
    expect(value).toHaveProperty("u");
    expect(value).not.toHaveProperty("a.x");
  });
  it("fails on a missing path or another value", () => {
    vexpect(failure(() => expect(value).toHaveProperty("a.x.y")).message).toContain('Received path: "a"');
    const error = failure(() => expect(value).toHaveProperty("a.b[0].c", 4));
    vexpect(error.message).toContain("Expected value: 4\nReceived value: 3");
    failure(() => expect(value).not.toHaveProperty("s"));
    failure(() => expect(value).not.toHaveProperty("s", "text"));
  });
});

describe("truthiness and nullishness", () => {
  it("pass and fail as in Jest", () => {
    expect(0).toBeDefined();
    expect(undefined).toBeUndefined();
    expect(null).toBeNull();
    expect("x").toBeTruthy();
    expect("").toBeFalsy();
    vexpect(failure(() => expect(undefined).toBeDefined()).message).toBe("expect(received).toBeDefined()\n\nReceived: undefined");
    failure(() => expect(1).toBeUndefined());
    failure(() => expect(undefined).toBeNull());
    failure(() => expect(0).toBeTruthy());
    failure(() => expect(1).toBeFalsy());
    failure(() => expect(1).not.toBeDefined());
    failure(() => expect(undefined).not.toBeUndefined());
    failure(() => expect(null).not.toBeNull());
    failure(() => expect(1).not.toBeTruthy());
    failure(() => expect(0).not.toBeFalsy());
  });
});

describe("number comparisons", () => {
  it("compare numbers and bigints", () => {
    expect(2).toBeGreaterThan(1);
    expect(2).toBeGreaterThanOrEqual(2);
    expect(1).toBeLessThan(2);
    expect(2n).toBeLessThanOrEqual(2n);
    vexpect(failure(() => expect(1).toBeGreaterThan(1)).message).toBe("expect(received).toBeGreaterThan(expected)\n\nExpected: > 1\nReceived: 1");
    failure(() => expect(1).toBeGreaterThanOrEqual(2));
    failure(() => expect(2).toBeLessThan(2));
    failure(() => expect(3).toBeLessThanOrEqual(2));
    failure(() => expect(3).not.toBeGreaterThan(2));
    vexpect(failure(() => expect("3").toBeGreaterThan(2)).message).toContain("Matcher error: received value must be a number");
  });
  it("toBeCloseTo uses the number of digits", () => {
    expect(0.1 + 0.2).toBeCloseTo(0.3);
    expect(1.23).toBeCloseTo(1.2, 1);
    failure(() => expect(1.23).toBeCloseTo(1.2));
    failure(() => expect(0.1 + 0.2).not.toBeCloseTo(0.3));
  });
});

describe("toMatch", () => {
  it("takes a substring or a RegExp", () => {
    expect("Ticket T-1 closed").toMatch("T-1");
    expect("Ticket T-1 closed").toMatch(/T-\d+/);
    failure(() => expect("abc").toMatch(/\d/));
    failure(() => expect("abc").toMatch("x"));
    failure(() => expect("abc").not.toMatch("b"));
    vexpect(failure(() => expect(1).toMatch("1")).message).toContain("received value must be a string");
  });
});

describe("toThrow", () => {
  const boom = () => {
    throw new TypeError("bad ticket id");
  };
  it("accepts no argument, a substring, a RegExp, an error class and an error", () => {
    expect(boom).toThrow();
    expect(boom).toThrow("ticket");
    expect(boom).toThrow(/ticket id$/);
    expect(boom).toThrow(TypeError);
    expect(boom).toThrow(new Error("bad ticket id"));
    expect(() => undefined).not.toThrow();
  });
  it("fails with what was thrown", () => {
    vexpect(failure(() => expect(() => undefined).toThrow()).message).toContain("Received function did not throw");
    const error = failure(() => expect(boom).toThrow("nope"));
    vexpect(error.message).toContain('Expected message to contain: "nope"');
    vexpect(error.message).toContain("Thrown: [TypeError: bad ticket id]");
    failure(() => expect(boom).toThrow(/^x/));
    failure(() => expect(boom).toThrow(RangeError));
    failure(() => expect(boom).toThrow(new Error("other")));
    failure(() => expect(boom).not.toThrow());
    failure(() => expect(boom).not.toThrow("ticket"));
    vexpect(failure(() => expect(5).toThrow()).message).toContain("received value must be a function");
  });
});

describe(".resolves / .rejects", () => {
  it("unwrap promises", async () => {
    await expect(Promise.resolve({ a: 1 })).resolves.toEqual({ a: 1 });
    await expect(Promise.resolve(1)).resolves.not.toBe(2);
    await expect(Promise.reject(new Error("nope"))).rejects.toThrow("nope");
    await expect(Promise.reject(new Error("nope"))).rejects.toEqual(expect.any(Error));
    await expect(async () => {
      throw new Error("from fn");
    }).rejects.toThrow(/from fn/);
  });
  it("fail when the promise settles the other way or the matcher fails", async () => {
    const wrongWay = await asyncFailure(() => expect(Promise.reject(new Error("x"))).resolves.toBe(1));
    vexpect(wrongWay.message).toContain("Received promise rejected instead of resolved");
    const other = await asyncFailure(() => expect(Promise.resolve(1)).rejects.toThrow());
    vexpect(other.message).toContain("Received promise resolved instead of rejected");
    const mismatch = await asyncFailure(() => expect(Promise.resolve(1)).resolves.toBe(2));
    vexpect(mismatch.message).toBe("expect(received).resolves.toBe(expected) // Object.is equality\n\nExpected: 2\nReceived: 1");
    vexpect(mismatch.matcher).toBe("resolves.toBe");
    await asyncFailure(() => expect(Promise.resolve(1)).resolves.not.toBe(1));
    await asyncFailure(() => expect(Promise.reject(new Error("a"))).rejects.not.toThrow("a"));
    vexpect((await asyncFailure(() => expect(5).resolves.toBe(5))).message).toContain("must be a promise");
  });
  it("keep the stack of the line that wrote the assertion", async () => {
    const error = await asyncFailure(() => expect(Promise.resolve(1)).resolves.toBe(2));
    vexpect(error.stack).toContain("expect.spec.ts");
  });
});

describe("an assertion's matchers", () => {
  it("are bound to their own assertion's value, read off it or destructured, through .not, .resolves and .rejects", async () => {
    const one = expect(1);
    const two = expect(2);
    const { toBe } = one;
    toBe(1);
    two.toBe(2);
    vexpect(failure(() => toBe(2)).message).toContain("Received: 1");
    const { toBe: notToBe } = two.not;
    notToBe(1);
    vexpect(failure(() => notToBe(2)).message).toContain("expect(received).not.toBe(expected)");
    const { toEqual } = expect(Promise.resolve({ a: 1 })).resolves;
    await toEqual({ a: 1 });
    const { toThrow } = expect(Promise.reject(new Error("nope"))).rejects.not;
    vexpect((await asyncFailure(() => toThrow("nope"))).matcher).toBe("rejects.not.toThrow");
  });

  it("include those added since, on assertions made after expect.extend", () => {
    const local = createExpect() as unknown as ((v: unknown) => Record<string, unknown>) & { extend: (m: object) => void };
    const before = local(3);
    local.extend({ toBeThree: (received: unknown) => ({ pass: received === 3, message: () => "not three" }) });
    vexpect(before).not.toHaveProperty("toBeThree");
    const after = local(3) as { toBeThree(): void; not: { toBeThree(): void } };
    after.toBeThree();
    vexpect(failure(() => after.not.toBeThree()).message).toContain("not three");
    // Replacing a matcher reaches assertions made before it, as a matcher is looked up when it runs.
    local.extend({ toBe: () => ({ pass: true }) });
    (before as { toBe(v: unknown): void }).toBe(4);
  });
});

describe("expect.extend", () => {
  it("adds matchers that honour .not and the failure format", () => {
    const local = createExpect();
    local.extend({
      toBeEven(received: unknown) {
        return { pass: typeof received === "number" && received % 2 === 0, message: () => `${String(received)} is odd`, expected: "even", actual: received };
      },
    });
    const withEven = local as unknown as (v: unknown) => { toBeEven(): void; not: { toBeEven(): void } };
    withEven(4).toBeEven();
    withEven(3).not.toBeEven();
    const error = failure(() => withEven(3).toBeEven());
    vexpect(error.message).toBe("expect(received).toBeEven(expected)\n\n3 is odd");
    vexpect(error.expected).toBe('"even"');
    failure(() => withEven(4).not.toBeEven());
    // The extension is per expect instance: another one does not see it.
    vexpect(createExpect()("x")).not.toHaveProperty("toBeEven");
  });
});
