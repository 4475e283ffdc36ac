// What a table of wrong solutions is made of: its types and the two ways to build a wrong project from the reference
// solution (one file edited) or from the starter as it is.

export type Files = Record<string, string>;
export type WrongSolution = {
  name: string;
  /** Builds the wrong project from the reference solution and the starter. */
  files: (solution: Files, starter: Files) => Files;
  /**
   * Every check it must fail, and no other passes less: the requirements of the challenge's text that the one
   * mistake breaks (a form the runtime refuses breaks every check that needs the question asked).
   */
  failing: string[];
  /** The kind of the report's `failure`, when the mistake makes the tool itself fail. */
  failure?: string;
};

/** One file of `files` with each `[from, to]` replaced once; a `from` that is missing is an error in this table. */
export function edit(file: string, ...changes: Array<[string, string]>) {
  return (files: Files): Files => {
    let text = files[file];
    if (text === undefined) throw new Error(`no file ${file}`);
    for (const [from, to] of changes) {
      if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
      text = text.replace(from, to);
    }
    return { ...files, [file]: text };
  };
}
export const starterAsIs = (_: Files, starter: Files) => starter;
