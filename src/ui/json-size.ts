// How big a JSON value is, found by a walk that stops early: the tree view decides from it
// whether to show everything or a preview with "show all" (pure, unit-tested).

/** Entries shown per object or array before "show more". */
export const ENTRY_PAGE = 50;
/** Characters of a string shown before "show all". */
export const STRING_PREVIEW = 2000;
/** Above either, a value is large: the tree opens one level only and offers the full text. */
const LARGE_NODES = 2000;
const LARGE_CHARS = 200_000;

export interface JsonSize {
  large: boolean;
  /** "200,000 keys", "1,204 items", "a 3,000,000-character string". */
  summary: string;
}

export function describeSize(value: unknown): JsonSize {
  let nodes = 0;
  let chars = 0;
  const stack: unknown[] = [value];
  while (stack.length && nodes <= LARGE_NODES && chars <= LARGE_CHARS) {
    const v = stack.pop();
    nodes++;
    if (typeof v === "string") chars += v.length;
    else if (v && typeof v === "object") {
      const children = Array.isArray(v) ? v : Object.values(v);
      // Count a huge container at once rather than pushing every child.
      if (children.length > LARGE_NODES) nodes += children.length;
      else for (const c of children) stack.push(c);
    }
  }
  const large = nodes > LARGE_NODES || chars > LARGE_CHARS;
  return { large, summary: large ? summarize(value) : "" };
}

function summarize(value: unknown): string {
  if (typeof value === "string") return `a ${value.length.toLocaleString("en")}-character string`;
  if (Array.isArray(value)) return `${value.length.toLocaleString("en")} items`;
  if (value && typeof value === "object") return `${Object.keys(value).length.toLocaleString("en")} keys at the top`;
  return "one value";
}

/** The full text behind "show all": pretty-printed when that stays readable, compact otherwise. */
export function jsonText(value: unknown): string {
  const compact = JSON.stringify(value) ?? "undefined";
  return compact.length > 2_000_000 ? compact : JSON.stringify(value, null, 2);
}
