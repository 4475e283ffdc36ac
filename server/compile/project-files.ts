// What a project upload may contain: file names, counts and sizes, checked before anything is compiled.

import type { Diagnostic } from "../../contract/api";
export type { Diagnostic, ProjectFiles } from "../../contract/api";

const LIMITS = { files: 40, fileBytes: 200_000, totalBytes: 500_000 };
const NAME = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:ts|tsx|js|mjs)$/;

export const isTestFile = (file: string) => /\.test\.(?:ts|tsx|js|mjs)$/.test(file);

/** Returns the problems with an upload; an empty list means it may be compiled. */
export function checkProjectFiles(files: unknown): Diagnostic[] {
  const problem = (message: string, file = ""): Diagnostic[] => [{ file, line: 1, column: 1, message }];
  if (typeof files !== "object" || files === null || Array.isArray(files)) return problem('"files" must be an object of { "name.ts": "source" }');
  const entries = Object.entries(files as Record<string, unknown>);
  if (entries.length === 0) return problem("The project has no files");
  if (entries.length > LIMITS.files) return problem(`A project may have at most ${LIMITS.files} files`);
  let total = 0;
  for (const [name, source] of entries) {
    if (!NAME.test(name) || name.split("/").includes(".."))
      return problem(`"${name}" is not a valid file name (letters, digits, - _ . and folders; ending in .ts)`, name);
    if (typeof source !== "string") return problem(`The content of ${name} must be a string`, name);
    if (source.length > LIMITS.fileBytes) return problem(`${name} is larger than ${LIMITS.fileBytes / 1000} KB`, name);
    total += source.length;
  }
  if (total > LIMITS.totalBytes) return problem(`The project is larger than ${LIMITS.totalBytes / 1000} KB in all`);
  return [];
}
