// The flat form-mode schema rule of MCP elicitation: checking a schema and validating answers against it.
import { z } from "zod";
import { setBounded } from "../bounded-table";
import { ToolFailure } from "./errors";
import { wireJsonSchema } from "./json-schema";
import { zodSchemaKey } from "./zod-schema-key";

export type FormSchema = {
  $schema?: string;
  type: "object";
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties?: boolean;
};

const STRING_FORMATS = new Set(["email", "uri", "date", "date-time"]);
const KEYS: Record<string, Set<string>> = {
  string: new Set(["type", "title", "description", "minLength", "maxLength", "format", "default", "enum", "enumNames", "oneOf"]),
  number: new Set(["type", "title", "description", "minimum", "maximum", "default"]),
  boolean: new Set(["type", "title", "description", "default"]),
  array: new Set(["type", "title", "description", "minItems", "maxItems", "items", "default", "uniqueItems"]),
};

function invalid(field: string, rule: string): never {
  throw new ToolFailure(
    `elicit(): the form field "${field}" breaks the flat-schema rule: ${rule}. ` +
      "A form may only hold strings, numbers, integers, booleans and enums, one level deep.",
    "INVALID_SCHEMA",
  );
}

function isTitledOption(o: unknown): o is { const: string; title?: string } {
  return typeof o === "object" && o !== null && typeof (o as { const?: unknown }).const === "string";
}

function checkProperty(field: string, p: Record<string, unknown>): Record<string, unknown> {
  const type = p.type;
  if (typeof type !== "string" || !(type === "integer" || type in KEYS)) {
    if (type === "object") invalid(field, "nested objects are not allowed");
    invalid(field, `type ${JSON.stringify(type ?? "missing")} is not allowed (use string, number, integer, boolean or an array of enum strings)`);
  }
  const kind = type === "integer" ? "number" : type;
  const out: Record<string, unknown> = { ...p };
  // zod adds a regex next to its string formats; the format alone is what a form needs.
  if (kind === "string" && typeof p.format === "string" && "pattern" in p) delete out.pattern;
  for (const key of Object.keys(out)) {
    if (!KEYS[kind].has(key)) {
      if (key === "pattern") invalid(field, "regular expressions (pattern / .regex()) are not allowed");
      if (key === "exclusiveMinimum" || key === "exclusiveMaximum") invalid(field, "exclusive bounds are not allowed; use minimum / maximum");
      invalid(field, `the keyword "${key}" is not allowed on a ${type} field`);
    }
  }
  if (kind === "string") {
    if (p.format !== undefined && !STRING_FORMATS.has(String(p.format)))
      invalid(field, `format "${String(p.format)}" is not allowed (email, uri, date or date-time)`);
    if (p.enum !== undefined && !(Array.isArray(p.enum) && p.enum.every((v) => typeof v === "string"))) invalid(field, "enum values must be strings");
    if (p.oneOf !== undefined && !(Array.isArray(p.oneOf) && p.oneOf.every(isTitledOption))) invalid(field, "oneOf must list { const, title } options");
  }
  if (kind === "array") {
    const items = p.items as Record<string, unknown> | undefined;
    const plain = items && items.type === "string" && Array.isArray(items.enum);
    const titled = items && Array.isArray(items.anyOf) && (items.anyOf as unknown[]).every(isTitledOption);
    if (!plain && !titled) invalid(field, 'arrays are only allowed as multi-select enums (items: { type: "string", enum } or { anyOf: [{ const, title }] })');
  }
  return out;
}

/** Checks a form schema and returns the copy that goes on the wire. Throws INVALID_SCHEMA naming the field. */
export function checkFormSchema(schema: unknown): FormSchema {
  const s = schema as FormSchema;
  if (!s || typeof s !== "object" || s.type !== "object" || typeof s.properties !== "object" || s.properties === null)
    throw new ToolFailure('elicit(): the schema must be an object schema ({ type: "object", properties }) or a z.object({...})', "INVALID_SCHEMA");
  const properties: FormSchema["properties"] = {};
  for (const [field, p] of Object.entries(s.properties)) properties[field] = checkProperty(field, (p ?? {}) as Record<string, unknown>);
  const out: FormSchema = { ...s, properties };
  if (s.required !== undefined) out.required = [...s.required];
  return out;
}

/**
 * Wire schemas of the forms this VM has converted, as JSON text by their zod schema's key (zod-schema-key.ts): a
 * tool builds its form anew on every call, and each round converts it (the answered round too, for its digest), so
 * in the interpreter the conversion was the largest part of a round. Module state of this VM's runtime: learner
 * code cannot reach it and no other VM shares it. A few forms per project; the bound only keeps a tool that makes a
 * new form every call from growing the map.
 */
const converted = new Map<string, string>();
const MAX_CONVERTED = 32;

/** zod object → the wire schema: input view (a field with a default is not required), closed to extra keys. */
export function zodToFormSchema(schema: z.ZodType): FormSchema {
  const key = zodSchemaKey(schema);
  const known = key === undefined ? undefined : converted.get(key);
  if (known !== undefined) return JSON.parse(known) as FormSchema;
  const checked = checkFormSchema(wireJsonSchema(schema));
  const text = JSON.stringify({ ...checked, additionalProperties: false });
  if (key !== undefined) setBounded(converted, key, text, MAX_CONVERTED);
  // Parsed back from its text on every path, so a form converted now and one taken from the map are alike.
  return JSON.parse(text) as FormSchema;
}

function optionValues(p: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(p.enum)) return p.enum as string[];
  if (Array.isArray(p.oneOf)) return (p.oneOf as { const: string }[]).map((o) => o.const);
  return undefined;
}

const FORMAT_TESTS: Record<string, (v: string) => boolean> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  "date-time": (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
};

function fieldProblem(p: Record<string, unknown>, v: unknown): string | undefined {
  const type = p.type;
  if (type === "string") {
    if (typeof v !== "string") return "must be a string";
    const options = optionValues(p);
    if (options && !options.includes(v)) return `must be one of ${options.map((o) => JSON.stringify(o)).join(", ")}`;
    if (typeof p.minLength === "number" && v.length < p.minLength) return `must be at least ${p.minLength} characters`;
    if (typeof p.maxLength === "number" && v.length > p.maxLength) return `must be at most ${p.maxLength} characters`;
    if (typeof p.format === "string" && FORMAT_TESTS[p.format] && !FORMAT_TESTS[p.format](v)) return `must be a valid ${p.format}`;
    return undefined;
  }
  if (type === "number" || type === "integer") {
    if (typeof v !== "number" || !Number.isFinite(v)) return `must be a ${type}`;
    if (type === "integer" && !Number.isInteger(v)) return "must be an integer";
    if (typeof p.minimum === "number" && v < p.minimum) return `must be at least ${p.minimum}`;
    if (typeof p.maximum === "number" && v > p.maximum) return `must be at most ${p.maximum}`;
    return undefined;
  }
  if (type === "boolean") return typeof v === "boolean" ? undefined : "must be true or false";
  if (type === "array") {
    if (!Array.isArray(v)) return "must be a list of choices";
    const items = p.items as Record<string, unknown>;
    const options = Array.isArray(items.enum) ? (items.enum as string[]) : (items.anyOf as { const: string }[]).map((o) => o.const);
    const bad = v.find((x) => !options.includes(x as string));
    if (bad !== undefined) return `contains ${JSON.stringify(bad)}, which is not one of the choices`;
    if (typeof p.minItems === "number" && v.length < p.minItems) return `needs at least ${p.minItems} choices`;
    if (typeof p.maxItems === "number" && v.length > p.maxItems) return `allows at most ${p.maxItems} choices`;
  }
  return undefined;
}

export type ContentCheck = { ok: true; value: Record<string, unknown> } | { ok: false; problems: string[] };

/** Validates accepted content against a plain form schema, filling in defaults for fields left out. */
export function validateFormContent(schema: FormSchema, content: unknown): ContentCheck {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return { ok: false, problems: ["content must be an object"] };
  const given = content as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [field, p] of Object.entries(schema.properties)) {
    if (given[field] === undefined) {
      if (p.default !== undefined) value[field] = p.default;
      else if (required.has(field)) problems.push(`${field}: is required`);
      continue;
    }
    const problem = fieldProblem(p, given[field]);
    if (problem) problems.push(`${field}: ${problem}`);
    else value[field] = given[field];
  }
  for (const field of Object.keys(given)) if (!(field in schema.properties)) problems.push(`${field}: is not a field of this form`);
  return problems.length ? { ok: false, problems } : { ok: true, value };
}
