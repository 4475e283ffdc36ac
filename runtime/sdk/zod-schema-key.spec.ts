// The form cache's key (zod-schema-key.ts) against zod's own converter: equal keys only ever stand for equal JSON
// Schemas, a form built again gets the key it had, and what the key cannot write down gets none (and is converted as
// before). zodToFormSchema with the cache answers exactly what a fresh conversion answers.
import { describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { wireJsonSchema } from "./json-schema";
import { checkFormSchema, zodToFormSchema } from "./form-schema";
import { zodSchemaKey } from "./zod-schema-key";

// The conversion, counted (and otherwise zod's own): the cache's map is module state, so what it holds is seen as
// which forms zodToFormSchema converts again.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock("./json-schema", async (importOriginal) => {
  const real = await importOriginal<typeof import("./json-schema")>();
  return {
    ...real,
    wireJsonSchema: (schema: Parameters<typeof real.wireJsonSchema>[0]) => {
      conversions.count++;
      return real.wireJsonSchema(schema);
    },
  };
});

const shared = z.boolean();

/** Forms as tools write them, each built anew on every call, with neighbours that differ in one detail. */
const forms: Record<string, () => z.ZodType> = {
  confirm: () => z.object({ confirm: z.boolean().describe("Tick to close the ticket") }),
  "confirm, other description": () => z.object({ confirm: z.boolean().describe("Tick to delete the ticket") }),
  "confirm, no description": () => z.object({ confirm: z.boolean() }),
  "confirm, other name": () => z.object({ ok: z.boolean().describe("Tick to close the ticket") }),
  "confirm, title by meta": () => z.object({ confirm: z.boolean().meta({ title: "Close it?" }) }),
  "confirm, title and description": () => z.object({ confirm: z.boolean().meta({ title: "Close it?", description: "Tick" }) }),
  "confirm, description then title": () => z.object({ confirm: z.boolean().describe("Tick").meta({ title: "Close it?" }) }),
  "confirm, default false": () => z.object({ confirm: z.boolean().default(false) }),
  "confirm, default true": () => z.object({ confirm: z.boolean().default(true) }),
  "confirm, default then description": () => z.object({ confirm: z.boolean().default(true).describe("Send the email") }),
  "confirm, description then default": () => z.object({ confirm: z.boolean().describe("Send the email").default(true) }),
  "confirm, optional": () => z.object({ confirm: z.boolean().optional() }),
  "confirm, optional described outside": () => z.object({ confirm: z.boolean().optional().describe("Tick") }),
  "confirm, optional described inside": () => z.object({ confirm: z.boolean().describe("Tick").optional() }),
  "strict object": () => z.strictObject({ confirm: z.boolean() }),
  "loose object": () => z.looseObject({ confirm: z.boolean() }),
  "described object": () => z.object({ confirm: z.boolean() }).describe("Confirm"),
  "two fields": () => z.object({ a: z.boolean(), b: z.string() }),
  "two fields, other order": () => z.object({ b: z.string(), a: z.boolean() }),
  "one instance twice": () => z.object({ a: shared, b: shared }),
  "two instances": () => z.object({ a: z.boolean(), b: z.boolean() }),
  agent: () => z.object({ agent: z.enum(["ana", "bo"]).describe("The agent") }),
  "agent, other order": () => z.object({ agent: z.enum(["bo", "ana"]).describe("The agent") }),
  "agent, more": () => z.object({ agent: z.enum(["ana", "bo", "cy"]).describe("The agent") }),
  "agent, default": () => z.object({ agent: z.enum(["ana", "bo"]).default("bo") }),
  "agent as string": () => z.object({ agent: z.string().describe("The agent") }),
  "name min 1": () => z.object({ name: z.string().min(1) }),
  "name min 2": () => z.object({ name: z.string().min(2) }),
  "name min 1 max 40": () => z.object({ name: z.string().min(1).max(40) }),
  "name max 40 min 1": () => z.object({ name: z.string().max(40).min(1) }),
  "name min 1, message": () => z.object({ name: z.string().min(1, "Say who") }),
  "name length 3": () => z.object({ name: z.string().length(3) }),
  email: () => z.object({ email: z.email() }),
  "email method": () => z.object({ email: z.string().email() }),
  url: () => z.object({ site: z.url() }),
  date: () => z.object({ day: z.iso.date() }),
  "date-time": () => z.object({ at: z.iso.datetime() }),
  "number 1 to 5": () => z.object({ n: z.number().min(1).max(5) }),
  "number 1 to 6": () => z.object({ n: z.number().min(1).max(6) }),
  "number greater than 1": () => z.object({ n: z.number().gt(1) }),
  "int 1 to 5": () => z.object({ n: z.number().int().min(1).max(5) }),
  "z.int 1 to 5": () => z.object({ n: z.int().min(1).max(5) }),
  "int default 3": () => z.object({ n: z.int().min(1).max(5).default(3) }),
  "int default 4": () => z.object({ n: z.int().min(1).max(5).default(4) }),
  "number -0 default": () => z.object({ n: z.number().default(-0) }),
  "number 0 default": () => z.object({ n: z.number().default(0) }),
  "multi-select": () => z.object({ tags: z.array(z.enum(["a", "b"])).min(1) }),
  "multi-select max": () => z.object({ tags: z.array(z.enum(["a", "b"])).max(1) }),
  "string default with quotes": () => z.object({ note: z.string().default('say "hi"') }),
  "string default looking like a key": () => z.object({ note: z.string().default("s3:abc") }),
  nested: () => z.object({ contact: z.object({ name: z.string() }) }),
  "nested, other": () => z.object({ contact: z.object({ phone: z.string() }) }),
  nullable: () => z.object({ note: z.string().nullable() }),
  literal: () => z.object({ kind: z.literal("bug") }),
  "literal, other": () => z.object({ kind: z.literal("idea") }),
  "array default": () => z.object({ tags: z.array(z.string()).default(["x"]) }),
  "array default, other": () => z.object({ tags: z.array(z.string()).default(["y"]) }),
};

const converted = (schema: z.ZodType) => JSON.stringify(wireJsonSchema(schema));

describe("the key of a zod form", () => {
  test("a form built again has the key it had, and converts to the same JSON Schema", () => {
    for (const [name, build] of Object.entries(forms)) {
      const [a, b] = [build(), build()];
      expect(zodSchemaKey(a), name).toBeDefined();
      expect(zodSchemaKey(a), name).toBe(zodSchemaKey(b));
      expect(converted(a), name).toBe(converted(b));
    }
  });

  test("equal keys only ever stand for equal JSON Schemas (every pair of the forms above)", () => {
    const byKey = new Map<string, { name: string; json: string }>();
    for (const [name, build] of Object.entries(forms)) {
      const schema = build();
      const key = zodSchemaKey(schema);
      if (key === undefined) throw new Error(`${name} has no key`);
      const json = converted(schema);
      const other = byKey.get(key);
      if (other) expect(json, `${name} shares its key with ${other.name}`).toBe(other.json);
      byKey.set(key, { name, json });
    }
  });

  test("a custom message gives the same key as none: the converter never reads it", () => {
    const plain = z.object({ name: z.string().min(1) });
    const worded = z.object({ name: z.string().min(1, "Say who") });
    expect(zodSchemaKey(worded)).toBe(zodSchemaKey(plain));
    expect(converted(worded)).toBe(converted(plain));
  });

  test("metadata changed after the form was built changes the key", () => {
    const meta: Record<string, unknown> = { description: "Tick" };
    const schema = z.object({ confirm: z.boolean().meta(meta) });
    const before = zodSchemaKey(schema);
    meta.description = "Tick to delete";
    expect(zodSchemaKey(schema)).not.toBe(before);
  });

  test("what the key cannot write down gives no key", () => {
    const unkeyable: Record<string, z.ZodType> = {
      refinement: z.object({ name: z.string().refine((v) => v.length > 1) }),
      transform: z.object({ name: z.string().transform((v) => v.trim()) }),
      lazy: z.object({ name: z.lazy(() => z.string()) }),
      "date default": z.object({ at: z.date().default(new Date(0)) }),
      "map metadata": z.object({ a: z.boolean().meta({ examples: [new Map()] }) }),
    };
    for (const [name, schema] of Object.entries(unkeyable)) expect(zodSchemaKey(schema), name).toBeUndefined();
  });

  test("a replaced registry lookup gives no key", () => {
    const registry = z.globalRegistry as unknown as { get: (schema: unknown) => unknown };
    const schema = z.object({ confirm: z.boolean().describe("Tick") });
    expect(zodSchemaKey(schema)).toBeDefined();
    registry.get = () => ({ description: "changed" });
    try {
      expect(zodSchemaKey(schema)).toBeUndefined();
    } finally {
      delete (registry as { get?: unknown }).get;
    }
    expect(zodSchemaKey(schema)).toBeDefined();
  });
});

describe("zodToFormSchema with its cache", () => {
  test("answers what a fresh conversion answers, the first time and after", () => {
    // What zodToFormSchema made of a form before it had a cache.
    const fresh = (schema: z.ZodType) => ({ ...checkFormSchema(wireJsonSchema(schema)), additionalProperties: false });
    for (const [name, build] of Object.entries(forms)) {
      let expected: unknown;
      try {
        expected = fresh(build());
        // zodToFormSchema also checks the flat-form rule; a form it refuses it refuses every time.
        zodToFormSchema(build());
      } catch (error) {
        expect(() => zodToFormSchema(build()), name).toThrow((error as Error).message);
        continue;
      }
      for (let i = 0; i < 3; i++) expect(JSON.stringify(zodToFormSchema(build())), name).toBe(JSON.stringify(expected));
    }
  });

  test("a form taken from the cache is a copy of its own: changing one changes no later one", () => {
    const build = () => z.object({ confirm: z.boolean().describe("Tick to close the ticket") });
    const first = zodToFormSchema(build());
    first.properties.confirm.description = "changed";
    (first.required as string[]).push("extra");
    expect(zodToFormSchema(build()).properties.confirm.description).toBe("Tick to close the ticket");
    expect(zodToFormSchema(build()).required).toEqual(["confirm"]);
  });

  test("a form built again is not converted again; past 32 forms the oldest is, and each still answers right", () => {
    const nth = (i: number) => z.object({ pick: z.enum([`bound-a${i}`, `bound-b${i}`]) });
    /** How many conversions zodToFormSchema ran for the form, after checking its answer. */
    const conversionsFor = (i: number) => {
      const before = conversions.count;
      expect(zodToFormSchema(nth(i)).properties.pick.enum).toEqual([`bound-a${i}`, `bound-b${i}`]);
      return conversions.count - before;
    };
    expect(conversionsFor(0)).toBe(1);
    expect(conversionsFor(0)).toBe(0);
    for (let i = 1; i <= 32; i++) expect(conversionsFor(i), `form ${i}`).toBe(1);
    // A tool making a new form every call: the map keeps the newest 32, so the first was dropped and the last kept.
    expect(conversionsFor(0)).toBe(1);
    expect(conversionsFor(32)).toBe(0);
  });
});
