// The compile cache behind SDK 1.x's answer check in the sandbox: the SDK's own provider over an Ajv whose `compile`
// is wrapped, so an equal schema compiles once and every answer is still checked, with Ajv's errors.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { cacheAjvCompiles, forgetMadeAjvs, schemaText, takeNewForms, warmForms } from "./ajv-compile-cache";

class CachedAjv extends Ajv {}
cacheAjvCompiles(CachedAjv);

// As the SDK configures its default Ajv (validation/ajv-provider.js).
const options = { strict: false, validateFormats: true, validateSchema: false, allErrors: true };
const cachedAjv = () => addFormats(new CachedAjv(options));

/** The lesson's form, built afresh on every call as a tool handler builds it. */
const form = () => ({
  type: "object" as const,
  properties: {
    priority: { type: "string", oneOf: [{ const: "p1" }, { const: "p2" }, { const: "p3" }] },
    area: { type: "string", enum: ["billing", "login", "outage", "other"] },
    affectedUsers: { type: "integer", minimum: 1, maximum: 10000, default: 1 },
    contactEmail: { type: "string", format: "email" },
  },
  required: ["priority", "area"],
});

describe("Ajv compiles in the sandbox's SDK 1.x", () => {
  test("an equal schema built afresh compiles once per Ajv; plain Ajv compiles it again", () => {
    const ajv = cachedAjv();
    expect(ajv.compile(form())).toBe(ajv.compile(form()));
    const plain = addFormats(new Ajv(options));
    expect(plain.compile(form())).not.toBe(plain.compile(form()));
  });

  test("the SDK's provider still checks every answer against the cached form, with Ajv's own messages", () => {
    const provider = new AjvJsonSchemaValidator(cachedAjv());
    for (let round = 0; round < 3; round++) {
      expect(provider.getValidator(form())({ priority: "p1", area: "billing" }).valid).toBe(true);
      const bad = provider.getValidator(form())({ priority: "p1", area: "billing", contactEmail: "ann@example" });
      expect(bad).toMatchObject({ valid: false, errorMessage: 'data/contactEmail must match format "email"' });
      expect(provider.getValidator(form())({ priority: "p9", area: "billing", affectedUsers: 0 }).valid).toBe(false);
    }
  });

  test("schemas that differ in any value get their own validator; each Ajv keeps its own", () => {
    const ajv = cachedAjv();
    const narrower = form();
    narrower.properties.affectedUsers.maximum = 10;
    expect(ajv.compile(narrower)).not.toBe(ajv.compile(form()));
    expect(ajv.compile(narrower)({ priority: "p1", area: "login", affectedUsers: 50 })).toBe(false);
    expect(ajv.compile(form())({ priority: "p1", area: "login", affectedUsers: 50 })).toBe(true);
    expect(cachedAjv().compile(form())).not.toBe(ajv.compile(form()));
  });

  test("a schema its text cannot stand for is compiled as Ajv would: non-JSON values, cycles, $id", () => {
    expect(schemaText({ type: "string", pattern: /a/ })).toBeUndefined();
    expect(schemaText({ type: "string", default: undefined })).toBeUndefined();
    expect(schemaText({ type: "string", title: () => "x" })).toBeUndefined();
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.self = cyclic;
    expect(schemaText(cyclic)).toBeUndefined();
    expect(schemaText({ $id: "https://example.com/form", type: "object" })).toBeUndefined();
    expect(schemaText(form())).toBe(schemaText(form()));
    // Ajv refuses a second schema with the same $id; the cache must not hide that.
    const ajv = cachedAjv();
    ajv.compile({ $id: "https://example.com/form", type: "object" });
    expect(() => ajv.compile({ $id: "https://example.com/form", type: "object" })).toThrow(/already exists/);
  });

  test("past 64 forms the oldest is compiled again, so a server asking endless forms cannot grow the cache", () => {
    const ajv = cachedAjv();
    const nth = (n: number) => ({ type: "object", properties: { [`field${n}`]: { type: "string" } } });
    const first = ajv.compile(nth(0));
    for (let n = 1; n <= 64; n++) ajv.compile(nth(n));
    expect(ajv.compile(nth(0))).not.toBe(first);
    expect(ajv.compile(nth(64))).toBe(ajv.compile(nth(64)));
  });
});

describe("forms compiled ahead (for the next instances of a build)", () => {
  test("a form's first compile is reported once; compiled ahead, the SDK's provider finds it and still checks with it", () => {
    takeNewForms();
    const ajv = cachedAjv();
    const provider = new AjvJsonSchemaValidator(ajv);
    expect(provider.getValidator(form())({ priority: "p1", area: "billing" }).valid).toBe(true);
    expect(takeNewForms()).toEqual([schemaText(form())]);
    provider.getValidator(form());
    expect(takeNewForms()).toEqual([]);
    // A new process of the same build: its Ajv compiles the reported form ahead, and reports nothing of it.
    forgetMadeAjvs();
    const next = cachedAjv();
    expect(warmForms([schemaText(form())!])).toBe(1);
    expect(takeNewForms()).toEqual([]);
    const nextProvider = new AjvJsonSchemaValidator(next);
    const bad = nextProvider.getValidator(form())({ priority: "p1", area: "billing", contactEmail: "ann@example" });
    expect(bad).toMatchObject({ valid: false, errorMessage: 'data/contactEmail must match format "email"' });
    expect(takeNewForms()).toEqual([]);
  });

  test("a form compiled ahead is still taken ahead after the server compiled another form itself", () => {
    forgetMadeAjvs();
    const ajv = cachedAjv();
    expect(warmForms([schemaText(form())!])).toBe(1);
    const other = { type: "object", properties: { note: { type: "string" } } };
    expect(ajv.compile(other)({ note: "hi" })).toBe(true);
    expect(takeNewForms()).toEqual([schemaText(other)]);
    // Taken ahead, the form is not reported as compiled for the first time, and still checks with the format.
    expect(ajv.compile(form())({ priority: "p1", area: "billing", contactEmail: "ann@example" })).toBe(false);
    expect(takeNewForms()).toEqual([]);
  });

  test("a schema with an $id compiled since the form was compiled ahead is a change: the form compiles again", () => {
    forgetMadeAjvs();
    const changed = cachedAjv();
    expect(warmForms([schemaText(form())!])).toBe(1);
    changed.compile({ $id: "https://example.com/area", type: "string" });
    changed.compile(form());
    expect(takeNewForms()).toEqual([schemaText(form())]);
  });

  test("an Ajv changed after its form was compiled ahead compiles it again, with the change", () => {
    forgetMadeAjvs();
    const changed = cachedAjv();
    expect(warmForms([schemaText(form())!])).toBe(1);
    changed.addFormat("email", /^[^@]+@example$/);
    // The form compiled ahead knows only the standard email format, which refuses this address.
    expect(changed.compile(form())({ priority: "p1", area: "billing", contactEmail: "ann@example" })).toBe(true);
    expect(takeNewForms()).toEqual([schemaText(form())]);
  });

  test("a schema removed and another added under its key since: the key moves to the end of Ajv's table, the form compiles again", () => {
    forgetMadeAjvs();
    const changed = cachedAjv();
    const META = "http://json-schema.org/draft-07/schema";
    const described = { type: "object", properties: { shape: { $ref: `${META}#` } } };
    expect(warmForms([schemaText(described)!])).toBe(1);
    changed.removeSchema(META);
    changed.addMetaSchema({ $id: META, type: "boolean" });
    // The form compiled ahead holds draft-07's meta-schema, which takes any object.
    expect(changed.compile(described)({ shape: {} })).toBe(false);
    expect(takeNewForms()).toEqual([schemaText(described)]);
  });

  test("a keyword removed and added again with another definition since: its name is the same, the form compiles again", () => {
    forgetMadeAjvs();
    const even = { keyword: "even", type: "number" as const, validate: (on: boolean, n: number) => !on || n % 2 === 0 };
    const changed = cachedAjv().addKeyword(even);
    const counted = { type: "object", properties: { affectedUsers: { type: "integer", even: true } } };
    expect(warmForms([schemaText(counted)!])).toBe(1);
    changed.removeKeyword("even");
    changed.addKeyword({ ...even, validate: (on: boolean, n: number) => !on || n % 2 === 1 });
    // The form compiled ahead holds the first rule, which refuses 3.
    expect(changed.compile(counted)({ affectedUsers: 3 })).toBe(true);
    expect(takeNewForms()).toEqual([schemaText(counted)]);
  });
});
