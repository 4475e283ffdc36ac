// The layers' import boundary, one rule for any folder depth: a layer's code (its specs excepted: they drive it from
// outside) imports only the top-level folders listed for it. Relative imports are resolved against the importing
// file, so `../../../server/app` is caught at whatever depth it is written. Run by `npm run lint`.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

/** Each guarded layer: the top-level folders its code may import, and what to tell whoever crosses the line. */
const LAYERS = {
  src: { may: ["src", "contract"], why: "The SPA reaches the backend only through src/server-bridge; the only code it shares is contract/." },
  runtime: { may: ["runtime", "contract"], why: "Runtime code runs inside the sandbox: it imports only runtime/ and contract/." },
  contract: { may: ["contract"], why: "contract/ is imported by both sides of a boundary: it imports nothing of theirs." },
};
const SPEC = /\.spec\.tsx?$/;

/** Every import across a layer's boundary in `files` (paths from the project root), as `path:line:col message`. */
function boundaryCrossings(root, files) {
  const found = [];
  for (const file of files) {
    const layer = LAYERS[file.split("/")[0]];
    if (!layer || SPEC.test(file) || !/\.(ts|tsx|mts|js|mjs)$/.test(file)) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const { fileName: specifier, pos } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith(".")) continue;
      const target = normalize(join(dirname(file), specifier));
      if (layer.may.includes(target.split("/")[0])) continue;
      const { line, character } = ts.getLineAndCharacterOfPosition(ts.createSourceFile(file, text, ts.ScriptTarget.Latest), pos);
      found.push(`${file}:${line + 1}:${character + 1} boundary ${specifier}: ${layer.why}`);
    }
  }
  return found;
}

const root = process.cwd();
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);
// A file deleted in the work tree but still tracked has nothing to check.
const crossings = boundaryCrossings(
  root,
  files.filter((f) => existsSync(join(root, f))),
);
for (const line of crossings) console.error(line);
if (crossings.length) process.exit(1);
