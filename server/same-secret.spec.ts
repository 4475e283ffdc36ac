// sameSecret answers equal or not for any two strings, and never throws: a stored value of the wrong shape is "not
// the same", not a 500.
import { describe, expect, test } from "vitest";
import { hashKey } from "./rooms/codes";
import { sameSecret } from "./same-secret";

describe("sameSecret", () => {
  test("equal secrets are the same; one differing character anywhere, or a different length, is not", () => {
    const hash = hashKey("teacher key");
    expect(sameSecret(hash, hashKey("teacher key"))).toBe(true);
    expect(sameSecret(hash, hashKey("teacher kez"))).toBe(false);
    expect(sameSecret(hash, `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`)).toBe(false);
    expect(sameSecret(hash, hash.slice(0, -1))).toBe(false);
    expect(sameSecret("", "")).toBe(true);
  });

  test("strings of one length but different byte lengths are not the same, and do not throw", () => {
    // One character each, two bytes against one in UTF-8: a check of string lengths passes them to timingSafeEqual.
    expect(sameSecret("é", "e")).toBe(false);
    expect(sameSecret("e", "é")).toBe(false);
    expect(sameSecret("é", "é")).toBe(true);
  });
});
