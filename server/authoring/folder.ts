// An authored challenge as the course's own folders: lessons/<id>/ (meta.json, lesson.md, files/) and checks/<id>/
// (the *.test.ts checks, hints.json, solution/, broken/<variant>/), as lessons/README.md and checks/README.md
// describe them. Export writes them, so the zip can become part of the course by a pull request; import reads them.
import type { ChallengeDraft, ChallengeDraftInput } from "../../contract/challenges";
import { isPersonaName } from "../../contract/personas";
import { HttpError } from "../http/respond";
import { isLessonId } from "../lessons/catalog";

/** The folder name a challenge exports under: its title as a slug (the id when the title gives none). */
export function folderName(id: string, title: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return isLessonId(slug) ? slug : id;
}

const under = (prefix: string, files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, text]) => [prefix + name, text]));

export function toFolders(id: string, draft: ChallengeDraft): Record<string, string> {
  const name = folderName(id, draft.title);
  const meta = { id: name, title: draft.title, kind: "challenge", summary: draft.title, taught: draft.title, order: 199, persona: draft.persona };
  const broken = Object.entries(draft.broken).flatMap(([variant, files]) => Object.entries(under(`checks/${name}/broken/${variant}/`, files)));
  return {
    [`lessons/${name}/meta.json`]: `${JSON.stringify(meta, null, 2)}\n`,
    [`lessons/${name}/lesson.md`]: draft.text,
    ...under(`lessons/${name}/files/`, draft.starter),
    ...under(`checks/${name}/`, draft.checks),
    [`checks/${name}/hints.json`]: `${JSON.stringify(draft.hints, null, 2)}\n`,
    ...under(`checks/${name}/solution/`, draft.solution),
    ...Object.fromEntries(broken),
  };
}

/** Files under `prefix`, keyed by the rest of their path. */
function within(files: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(files).flatMap(([path, text]) => (path.startsWith(prefix) ? [[path.slice(prefix.length), text]] : [])));
}

function json(path: string, text: string | undefined): unknown {
  if (text === undefined) throw new HttpError(400, `The folder has no ${path}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, `${path} is not valid JSON`);
  }
}

/** The challenge in an exported folder (or the same folders one level down, as an archiver zips a folder). */
export function fromFolders(all: Record<string, string>): ChallengeDraftInput {
  const metas = Object.keys(all).filter((path) => /^(?:[^/]+\/)?lessons\/[^/]+\/meta\.json$/.test(path));
  if (metas.length !== 1) throw new HttpError(400, "The zip must hold one challenge: lessons/<id>/meta.json and checks/<id>/");
  const [, root, name] = /^((?:[^/]+\/)?)lessons\/([^/]+)\/meta\.json$/.exec(metas[0])!;
  const files = within(all, root);
  const meta = json(`lessons/${name}/meta.json`, files[`lessons/${name}/meta.json`]) as Record<string, unknown>;
  if (meta.kind !== "challenge") throw new HttpError(400, `lessons/${name}/meta.json is not a challenge ("kind": "challenge")`);
  const checksDir = within(files, `checks/${name}/`);
  if (checksDir["runner.json"] !== undefined) throw new HttpError(400, "Challenges whose checks run the learner's own tests (runner.json) cannot be imported");
  const checks = Object.fromEntries(Object.entries(checksDir).filter(([path]) => !path.includes("/") && path.endsWith(".test.ts")));
  const broken: Record<string, Record<string, string>> = {};
  for (const [path, text] of Object.entries(within(checksDir, "broken/"))) {
    const [variant, ...rest] = path.split("/");
    if (rest.length) (broken[variant] ??= {})[rest.join("/")] = text;
  }
  const text = files[`lessons/${name}/lesson.md`];
  if (text === undefined) throw new HttpError(400, `The folder has no lessons/${name}/lesson.md`);
  return {
    title: typeof meta.title === "string" ? meta.title : "",
    text,
    persona: isPersonaName(meta.persona) ? meta.persona : "modern",
    starter: within(files, `lessons/${name}/files/`),
    checks,
    hints: json(`checks/${name}/hints.json`, checksDir["hints.json"]) as Record<string, string>,
    solution: within(checksDir, "solution/"),
    broken,
  };
}
