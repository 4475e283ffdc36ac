// The contract between `expect` and the matchers it runs (built-in, MCP, or added with expect.extend).

export interface MatcherContext {
  isNot: boolean;
  promise: "" | "resolves" | "rejects";
  /** toEqual's equality, asymmetric matchers included. */
  equals(a: unknown, b: unknown): boolean;
  /** A value as failure messages show it. */
  format(value: unknown): string;
}

export interface MatcherResult {
  pass: boolean;
  /** Explains the failure. Without it, the failure shows the expected and actual values (or their diff). */
  message?: () => string;
  expected?: unknown;
  actual?: unknown;
  /** Values to diff instead of expected/actual, when those would show noise (see alignForDiff). */
  diffPair?: [unknown, unknown];
  /** How the matcher compares, written after the hint as Jest writes it: `// Object.is equality`. */
  comment?: string;
}

type Matcher = (this: MatcherContext, received: unknown, ...args: never[]) => MatcherResult;
export type MatcherTable = Record<string, Matcher>;

/** Thrown by a matcher that was used wrongly (say toHaveLength on a number); `.not` does not turn it into a pass. */
export class MatcherUsageError extends Error {}
