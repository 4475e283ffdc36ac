// A line diff of the learner's files against the lesson's starter files, for "Changes vs
// starter". Longest common subsequence over lines: lesson files are small (a few hundred lines),
// so the quadratic table is cheap; above a size limit whole files are compared as changed.

export type DiffLine = { kind: "same" | "added" | "removed"; text: string; oldLine?: number; newLine?: number };

export interface FileDiff {
  path: string;
  status: "added" | "removed" | "changed" | "same";
  lines: DiffLine[];
}

const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text, i) => ({ kind: "removed" as const, text, oldLine: i + 1 })),
      ...b.map((text, i) => ({ kind: "added" as const, text, newLine: i + 1 })),
    ];
  }
  // lcs[i][j]: length of the common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) out.push({ kind: "same", text: a[i], oldLine: ++i, newLine: ++j });
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) out.push({ kind: "removed", text: a[i], oldLine: ++i });
    else out.push({ kind: "added", text: b[j], newLine: ++j });
  }
  return out;
}

export function diffProject(starter: Record<string, string>, current: Record<string, string>): FileDiff[] {
  const paths = [...new Set([...Object.keys(starter), ...Object.keys(current)])].sort();
  return paths.map((path) => {
    const before = starter[path];
    const after = current[path];
    if (before === undefined) return { path, status: "added", lines: diffLines("", after!).filter((l) => l.text !== "" || l.kind !== "removed") };
    if (after === undefined) return { path, status: "removed", lines: diffLines(before, "").filter((l) => l.text !== "" || l.kind !== "added") };
    const lines = diffLines(before, after);
    return { path, status: lines.some((l) => l.kind !== "same") ? "changed" : "same", lines };
  });
}

/** Changed lines with `context` unchanged lines around them; longer unchanged runs fold to one marker. */
export function withContext(lines: DiffLine[], context = 3): (DiffLine | { kind: "fold"; count: number })[] {
  const near = lines.map((l, i) => l.kind !== "same" || lines.slice(Math.max(0, i - context), i + context + 1).some((x) => x.kind !== "same"));
  const out: (DiffLine | { kind: "fold"; count: number })[] = [];
  let folded = 0;
  lines.forEach((l, i) => {
    if (near[i]) {
      if (folded) out.push({ kind: "fold", count: folded });
      folded = 0;
      out.push(l);
    } else folded++;
  });
  if (folded) out.push({ kind: "fold", count: folded });
  return out;
}
