import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { argumentsDigest, newStateId } from "./request-state";

describe("state ids", () => {
  test("are 96 bits in base64url, and none repeats across many refills of the random pool", () => {
    const ids = Array.from({ length: 5000 }, newStateId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("argumentsDigest", () => {
  test("is the first 22 characters of the SHA-256 of the arguments as canonical JSON (key order sorted)", () => {
    const canonical = JSON.stringify({ a: [1, { x: 1, y: 2 }], b: "two" });
    const expected = createHash("sha256").update(canonical).digest("base64url").slice(0, 22);
    expect(argumentsDigest({ b: "two", a: [1, { y: 2, x: 1 }] })).toBe(expected);
    expect(argumentsDigest(undefined)).toBe(createHash("sha256").update("{}").digest("base64url").slice(0, 22));
    expect(argumentsDigest({ b: "two" })).not.toBe(expected);
  });
});
