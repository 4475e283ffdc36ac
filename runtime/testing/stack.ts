// Reads line numbers out of error stacks, in the QuickJS format and in Node's.

// "    at fn (file.test.ts:12:7)", "    at <anonymous> (file.test.ts:12)", "    at /abs/file.test.ts:12:7"
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+)(?::\d+)?\)?\s*$/;

/** The file and line of each frame of a stack, top first. */
export function stackFrames(stack: string | undefined): Array<{ file: string; line: number }> {
  if (typeof stack !== "string") return [];
  const frames: Array<{ file: string; line: number }> = [];
  for (const text of stack.split("\n")) {
    const match = FRAME.exec(text);
    if (match) frames.push({ file: match[1], line: Number(match[2]) });
  }
  return frames;
}

function sameFile(frameFile: string, fileName: string): boolean {
  return frameFile === fileName || frameFile.endsWith(`/${fileName}`);
}

/**
 * The line of the first stack frame in `fileName` (any `*.test.ts` file when no name is given),
 * or undefined when no frame is in it.
 */
export function frameLine(stack: string | undefined, fileName?: string): number | undefined {
  return stackFrames(stack).find(({ file }) => (fileName === undefined ? file.endsWith(".test.ts") : sameFile(file, fileName)))?.line;
}
