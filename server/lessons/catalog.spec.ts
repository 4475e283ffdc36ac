import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PERSONAS } from "../../contract/personas";
import { checkNamesIn } from "../../contract/challenges";
import { createCatalog, getChallengeMaterial, getLesson, isLessonId, listLessons } from "./catalog";

describe("lesson catalog", () => {
  it("lists 20 lessons in order (the FrontMCP track, then servers on the official SDK, a session replayed, a client that breaks the rules, a person who takes their time, running on many instances), then at least 7 challenges", async () => {
    const all = await listLessons();
    const kinds = all.map((l) => l.kind);
    expect(kinds.slice(0, 20)).toEqual(Array(20).fill("lesson"));
    expect(kinds.slice(20).length).toBeGreaterThanOrEqual(7);
    expect(kinds.slice(20).every((k) => k === "challenge")).toBe(true);
    expect(all[0].id).toBe("01-acts-without-asking");
    expect(all[11].id).toBe("12-connect-a-real-client");
    expect(all[12].id).toBe("13-support-desk-on-the-official-sdk");
    expect(all.map((l) => l.id).slice(0, 20)).toEqual([...all.map((l) => l.id).slice(0, 20)].sort());
    for (const lesson of all) {
      expect(Object.keys(lesson).sort()).toEqual(["id", "kind", "persona", "summary", "taught", "title"]);
      expect(lesson.title.length).toBeGreaterThan(0);
      expect(lesson.summary.length).toBeGreaterThan(0);
      // The end of course lists each one's line: one line, a sentence.
      expect(lesson.taught).toMatch(/^[^\n]{10,120}\.$/);
    }
  });

  it("gives every lesson a body and starter files, with one test file at least", async () => {
    for (const { id, kind } of await listLessons()) {
      const lesson = await getLesson(id);
      expect(lesson, id).toBeDefined();
      expect(lesson!.kind).toBe(kind);
      expect(lesson!.body.trim().length, id).toBeGreaterThan(0);
      const names = Object.keys(lesson!.files);
      expect(names.length, id).toBeGreaterThan(0);
      expect(
        names.every((name) => /^[\w.-]+(\/[\w.-]+)*$/.test(name)),
        id,
      ).toBe(true);
      if (kind === "lesson")
        expect(
          names.some((name) => name.endsWith(".test.ts")),
          id,
        ).toBe(true);
      expect(lesson!.body, id).toMatch(/\*\*Try it/);
    }
  });

  it("gives every challenge at least four checks, each with a hint, and a solution", async () => {
    const challenges = (await listLessons()).filter((l) => l.kind === "challenge");
    for (const { id } of challenges) {
      const material = await getChallengeMaterial(id);
      expect(material, id).toBeDefined();
      expect(material!.checkNames.length, id).toBeGreaterThanOrEqual(4);
      expect(new Set(material!.checkNames).size, id).toBe(material!.checkNames.length);
      for (const name of material!.checkNames) expect(material!.hints[name]?.trim(), `${id}: ${name}`).toBeTruthy();
      expect(Object.keys(material!.hints).sort(), id).toEqual([...material!.checkNames].sort());
      expect(Object.keys(material!.solution).length, id).toBeGreaterThan(0);
      if (material!.mode === "checks") expect(Object.keys(material!.checks).length, id).toBeGreaterThan(0);
      else expect(Object.keys(material!.broken).length, id).toBeGreaterThanOrEqual(4);
    }
  });

  it("keeps hints free of the checks' literals", async () => {
    for (const { id } of (await listLessons()).filter((l) => l.kind === "challenge")) {
      const material = (await getChallengeMaterial(id))!;
      const literals = Object.values(material.checks)
        .flatMap((source) => [...source.matchAll(/"([^"\n]{4,})"/g)].map((m) => m[1]))
        .filter((literal) => !material.checkNames.includes(literal) && !/^[a-z_]+$/.test(literal) && !literal.startsWith("@"));
      for (const hint of Object.values(material.hints)) for (const literal of literals) expect(hint, id).not.toContain(literal);
    }
  });

  it("has no hidden material for lessons and no lesson for unknown ids", async () => {
    expect(await getChallengeMaterial("01-acts-without-asking")).toBeUndefined();
    expect(await getLesson("no-such-lesson")).toBeUndefined();
    expect(await getChallengeMaterial("no-such-challenge")).toBeUndefined();
  });

  it("rejects ids that could leave the lessons folder", async () => {
    for (const id of ["../checks", "..", ".", "c1-confirm-before-deleting/../../checks", "..%2Fchecks", "/etc/passwd", "C1", "a b", ""]) {
      expect(isLessonId(id), id).toBe(false);
      expect(await getLesson(id), id).toBeUndefined();
      expect(await getChallengeMaterial(id), id).toBeUndefined();
    }
  });

  it("never puts hidden material into a lesson's files", async () => {
    for (const { id } of await listLessons()) {
      const lesson = (await getLesson(id))!;
      for (const name of Object.keys(lesson.files)) expect(name.startsWith("checks") || name.includes(".."), name).toBe(false);
      const material = await getChallengeMaterial(id);
      if (material) for (const source of Object.values(material.checks)) expect(Object.values(lesson.files)).not.toContain(source);
    }
  });

  it("names the persona each lesson expects, also in the full lesson", async () => {
    for (const summary of await listLessons()) {
      expect(Object.keys(PERSONAS), summary.id).toContain(summary.persona);
      expect((await getLesson(summary.id))!.persona).toBe(summary.persona);
    }
    const byId = Object.fromEntries((await listLessons()).map((l) => [l.id, l.persona]));
    // The lessons whose "Try it" starts from a client that cannot ask, or from a 2025 session.
    expect(byId["07-clients-that-cannot-ask"]).toBe("modern-no-elicitation");
    expect(byId["c6-optional-asking"]).toBe("modern-no-elicitation");
    expect(byId["12-connect-a-real-client"]).toBe("legacy");
    expect(byId["02-asking-with-elicit"]).toBe("modern");
    expect(byId["10-sensitive-data-url-mode"]).toBe("modern-with-url");
  });

  it("refuses a meta.json without a known persona, naming the file and the choices", async () => {
    const root = mkdtempSync(join(tmpdir(), "catalog-"));
    try {
      const dir = join(root, "lessons", "01-x");
      mkdirSync(dir, { recursive: true });
      const meta = { id: "01-x", title: "X", kind: "lesson", summary: "s", taught: "t", order: 1, tick: { steps: ["call close_ticket"] } };
      writeFileSync(join(dir, "meta.json"), JSON.stringify({ ...meta, persona: "forms-and-url" }));
      const catalog = createCatalog({ lessonsDir: join(root, "lessons"), checksDir: join(root, "checks") });
      await expect(catalog.listLessons()).rejects.toThrow(
        "lessons/01-x/meta.json: persona must be one of modern, modern-with-url, modern-no-elicitation, misbehaving, legacy, legacy-with-url, legacy-no-forms",
      );
      writeFileSync(join(dir, "meta.json"), JSON.stringify({ ...meta, persona: "legacy-no-forms" }));
      await expect(catalog.listLessons()).resolves.toEqual([{ id: "01-x", title: "X", kind: "lesson", summary: "s", taught: "t", persona: "legacy-no-forms" }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("refuses a lesson without a tick rule, and reads the rule it has", async () => {
    const root = mkdtempSync(join(tmpdir(), "catalog-"));
    try {
      const dir = join(root, "lessons", "01-x");
      mkdirSync(dir, { recursive: true });
      const meta = { id: "01-x", title: "X", kind: "lesson", summary: "s", taught: "t", order: 1, persona: "modern" };
      for (const tick of [undefined, {}, { steps: [] }, { check: false }, { steps: ["call x"], other: 1 }]) {
        writeFileSync(join(dir, "meta.json"), JSON.stringify({ ...meta, tick }));
        const catalog = createCatalog({ lessonsDir: join(root, "lessons"), checksDir: join(root, "checks") });
        await expect(catalog.listLessons(), JSON.stringify(tick)).rejects.toThrow("lessons/01-x/meta.json: tick must be");
      }
      writeFileSync(join(dir, "meta.json"), JSON.stringify({ ...meta, tick: { check: true, steps: ["call x"] } }));
      const catalog = createCatalog({ lessonsDir: join(root, "lessons"), checksDir: join(root, "checks") });
      await expect(catalog.getTickRule("01-x")).resolves.toEqual({ check: true, steps: ["call x"] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("reads check names from test(...) calls", () => {
    expect(checkNamesIn(`test("A one", async () => {});\ntest.only('Two \\'quoted\\'', () => {}); test.describe("x", () => {})`)).toEqual([
      "A one",
      "Two 'quoted'",
    ]);
  });
});
