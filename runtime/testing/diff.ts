// A line diff between an expected and a received text, based on the longest common subsequence.

type Op = { kind: " " | "-" | "+"; line: string };

/** Above this many lines × lines in the part that differs, the LCS table would cost too much memory in the sandbox. */
const MAX_TABLE_CELLS = 250_000;
/** Unchanged lines kept around each change; longer unchanged runs are folded. */
const CONTEXT = 3;

function diffLines(a: string[], b: string[]): Op[] {
  // Common head and tail need no table; trimming them keeps the table small.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Op[] = a.slice(0, start).map((line) => ({ kind: " ", line }));
  const tail: Op[] = a.slice(endA).map((line) => ({ kind: " ", line }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;

  const middle: Op[] = [];
  if ((n + 1) * (m + 1) > MAX_TABLE_CELLS) {
    for (const line of midA) middle.push({ kind: "-", line });
    for (const line of midB) middle.push({ kind: "+", line });
    return [...head, ...middle, ...tail];
  }
  // lcs[i * (m + 1) + j] = length of the LCS of midA[i..] and midB[j..]
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = midA[i] === midB[j] ? lcs[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      middle.push({ kind: " ", line: midA[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1]) {
      middle.push({ kind: "-", line: midA[i++] });
    } else {
      middle.push({ kind: "+", line: midB[j++] });
    }
  }
  while (i < n) middle.push({ kind: "-", line: midA[i++] });
  while (j < m) middle.push({ kind: "+", line: midB[j++] });
  return [...head, ...middle, ...tail];
}

function fold(ops: Op[]): string[] {
  const keep = ops.map(() => false);
  ops.forEach((op, index) => {
    if (op.kind === " ") return;
    for (let k = Math.max(0, index - CONTEXT); k <= Math.min(ops.length - 1, index + CONTEXT); k++) keep[k] = true;
  });
  const out: string[] = [];
  let index = 0;
  while (index < ops.length) {
    let end = index;
    while (end < ops.length && !keep[end]) end++;
    // Folding a single line would save nothing, so only longer unchanged runs become "…".
    if (end - index > 1) {
      out.push("  …");
      index = end;
      continue;
    }
    const op = ops[index++];
    out.push(`${op.kind} ${op.line}`.trimEnd());
  }
  return out;
}

/**
 * The diff of two texts, `-` lines only in `expected`, `+` lines only in `received`,
 * with a two-line legend on top. Returns "" when the texts are equal.
 */
export function lineDiff(expected: string, received: string): string {
  if (expected === received) return "";
  const ops = diffLines(expected.split("\n"), received.split("\n"));
  return ["- Expected", "+ Received", "", ...fold(ops)].join("\n");
}
