// The remembered digests must be the digests: every answer (first time, from the table, after the table forgot it,
// for a question too long to keep) is the SHA-256 prefix of that very text, and the table stays within its bound.
import { createHash } from "node:crypto";
import { describe, expect, test, vi } from "vitest";

const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  return {
    ...crypto,
    createHash: (...args: Parameters<typeof crypto.createHash>) => {
      hashed.count++;
      return crypto.createHash(...args);
    },
  };
});

const { questionDigest, rememberedQuestions, REMEMBERED_QUESTIONS, REMEMBERED_QUESTION_CHARS } = await import("./question-digest");

const expected = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);
const question = (n: number) => JSON.stringify({ mode: "form", message: `Which ticket, ${n}? ✓ \ud83d\ude00`, requestedSchema: { type: "object" } });

describe("questionDigest", () => {
  test("a question asked again is hashed once, and answered with the same digest", () => {
    const before = hashed.count;
    const first = questionDigest(question(1));
    const again = [questionDigest(question(1)), questionDigest(question(1))];
    // One hash for the digest, and the spec's own for the comparison.
    expect(hashed.count - before).toBe(1);
    expect([first, ...again]).toEqual([expected(question(1)), expected(question(1)), expected(question(1))]);
  });

  test("different questions, even a character apart, get their own digests", () => {
    const texts = [question(2), `${question(2)} `, question(3), "", "\ud800"];
    const digests = texts.map(questionDigest);
    expect(digests).toEqual(texts.map(expected));
    expect(new Set(digests).size).toBe(texts.length);
  });

  test("the table stays within its bound, and a question it forgot is hashed again to the same digest", () => {
    for (let n = 0; n < REMEMBERED_QUESTIONS * 2; n++) expect(questionDigest(question(1000 + n))).toBe(expected(question(1000 + n)));
    expect(rememberedQuestions()).toBe(REMEMBERED_QUESTIONS);
    const before = hashed.count;
    // The first of those was forgotten first; the last is still there.
    expect(questionDigest(question(1000))).toBe(expected(question(1000)));
    expect(questionDigest(question(1000 + REMEMBERED_QUESTIONS * 2 - 1))).toBe(expected(question(1000 + REMEMBERED_QUESTIONS * 2 - 1)));
    expect(hashed.count - before).toBe(1 + 2);
    expect(rememberedQuestions()).toBe(REMEMBERED_QUESTIONS);
  });

  test("a question longer than the table keeps is hashed every time", () => {
    const long = `{"message":"${"x".repeat(REMEMBERED_QUESTION_CHARS)}"}`;
    const before = hashed.count;
    expect([questionDigest(long), questionDigest(long)]).toEqual([expected(long), expected(long)]);
    expect(hashed.count - before).toBe(2 + 2);
  });
});
