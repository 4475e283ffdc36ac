import { describe, expect, test } from "vitest";
import { describeSize, jsonText } from "./json-size";

describe("JSON size for the tree view", () => {
  test("small values are shown whole", () => {
    expect(describeSize({ a: 1, b: [1, 2, { c: "x" }] }).large).toBe(false);
    expect(describeSize(null).large).toBe(false);
  });

  test("200,000 keys, a huge array or a very long string are large, and say how large", () => {
    const keys = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    expect(describeSize(keys)).toEqual({ large: true, summary: "200,000 keys at the top" });
    expect(describeSize(Array.from({ length: 5000 }, () => ({}))).summary).toBe("5,000 items");
    expect(describeSize("x".repeat(300_000)).summary).toBe("a 300,000-character string");
    // Deep rather than wide: many small nested objects add up too.
    expect(describeSize(Array.from({ length: 100 }, () => Array.from({ length: 30 }, () => 1))).large).toBe(true);
  });

  test("show-all text is pretty-printed unless it would be enormous", () => {
    expect(jsonText({ a: 1 })).toBe('{\n  "a": 1\n}');
    const huge = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`key-${i}`, `value-${i}`]));
    expect(jsonText(huge)).toBe(JSON.stringify(huge));
  });
});
