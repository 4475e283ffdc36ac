// Maps "file:line" in a VM stack trace (compiled code) back to the line in the learner's TypeScript.
import { stackFrames } from "../testing/stack";

export type LineMaps = Record<string, number[]>;

/** First frame that belongs to one of the project's files, as "file:line" in the source. */
export function locateInProject(stack: string | undefined, lineMaps: LineMaps): string | undefined {
  const frame = stackFrames(stack).find(({ file }) => Object.hasOwn(lineMaps, file));
  return frame && `${frame.file}:${lineMaps[frame.file][frame.line] ?? frame.line}`;
}
