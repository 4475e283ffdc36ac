// What a retry changed since the round before, said per key: which answers (inputResponses
// keys) went and which came, whether the requestState was replaced, the new JSON-RPC id.
// Answers are listed one key deep: the learner needs "elicitation-1 went, elicitation-2 came",
// not every field inside an answer, and never a whole map reported as removed while it is there.
import { diffJson, type JsonChange } from "./json-diff";

/** How deep a change is reported, by where it is: answers per key, the state as one value. */
function depthFor(parts: string[]): number {
  if (parts[0] !== "params") return parts.length;
  if (parts[1] === "inputResponses") return Math.min(parts.length, 3);
  if (parts[1] === "requestState") return 2;
  return parts.length;
}

export function roundChanges(previous: unknown, current: unknown): JsonChange[] {
  const out = new Map<string, JsonChange>();
  for (const c of diffJson(previous, current)) {
    const parts = c.path.split(".");
    const depth = depthFor(parts);
    if (c.path === "params.inputResponses" && c.kind !== "changed") {
      // The whole map came (round 2) or went: name each answer in it.
      const map = (c.kind === "added" ? c.after : c.before) as Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(map ?? {}))
        out.set(`${c.path}.${key}`, { path: `${c.path}.${key}`, kind: c.kind, ...(c.kind === "added" ? { after: value } : { before: value }) });
      continue;
    }
    if (depth === parts.length) {
      out.set(c.path, c);
      continue;
    }
    // A change inside an answer that stayed: the answer itself changed.
    const path = parts.slice(0, depth).join(".");
    if (!out.has(path)) out.set(path, { path, kind: "changed", before: pick(previous, parts.slice(0, depth)), after: pick(current, parts.slice(0, depth)) });
  }
  return [...out.values()];
}

function pick(value: unknown, path: string[]): unknown {
  let v = value;
  for (const p of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

/** One line per change, the way the Wire tab prints it: `+ params.inputResponses.elicitation-2`. */
export function changeLine(c: JsonChange): string {
  const sign = c.kind === "added" ? "+" : c.kind === "removed" ? "−" : "~";
  return `${sign} ${c.path}`;
}
