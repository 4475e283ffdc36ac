// What ajv-internals.ts relies on in Ajv's private state, checked against the installed version: each test changes
// an Ajv through its public API and expects the private read to see it, so an upgrade that moves one fails here.
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { addKeywordsOf, formatsOf, onEveryAjv, stateOf } from "./ajv-internals";

class NotedAjv extends Ajv {}
const noted: Ajv[] = [];
onEveryAjv(NotedAjv, (ajv) => noted.push(ajv));

describe("Ajv's private state", () => {
  test("every instance is noted as its constructor ends", () => {
    const ajv = new NotedAjv();
    expect(noted.at(-1)).toBe(ajv);
    new Ajv();
    expect(noted.at(-1)).toBe(ajv);
  });

  test("formats are the very objects added", () => {
    const ajv = new Ajv();
    const format = { validate: (s: string) => s.length > 2 };
    ajv.addFormat("long", format);
    expect(formatsOf(ajv).long).toBe(format);
  });

  test("keywords added after construction come with their definitions, for another Ajv to add", () => {
    const ajv = addFormats(new Ajv());
    const twin = new Ajv();
    twin.addFormat("date", formatsOf(ajv).date);
    const schema = { type: "string", format: "date", formatMinimum: "2026-01-01" };
    expect(() => twin.compile(schema)).toThrow();
    addKeywordsOf(ajv, twin);
    expect(twin.compile(schema)("2025-06-01")).toBe(false);
    expect(twin.compile(schema)("2026-06-01")).toBe(true);
  });

  test("the state changes with options, formats, keywords and schemas; a compile of a schema without $id adds no schema or rule", () => {
    const ajv = new Ajv();
    const before = stateOf(ajv);
    ajv.compile({ type: "object" });
    const after = stateOf(ajv);
    for (const key of ["formats", "rules"] as const) {
      expect(after[key]).toHaveLength(before[key].length);
      after[key].forEach((value, i) => expect(value).toBe(before[key][i]));
    }
    expect([after.keywords, after.schemas]).toEqual([before.keywords, before.schemas]);
    const same = (a: Ajv) => stateOf(a);
    const withFormat = new Ajv();
    withFormat.addFormat("long", /.../);
    expect(same(withFormat).formats).not.toEqual(same(new Ajv()).formats);
    const withKeyword = new Ajv();
    withKeyword.addKeyword("x-note");
    expect(same(withKeyword).keywords).not.toBe(same(new Ajv()).keywords);
    const withSchema = new Ajv();
    withSchema.addSchema({ $id: "https://example.com/s", type: "string" });
    expect(same(withSchema).schemas).not.toBe(same(new Ajv()).schemas);
    expect(same(new Ajv({ allErrors: true })).opts).not.toEqual(same(new Ajv()).opts);
  });
});
