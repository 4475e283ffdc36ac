// Maps "file:line" in a VM stack trace (compiled code) back to the line in the learner's TypeScript.

export type LineMaps = Record<string, number[]>;

const FRAME = /\(?([^\s():]+):(\d+)(?::\d+)?\)?\s*$/;

/** First frame that belongs to one of the project's files, as "file:line" in the source. */
export function locateInProject(stack: string | undefined, lineMaps: LineMaps, only?: (file: string) => boolean): string | undefined {
  if (!stack) return undefined;
  for (const raw of stack.split("\n")) {
    const m = FRAME.exec(raw.trim());
    if (!m || !(m[1] in lineMaps) || (only && !only(m[1]))) continue;
    const line = lineMaps[m[1]][Number(m[2])] ?? Number(m[2]);
    return `${m[1]}:${line}`;
  }
  return undefined;
}
