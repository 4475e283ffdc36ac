// Turns any value into readable text for failure messages, diffs and captured console output.
// Pure JS: it runs inside the QuickJS sandbox as well as under Node.

export interface FormatOptions {
  /** Sort object keys, so two values diff line by line without noise from key order. */
  sortKeys?: boolean;
  /** A value whose one-line form is wider than this is laid out over several lines. 0 = always break. */
  maxWidth?: number;
}

/** Objects that want to print themselves in a special way (asymmetric matchers do). */
export interface SelfDescribing {
  describe(format: (value: unknown) => string): string;
}

const INDENT = "  ";
const MAX_ITEMS = 200;
const MAX_DEPTH = 12;

function isSelfDescribing(value: unknown): value is SelfDescribing {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { describe?: unknown }).describe === "function" &&
    (value as { [key: symbol]: unknown })[SELF_DESCRIBING] === true
  );
}

/** Marker a value sets to be printed through its own `describe()`. */
export const SELF_DESCRIBING: unique symbol = Symbol.for("frontmcp.testing.selfDescribing");

export function formatValue(value: unknown, options: FormatOptions = {}): string {
  const width = options.maxWidth ?? 0;
  const sortKeys = options.sortKeys ?? false;
  const seen: unknown[] = [];

  function primitive(v: unknown): string | undefined {
    if (v === null) return "null";
    switch (typeof v) {
      case "undefined":
        return "undefined";
      case "string":
        return JSON.stringify(v);
      case "number":
        return Object.is(v, -0) ? "-0" : String(v);
      case "bigint":
        return `${v}n`;
      case "boolean":
        return String(v);
      case "symbol":
        return v.toString();
      case "function":
        return v.name ? `[Function ${v.name}]` : "[Function anonymous]";
    }
    return undefined;
  }

  function keysOf(obj: object): PropertyKey[] {
    const keys: PropertyKey[] = Object.keys(obj);
    if (sortKeys) (keys as string[]).sort();
    for (const sym of Object.getOwnPropertySymbols(obj)) {
      if (Object.prototype.propertyIsEnumerable.call(obj, sym)) keys.push(sym);
    }
    return keys;
  }

  function keyText(key: PropertyKey): string {
    return typeof key === "symbol" ? `[${key.toString()}]` : JSON.stringify(key);
  }

  function className(obj: object): string {
    const proto = Object.getPrototypeOf(obj) as { constructor?: { name?: string } } | null;
    if (proto === null) return "[Object: null prototype] ";
    const name = proto.constructor?.name;
    return name && name !== "Object" ? `${name} ` : "";
  }

  // Entries are the already formatted children; `open`/`close` wrap them.
  function layout(open: string, entries: string[], close: string, indent: string, more: number): string {
    if (more > 0) entries = [...entries, `… ${more} more`];
    if (entries.length === 0) return `${open}${close}`;
    const pad = open.endsWith("[") ? "" : " ";
    const flat = `${open}${pad}${entries.join(", ")}${pad}${close}`;
    if (width > 0 && !flat.includes("\n") && indent.length + flat.length <= width) return flat;
    const inner = indent + INDENT;
    return `${open}\n${entries.map((e) => `${inner}${e},`).join("\n")}\n${indent}${close}`;
  }

  function render(v: unknown, indent: string, depth: number): string {
    const prim = primitive(v);
    if (prim !== undefined) return prim;
    const obj = v as object;
    if (isSelfDescribing(obj)) return obj.describe((inner) => render(inner, indent, depth + 1));
    if (obj instanceof Date) return isNaN(obj.getTime()) ? "Invalid Date" : `Date(${obj.toISOString()})`;
    if (obj instanceof RegExp) return String(obj);
    if (obj instanceof Error) return `[${obj.name}: ${obj.message}]`;
    if (seen.includes(obj)) return "[Circular]";
    if (depth > MAX_DEPTH) return Array.isArray(obj) ? "[Array]" : "[Object]";
    seen.push(obj);
    try {
      const inner = indent + INDENT;
      if (Array.isArray(obj)) {
        const items: string[] = [];
        for (let i = 0; i < Math.min(obj.length, MAX_ITEMS); i++) {
          items.push(i in obj ? render(obj[i], inner, depth + 1) : "<empty>");
        }
        const prefix = className(obj) === "Array " ? "" : className(obj);
        return layout(`${prefix}[`, items, "]", indent, obj.length - items.length);
      }
      if (obj instanceof Map) {
        const items: string[] = [];
        for (const [k, val] of obj) {
          if (items.length >= MAX_ITEMS) break;
          items.push(`${render(k, inner, depth + 1)} => ${render(val, inner, depth + 1)}`);
        }
        return layout("Map {", items, "}", indent, obj.size - items.length);
      }
      if (obj instanceof Set) {
        const items: string[] = [];
        for (const item of obj) {
          if (items.length >= MAX_ITEMS) break;
          items.push(render(item, inner, depth + 1));
        }
        return layout("Set {", items, "}", indent, obj.size - items.length);
      }
      const keys = keysOf(obj);
      const record = obj as Record<PropertyKey, unknown>;
      const items = keys.slice(0, MAX_ITEMS).map((k) => `${keyText(k)}: ${render(record[k], inner, depth + 1)}`);
      return layout(`${className(obj)}{`, items, "}", indent, keys.length - items.length);
    } finally {
      seen.pop();
    }
  }

  return render(value, "", 0);
}

/** A value on one line when it is short enough, for "Expected: …" lines. */
export function inline(value: unknown): string {
  return formatValue(value, { sortKeys: true, maxWidth: 80 });
}

/** What a value looks like when logged: strings as they are, everything else formatted. */
export function display(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return formatValue(value, { maxWidth: 72 });
}
