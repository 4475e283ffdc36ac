// The light form's rules: which argument schemas it draws (flat objects of strings, numbers, booleans and single
// choices: every lesson's tools), and the checks rjsf with ajv would make on them, with the same wording. Anything
// else goes to the full form (SchemaForm), loaded when such a tool is picked.
import type { AdaptedForm } from "./schema-adapter";

type Json = Record<string, unknown>;

export type SimpleField =
  | { name: string; label: string; description?: string; required: boolean; kind: "text"; minLength?: number; maxLength?: number }
  | { name: string; label: string; description?: string; required: boolean; kind: "number"; integer: boolean; minimum?: number; maximum?: number }
  | { name: string; label: string; description?: string; required: boolean; kind: "boolean" }
  | {
      name: string;
      label: string;
      description?: string;
      required: boolean;
      kind: "choice";
      options: { value: string | number; label: string }[];
      hasDefault: boolean;
    };

const COMMON = new Set(["type", "title", "description", "default"]);
const ALLOWED: Record<string, Set<string>> = {
  text: new Set([...COMMON, "minLength", "maxLength"]),
  number: new Set([...COMMON, "minimum", "maximum"]),
  boolean: COMMON,
  choice: new Set([...COMMON, "enum", "oneOf"]),
};
const TOP = new Set(["type", "properties", "required", "additionalProperties"]);

const isObj = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);

function optionsOf(p: Json): { value: string | number; label: string }[] | undefined {
  if (Array.isArray(p.enum) && p.enum.every((v) => typeof v === "string" || typeof v === "number"))
    return (p.enum as (string | number)[]).map((v) => ({ value: v, label: String(v) }));
  if (Array.isArray(p.oneOf) && p.oneOf.every((o) => isObj(o) && (typeof o.const === "string" || typeof o.const === "number")))
    return (p.oneOf as Json[]).map((o) => ({ value: o.const as string | number, label: typeof o.title === "string" ? o.title : String(o.const) }));
  return undefined;
}

function fieldOf(name: string, p: Json, required: boolean): SimpleField | undefined {
  const base = {
    name,
    label: typeof p.title === "string" ? p.title : name,
    description: typeof p.description === "string" ? p.description : undefined,
    required,
  };
  const options = optionsOf(p);
  const kind = options
    ? "choice"
    : p.type === "string"
      ? "text"
      : p.type === "number" || p.type === "integer"
        ? "number"
        : p.type === "boolean"
          ? "boolean"
          : undefined;
  if (!kind || Object.keys(p).some((k) => !ALLOWED[kind].has(k))) return undefined;
  const num = (k: string) => (typeof p[k] === "number" ? (p[k] as number) : undefined);
  if (kind === "choice") return { ...base, kind, options: options!, hasDefault: p.default !== undefined };
  if (kind === "text") return { ...base, kind, minLength: num("minLength"), maxLength: num("maxLength") };
  if (kind === "number") return { ...base, kind, integer: p.type === "integer", minimum: num("minimum"), maximum: num("maximum") };
  return { ...base, kind };
}

/** The fields of a form the light form can draw, or undefined when it needs the full form. */
export function simpleFields(form: AdaptedForm): SimpleField[] | undefined {
  const schema = form.schema as Json;
  if (Object.keys(schema).some((k) => !TOP.has(k)) || !isObj(schema.properties)) return undefined;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const fields: SimpleField[] = [];
  for (const [name, p] of Object.entries(schema.properties)) {
    const field = isObj(p) ? fieldOf(name, p, required.includes(name)) : undefined;
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

/** The problems with `value`, per field, worded as the full form words them; empty when it may be sent. */
export function problemsOf(fields: SimpleField[], value: Json): Map<string, string> {
  const problems = new Map<string, string>();
  for (const f of fields) {
    const v = value[f.name];
    if (v === undefined) {
      if (f.required) problems.set(f.name, `must have required property '${f.label}'`);
      continue;
    }
    if (f.kind === "text" && typeof v === "string") {
      if (f.minLength !== undefined && v.length < f.minLength) problems.set(f.name, `must NOT have fewer than ${f.minLength} characters`);
      else if (f.maxLength !== undefined && v.length > f.maxLength) problems.set(f.name, `must NOT have more than ${f.maxLength} characters`);
    }
    if (f.kind === "number") {
      if (typeof v !== "number" || Number.isNaN(v)) problems.set(f.name, `must be ${f.integer ? "integer" : "number"}`);
      else if (f.integer && !Number.isInteger(v)) problems.set(f.name, "must be integer");
      else if (f.minimum !== undefined && v < f.minimum) problems.set(f.name, `must be >= ${f.minimum}`);
      else if (f.maximum !== undefined && v > f.maximum) problems.set(f.name, `must be <= ${f.maximum}`);
    }
    if (f.kind === "choice" && !f.options.some((o) => o.value === v)) problems.set(f.name, "must be one of the listed options");
  }
  return problems;
}

/** What is sent: only the form's own fields (extra keys dropped, as the full form's omitExtraData does). */
export function sentValue(fields: SimpleField[], value: Json): Json {
  return Object.fromEntries(fields.filter((f) => value[f.name] !== undefined).map((f) => [f.name, value[f.name]]));
}
