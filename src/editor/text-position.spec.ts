import { describe, expect, it } from "vitest";
import { offsetOf } from "./text-position";

describe("offsetOf", () => {
  const text = "first\nsecond line\n\nlast";

  it("finds a line and column", () => {
    expect(text.slice(offsetOf(text, 1, 1))).toBe(text);
    expect(text.slice(offsetOf(text, 2, 8))).toMatch(/^line\n/);
    expect(text.slice(offsetOf(text, 4, 2))).toBe("ast");
  });

  it("keeps a column past the line's end on that line", () => {
    expect(offsetOf(text, 1, 99)).toBe(5);
    expect(offsetOf(text, 3, 4)).toBe(text.indexOf("\n\n") + 1);
  });

  it("puts a line past the end at the end of the text", () => {
    expect(offsetOf(text, 9, 1)).toBe(text.length);
    expect(offsetOf(text, 4, 99)).toBe(text.length);
  });
});
