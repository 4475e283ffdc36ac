// A teacher's challenge as sent: the contract's shape, then the caps (CHALLENGE_FILE_KB, CHALLENGE_FILES,
// CHALLENGE_TEXT_KB) and the project rules every upload follows. Each problem is a 400 with one sentence.
import { CHECK_FILE, ChallengeDraft, VARIANT_NAME } from "../../contract/challenges";
import { checkProjectFiles } from "../compile/project-files";
import { HttpError } from "../http/respond";
import { parseBody } from "../routes/route";

export type ChallengeLimits = {
  /** Largest single file: a starter, check, solution or variant file (CHALLENGE_FILE_KB). */
  fileBytes: number;
  /** Files in all parts together (CHALLENGE_FILES). */
  files: number;
  /** The text plus every hint (CHALLENGE_TEXT_KB). */
  textBytes: number;
};

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** The draft the body holds, or a 400 naming the first thing wrong with it. */
export function readDraft(body: unknown, limits: ChallengeLimits): ChallengeDraft {
  const draft = parseBody(ChallengeDraft, body);
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const parts: [string, Record<string, string>][] = [
    ["starter", draft.starter],
    ["checks", draft.checks],
    ["solution", draft.solution],
    ...Object.entries(draft.broken).map(([name, files]): [string, Record<string, string>] => [`broken variant "${name}"`, files]),
  ];
  const count = parts.reduce((sum, [, files]) => sum + Object.keys(files).length, 0);
  if (count > limits.files) throw new HttpError(400, `A challenge has at most ${limits.files} files in all (this one has ${count})`);
  for (const [part, files] of parts) {
    for (const [name, source] of Object.entries(files)) {
      if (bytes(source) > limits.fileBytes) throw new HttpError(400, `${part}: ${name} is larger than ${kb(limits.fileBytes)}`);
    }
  }
  const text = bytes(draft.text) + Object.entries(draft.hints).reduce((sum, [name, hint]) => sum + bytes(name) + bytes(hint), 0);
  if (text > limits.textBytes) throw new HttpError(400, `The text and hints together are larger than ${kb(limits.textBytes)}`);
  const badCheck = Object.keys(draft.checks).find((name) => !CHECK_FILE.test(name));
  if (badCheck !== undefined) throw new HttpError(400, `"${badCheck.slice(0, 60)}": a check file is named like checks.test.ts`);
  const badVariant = Object.keys(draft.broken).find((name) => !VARIANT_NAME.test(name) || name.length > 40);
  if (badVariant !== undefined) throw new HttpError(400, `"${badVariant.slice(0, 60)}": a broken variant's name is a lower-case slug such as no-question`);
  if (Object.keys(draft.checks).length === 0) throw new HttpError(400, "A challenge needs at least one check file (checks.test.ts)");
  for (const [part, files] of parts.filter(([part]) => part !== "checks")) {
    const [problem] = checkProjectFiles(files);
    if (problem) throw new HttpError(400, `${part}: ${problem.message}`);
  }
  return draft;
}
