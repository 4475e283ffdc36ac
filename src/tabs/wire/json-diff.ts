// What changed between two JSON values, as dotted paths. The Wire tab uses it to show how a
// retry differs from the round before (new id, inputResponses, requestState).

export interface JsonChange {
  path: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const isContainer = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object";

export function diffJson(before: unknown, after: unknown, path = ""): JsonChange[] {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    const out: JsonChange[] = [];
    for (const k of keys) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in before)) out.push({ path: p, kind: "added", after: after[k] });
      else if (!(k in after)) out.push({ path: p, kind: "removed", before: before[k] });
      else out.push(...diffJson(before[k], after[k], p));
    }
    return out;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, kind: "changed", before, after }];
}
