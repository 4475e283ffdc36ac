// Where a 1-based line and column (a problem's, a failed test's) falls in a file's text, for the plain editor.

/** The offset in `text` of a 1-based line and column, clamped to the text. */
export function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  const end = text.indexOf("\n", at);
  return Math.min(at + Math.max(0, column - 1), end < 0 ? text.length : end);
}
