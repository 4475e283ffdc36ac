// The lesson catalog: reads lessons/<id>/ (meta.json, lesson.md, files/) and the hidden
// checks/<id>/ material of challenges. Everything is read once and kept in memory.
//
// Only getLesson() output may reach the browser. getChallengeMaterial() is for the check
// runner on the server: never serve it.

import { readdir, readFile, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";

import type { Lesson, LessonSummary } from "../../contract/lessons";
import type { TickRule } from "../../contract/verdicts";
import { isPersonaName, PERSONA_NAMES } from "../../contract/personas";
import { checkNamesIn } from "../../contract/challenges";

export type { Lesson, LessonSummary } from "../../contract/lessons";

/** checks/<id>/runner.json, for challenges whose checks run the learner's own tests (see checks/c7-write-the-tests/README.md). */
interface LearnerTestsRunner {
  mode: "learner-tests";
  /** The check that runs the learner's tests against `files` (a folder of checks/<id>/, such as "solution"); all must pass. */
  correct: { check: string; files: string };
  /** One check per broken variant in checks/<id>/broken/<dir>/: caught when at least one learner test fails. */
  broken: { dir: string; check: string }[];
}

export interface ChallengeMaterial {
  /** The checks/<id>/*.test.ts files, by file name. Empty for a "learner-tests" challenge. */
  checks: Record<string, string>;
  /** Check name to hint. */
  hints: Record<string, string>;
  /** checks/<id>/solution/: a full project that passes every check. */
  solution: Record<string, string>;
  /** checks/<id>/broken/<name>/: full sets of tool files with a bug each (only "learner-tests" challenges have them). */
  broken: Record<string, Record<string, string>>;
  /** How the checks run: "checks" = run the checks files against the learner's files; "learner-tests" = see `runner`. */
  mode: "checks" | "learner-tests";
  runner?: LearnerTestsRunner;
  /** Every check name, in the order the learner should see them. */
  checkNames: string[];
}

interface Meta extends LessonSummary {
  order: number;
  /** A lesson's tick rule (docs/verdicts.md lists them). */
  tick?: TickRule;
}

/** Lesson and challenge ids: lower-case url-safe slugs. No dots, no slashes, so no path traversal. */
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_FILE_BYTES = 256 * 1024;

export function isLessonId(id: unknown): id is string {
  return typeof id === "string" && id.length <= 64 && ID_PATTERN.test(id);
}

interface Catalog {
  listLessons(): Promise<LessonSummary[]>;
  getLesson(id: string): Promise<Lesson | undefined>;
  getChallengeMaterial(id: string): Promise<ChallengeMaterial | undefined>;
  getTickRule(id: string): Promise<TickRule | undefined>;
}

/** A catalog over given folders. The module-level functions below use the repository's lessons/ and checks/. */
export function createCatalog(roots: { lessonsDir: string; checksDir: string }): Catalog {
  let metas: Promise<Meta[]> | undefined;
  const lessons = new Map<string, Promise<Lesson | undefined>>();
  const materials = new Map<string, Promise<ChallengeMaterial | undefined>>();

  function allMetas(): Promise<Meta[]> {
    metas ??= loadMetas(roots.lessonsDir).catch((error) => {
      metas = undefined; // do not cache a failure
      throw error;
    });
    return metas;
  }

  async function metaOf(id: string): Promise<Meta | undefined> {
    if (!isLessonId(id)) return undefined;
    return (await allMetas()).find((meta) => meta.id === id);
  }

  function cached<T>(map: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
    let entry = map.get(id);
    if (!entry) {
      entry = load();
      map.set(id, entry);
      entry.catch(() => map.delete(id));
    }
    return entry;
  }

  return {
    async listLessons() {
      return (await allMetas()).map(summaryOf);
    },

    async getLesson(id) {
      if (!isLessonId(id)) return undefined;
      return cached(lessons, id, async () => {
        const meta = await metaOf(id);
        if (!meta) return undefined;
        const dir = join(roots.lessonsDir, id);
        const body = await readFile(join(dir, "lesson.md"), "utf8");
        const files = await readTree(join(dir, "files"));
        return { ...summaryOf(meta), body, files };
      });
    },

    async getTickRule(id) {
      const meta = await metaOf(id);
      return meta?.kind === "lesson" ? meta.tick : undefined;
    },

    async getChallengeMaterial(id) {
      if (!isLessonId(id)) return undefined;
      return cached(materials, id, async () => {
        const meta = await metaOf(id);
        // A challenge's hidden checks, or a lesson's hidden goal check.
        if (!meta || (meta.kind !== "challenge" && !meta.tick?.check)) return undefined;
        const dir = join(roots.checksDir, id);
        if (!(await isDirectory(dir))) return undefined;

        const checks: Record<string, string> = {};
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          if (entry.isFile() && entry.name.endsWith(".test.ts")) checks[entry.name] = await readText(join(dir, entry.name));
        }
        const hints = await readJson<Record<string, string>>(join(dir, "hints.json"), {});
        const solution = await readTree(join(dir, "solution"));
        const broken: Record<string, Record<string, string>> = {};
        const brokenDir = join(dir, "broken");
        if (await isDirectory(brokenDir)) {
          for (const entry of await readdir(brokenDir, { withFileTypes: true })) {
            if (entry.isDirectory() && isLessonId(entry.name)) broken[entry.name] = await readTree(join(brokenDir, entry.name));
          }
        }
        const runner = await readJson<LearnerTestsRunner | undefined>(join(dir, "runner.json"), undefined);
        if (runner) checkRunner(id, runner, broken);

        const checkNames = runner
          ? [runner.correct.check, ...runner.broken.map((b) => b.check)]
          : Object.keys(checks)
              .sort()
              .flatMap((name) => checkNamesIn(checks[name]));
        return { checks, hints, solution, broken, mode: runner ? "learner-tests" : "checks", runner, checkNames };
      });
    },
  };
}

function summaryOf({ id, title, kind, summary, taught, persona }: Meta): LessonSummary {
  return { id, title, kind, summary, taught, persona };
}

async function loadMetas(lessonsDir: string): Promise<Meta[]> {
  const out: Meta[] = [];
  for (const entry of await readdir(lessonsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !isLessonId(entry.name)) continue;
    const metaPath = join(lessonsDir, entry.name, "meta.json");
    if (!(await isFile(metaPath))) continue;
    const meta = JSON.parse(await readFile(metaPath, "utf8")) as Partial<Meta>;
    const problem =
      meta.id !== entry.name
        ? `id "${meta.id}" differs from its folder name`
        : typeof meta.title !== "string" || !meta.title
          ? "title is missing"
          : meta.kind !== "lesson" && meta.kind !== "challenge"
            ? `kind must be "lesson" or "challenge"`
            : typeof meta.summary !== "string"
              ? "summary is missing"
              : typeof meta.taught !== "string" || !meta.taught
                ? "taught is missing (what the lesson taught, in one line)"
                : typeof meta.order !== "number" || !Number.isFinite(meta.order)
                  ? "order must be a number"
                  : !isPersonaName(meta.persona)
                    ? `persona must be one of ${PERSONA_NAMES.join(", ")}`
                    : meta.kind === "lesson" && !isTickRule(meta.tick)
                      ? 'tick must be { "check": true } and/or { "steps": [...] }'
                      : undefined;
    if (problem) throw new Error(`lessons/${entry.name}/meta.json: ${problem}`);
    out.push(meta as Meta);
  }
  return out.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

function isTickRule(tick: unknown): tick is TickRule {
  if (typeof tick !== "object" || tick === null) return false;
  const { check, steps, ...rest } = tick as Record<string, unknown>;
  const stepsOk = steps === undefined || (Array.isArray(steps) && steps.length > 0 && steps.every((s) => typeof s === "string" && s.length > 0));
  return Object.keys(rest).length === 0 && (check === undefined || check === true) && stepsOk && (check === true || steps !== undefined);
}

function checkRunner(id: string, runner: LearnerTestsRunner, broken: Record<string, unknown>): void {
  const ok =
    runner.mode === "learner-tests" &&
    typeof runner.correct?.check === "string" &&
    isLessonId(runner.correct?.files) &&
    Array.isArray(runner.broken) &&
    runner.broken.every((b) => typeof b.check === "string" && isLessonId(b.dir) && b.dir in broken);
  if (!ok) throw new Error(`checks/${id}/runner.json is not a valid learner-tests manifest`);
}

/** Every text file under dir, keyed by its path relative to dir with "/" separators. Dotfiles are skipped. */
async function readTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!(await isDirectory(dir))) return out;
  const walk = async (sub: string): Promise<void> => {
    const entries = await readdir(join(dir, sub), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile()) out[rel] = await readText(join(dir, ...rel.split("/")));
    }
  };
  await walk("");
  return out;
}

async function readText(path: string): Promise<string> {
  const info = await stat(path);
  if (info.size > MAX_FILE_BYTES) throw new Error(`${path} is larger than ${MAX_FILE_BYTES} bytes`);
  return readFile(path, "utf8");
}

async function readJson<T>(path: string, fallback: T): Promise<T> {
  if (!(await isFile(path))) return fallback;
  return JSON.parse(await readFile(path, "utf8")) as T;
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

function dirOf(relative: string): string {
  const path = fileURLToPath(new URL(relative, import.meta.url));
  return path.endsWith(sep) ? path.slice(0, -1) : path;
}

const defaultCatalog = createCatalog({ lessonsDir: dirOf("../../lessons/"), checksDir: dirOf("../../checks/") });

/** Lessons then challenges, sorted by their meta.json `order`. */
export function listLessons(): Promise<LessonSummary[]> {
  return defaultCatalog.listLessons();
}

/** One lesson or challenge with its text and starter files; undefined for an unknown or malformed id. */
export function getLesson(id: string): Promise<Lesson | undefined> {
  return defaultCatalog.getLesson(id);
}

/** How a lesson ticks (its meta.json's `tick`); undefined for a challenge or an unknown id. */
export function getTickRule(id: string): Promise<TickRule | undefined> {
  return defaultCatalog.getTickRule(id);
}

/** The hidden material of a challenge or a lesson's goal check; undefined otherwise. Never serve this. */
export function getChallengeMaterial(id: string): Promise<ChallengeMaterial | undefined> {
  return defaultCatalog.getChallengeMaterial(id);
}
