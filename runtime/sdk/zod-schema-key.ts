// A text that determines what z.toJSONSchema makes of a zod schema: two schemas with the same key convert to the
// same JSON Schema. A learner's tool builds its form inside execute(), so every call (and the replay of every
// answered round) has a new schema object with the same content; this key lets the runtime convert it once.
//
// The key writes down everything zod's converter reads, exactly:
// - each schema node's class (the traits its constructor gives it), its `optin`/`optout`, its whole `def` (checks
//   included: a check is a node with a def of its own), its `bag`, the schema it was cloned from (`parent`:
//   `.describe()`, `.min()` and the like set it, and the converter walks it too), and the metadata the global
//   registry holds for it (the converter reads a node's metadata merged over its parent's; the key holds both);
// - which objects are the same object, as back-references, so the key is of the graph and not of a tree.
// It leaves out only functions in defs that the converter never reads: `error` (a custom message) and `when` (when
// a check runs while parsing; zod gives every length and size check one). Anything else it cannot write down
// exactly (any other function, such as a refinement, a transform or a lazy getter; a class instance other than a
// RegExp or a Set; a node with its own toJSONSchema; a registry whose lookup learner code replaced) gives no key, and
// that schema is converted every time, as before.
import { z } from "zod";

/** Values a key may visit, and its length: past these a schema is converted as before (no key is worth it). */
const MAX_STEPS = 2000;
const MAX_DEPTH = 48;
const MAX_LENGTH = 64 * 1024;

type ZodInternals = {
  traits: Set<string>;
  constr: unknown;
  def: Record<string, unknown>;
  bag?: unknown;
  parent?: object;
  optin?: unknown;
  optout?: unknown;
  toJSONSchema?: unknown;
};
type Registry = { get: unknown; _map?: unknown };

// The registry's own lookup, taken before any project code runs: a key reads the registry's map only while the
// converter would read that same map through this lookup.
const registry = z.globalRegistry as unknown as Registry;
const registryGet = registry.get;

class NoKey extends Error {}

/** Functions in a def that only parsing reads: an error map, and when a check runs. */
const PARSE_ONLY = new Set(["error", "when"]);

/**
 * The traits of each schema class, written once per constructor: the constructor fixes them (each trait's init adds
 * its name). An instance whose set differs from its class's (no zod code makes one) is written out in full.
 */
const classes = new WeakMap<object, { text: string; size: number }>();
function classOf(zod: ZodInternals): string {
  const constr = zod.constr;
  if (typeof constr !== "function") throw new NoKey();
  let known = classes.get(constr);
  if (!known) {
    known = { text: JSON.stringify([...zod.traits]), size: zod.traits.size };
    classes.set(constr, known);
  }
  return zod.traits.size === known.size ? known.text : JSON.stringify([...zod.traits]);
}

class KeyWriter {
  private readonly parts: string[] = [];
  private readonly seen = new Map<object, number>();
  private steps = 0;

  constructor(private readonly metadata: WeakMap<object, unknown>) {}

  text(): string {
    return this.parts.join("");
  }

  value(value: unknown, depth: number): void {
    if (++this.steps > MAX_STEPS || depth > MAX_DEPTH) throw new NoKey();
    switch (typeof value) {
      case "string":
        this.parts.push("s", String(value.length), ":", value);
        return;
      case "number":
        this.parts.push("n", value === 0 && 1 / value < 0 ? "-0" : String(value), ";");
        return;
      case "boolean":
        this.parts.push(value ? "T" : "F");
        return;
      case "undefined":
        this.parts.push("U");
        return;
      case "bigint":
        this.parts.push("b", String(value), ";");
        return;
      case "object":
        if (value === null) this.parts.push("N");
        else this.object(value, depth + 1);
        return;
      default:
        // A function or a symbol: the key cannot say what it does.
        throw new NoKey();
    }
  }

  private object(value: object, depth: number): void {
    const index = this.seen.get(value);
    if (index !== undefined) {
      this.parts.push("#", String(index), ";");
      return;
    }
    this.seen.set(value, this.seen.size);
    const zod = (value as { _zod?: ZodInternals })._zod;
    if (zod !== undefined) return this.node(value, zod, depth);
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return this.properties(value as Record<string, unknown>, depth, false);
    if (proto === Array.prototype) {
      const items = value as unknown[];
      this.parts.push("[");
      for (let i = 0; i < items.length; i++) this.value(items[i], depth);
      this.parts.push("]");
      return;
    }
    if (proto === RegExp.prototype) {
      const re = value as RegExp;
      this.parts.push("/", String(re.source.length), ":", re.source, re.flags, ";");
      return;
    }
    if (proto === Set.prototype) {
      this.parts.push("S(");
      for (const item of value as Set<unknown>) this.value(item, depth);
      this.parts.push(")");
      return;
    }
    throw new NoKey();
  }

  /** A schema node or a check. */
  private node(schema: object, zod: ZodInternals, depth: number): void {
    if (typeof zod !== "object" || zod === null || !(zod.traits instanceof Set) || zod.toJSONSchema !== undefined) throw new NoKey();
    this.parts.push("<", classOf(zod));
    this.value(zod.optin, depth);
    this.value(zod.optout, depth);
    const def = zod.def;
    if (typeof def !== "object" || def === null || Object.getPrototypeOf(def) !== Object.prototype) throw new NoKey();
    this.properties(def, depth, true);
    this.value(zod.bag, depth);
    this.value(zod.parent, depth);
    this.value(this.metadata.get(schema), depth);
    this.parts.push(">");
  }

  /**
   * A plain object's own enumerable string-keyed properties in order (the only ones the converter reads); in a def,
   * a function the converter never reads is left out.
   */
  private properties(value: Record<string, unknown>, depth: number, isDef: boolean): void {
    this.parts.push("{");
    for (const name of Object.keys(value)) {
      // Read as the converter reads it: a getter (a shape, a default) runs as it does there.
      const item = value[name];
      if (isDef && typeof item === "function" && PARSE_ONLY.has(name)) continue;
      this.parts.push(String(name.length), ":", name);
      this.value(item, depth);
    }
    this.parts.push("}");
  }
}

/** The key of `schema`, or undefined when the key cannot capture everything its conversion depends on. */
export function zodSchemaKey(schema: z.ZodType): string | undefined {
  const metadata = registry._map;
  if (registry.get !== registryGet || !(metadata instanceof WeakMap)) return undefined;
  const writer = new KeyWriter(metadata);
  try {
    writer.value(schema, 0);
  } catch {
    // NoKey, or a getter of the learner's that threw: the conversion, which reads it too, then says so itself.
    return undefined;
  }
  const text = writer.text();
  return text.length <= MAX_LENGTH ? text : undefined;
}
