// Maps "file:line" in a VM stack trace (compiled code) back to the line in the learner's TypeScript.
import { stackFrames } from "../testing/stack";

export type LineMaps = Record<string, number[]>;

/** A problem in the learner's code, with the project line it points at when one is known. */
export type CodeProblem = { message: string; where?: string };

/** First frame that belongs to one of the project's files, as "file:line" in the source. */
export function locateInProject(stack: string | undefined, lineMaps: LineMaps): string | undefined {
  const frame = stackFrames(stack).find(({ file }) => Object.hasOwn(lineMaps, file));
  return frame && `${frame.file}:${lineMaps[frame.file][frame.line] ?? frame.line}`;
}

/**
 * What a load or start that threw reports: the message as the learner would read it (the class named unless it is a
 * plain Error) and the project line the throw came from.
 */
export function problemOf(error: unknown, lineMaps: LineMaps): CodeProblem {
  const message = error instanceof Error ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}` : String(error);
  return { message, where: locateInProject(error instanceof Error ? error.stack : undefined, lineMaps) };
}
