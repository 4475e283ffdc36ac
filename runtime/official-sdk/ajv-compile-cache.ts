// SDK 1.x checks every accepted elicitation answer against its `requestedSchema` with Ajv, and compiles the schema to
// do so (`elicitInput` → `AjvJsonSchemaValidator.getValidator` → `ajv.compile`). Ajv 8 caches compiled schemas by
// object identity, and a tool builds its `requestedSchema` afresh on every call, so each answer compiles again. On a
// host's JIT that is a fraction of a millisecond; QuickJS interprets Ajv's code generator and the code it generates,
// about 6 ms per answer. Here each Ajv instance keeps one compiled validator per schema text (what Ajv 6 did with its
// serialized-schema cache), so the SDK still checks every answer with Ajv and reports Ajv's own errors; only the
// recompilation of a schema it has already compiled is skipped. The SDK's code is unchanged: only Ajv's `compile` is
// wrapped, inside the sandbox's bundle.
import type Ajv from "ajv";

type Compile = Ajv["compile"];

/** Enough for every form a server asks; past it the oldest compiled form is dropped. */
const MAX_SCHEMAS_PER_AJV = 64;

const compiledBy = new WeakMap<Ajv, Map<string, ReturnType<Compile>>>();

/** Accepts JSON data only: a function, RegExp, Date, undefined or class instance means the text would not say it all. */
function jsonOnly(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw === null || typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") return value;
  if (typeof raw === "object" && (Array.isArray(raw) || Object.getPrototypeOf(raw) === Object.prototype || Object.getPrototypeOf(raw) === null)) return value;
  throw new TypeError("not JSON data");
}

/** The schema's text, or undefined when it cannot stand for the schema (non-JSON values, cycles, `$id`s). */
export function schemaText(schema: unknown): string | undefined {
  let text: string;
  try {
    text = JSON.stringify({ schema }, jsonOnly);
  } catch {
    return undefined;
  }
  // A schema with an `$id` is registered under it: Ajv refuses a second compile of it, and this must not hide that.
  return text.includes('"$id"') ? undefined : text;
}

/** Wraps `Ajv.prototype.compile` once; every Ajv instance (the SDK's own included) then reuses what it compiled. */
export function cacheAjvCompiles(AjvClass: typeof Ajv): void {
  const compile = AjvClass.prototype.compile;
  AjvClass.prototype.compile = function cachedCompile(this: Ajv, schema: Parameters<Compile>[0], meta?: boolean) {
    const text = meta ? undefined : schemaText(schema);
    if (text === undefined) return compile.call(this, schema, meta);
    let compiled = compiledBy.get(this);
    if (!compiled) {
      compiled = new Map();
      compiledBy.set(this, compiled);
    }
    const hit = compiled.get(text);
    if (hit) return hit;
    const validate = compile.call(this, schema, meta);
    if (compiled.size >= MAX_SCHEMAS_PER_AJV) compiled.delete(compiled.keys().next().value as string);
    compiled.set(text, validate);
    return validate;
  } as Compile;
}
