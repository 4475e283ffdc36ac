// Every lesson's starter project compiles into a session and its own tests pass; every challenge's
// checks fail on the starter files and pass on the reference solution. Runs against a real playground.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getChallengeMaterial, getLesson, listLessons, type LessonSummary } from "../server/lessons/catalog";
import { api, createSession, startTestPlayground } from "../server/testing/harness";
import { OTHER_RIGHT_SOLUTIONS } from "./challenge-right-variants";
import { WRONG_SOLUTIONS } from "./challenge-variants";
import type { Playground } from "../server/app";

let pg: Playground;
let all: LessonSummary[];

beforeAll(async () => {
  // Every challenge is checked at once from one address, more than a learner's share of runs in flight.
  pg = await startTestPlayground({ runsPerClient: 0 });
  all = await listLessons();
});
afterAll(async () => {
  await pg?.close();
});

const withoutTests = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([name]) => !name.endsWith(".test.ts")));

describe("lessons and challenges in a real session", () => {
  it("every starter project compiles and serves its tools", async () => {
    for (const { id } of all) {
      const lesson = (await getLesson(id))!;
      const session = await createSession(pg, lesson.files);
      expect(session.tools.length, id).toBeGreaterThan(0);
    }
  });

  it("every reference solution and broken variant compiles", async () => {
    for (const { id } of all.filter((l) => l.kind === "challenge")) {
      const material = (await getChallengeMaterial(id))!;
      for (const [name, files] of [["solution", material.solution] as const, ...Object.entries(material.broken)]) {
        const res = await api(pg, "POST", "/api/sessions", { files });
        expect(res.status, `${id} ${name}: ${res.text}`).toBe(201);
      }
    }
  });

  it("every lesson's own tests pass on its starter files", async () => {
    for (const { id } of all.filter((l) => l.kind === "lesson")) {
      const lesson = (await getLesson(id))!;
      const session = await createSession(pg, lesson.files);
      const run = await api(pg, "POST", `/api/sessions/${session.id}/tests`, {});
      expect(run.status, `${id}: ${run.text}`).toBe(200);
      const failed = run.json.tests.filter((t: { status: string }) => t.status !== "passed");
      expect(failed, `${id}: ${JSON.stringify(failed, null, 2)}`).toEqual([]);
      expect(run.json.passed, id).toBeGreaterThan(0);
    }
  });

  it("challenge checks fail on the starter files and pass on the solution", async () => {
    for (const { id } of all.filter((l) => l.kind === "challenge")) {
      const lesson = (await getLesson(id))!;
      const material = (await getChallengeMaterial(id))!;
      const onSolution = await api(pg, "POST", `/api/challenges/${id}/check`, { files: material.solution });
      expect(onSolution.status, `${id}: ${onSolution.text}`).toBe(200);
      expect(
        onSolution.json.checks.map((c: { name: string }) => c.name),
        id,
      ).toEqual(material.checkNames);
      expect(
        onSolution.json.checks.filter((c: { passed: boolean }) => !c.passed),
        id,
      ).toEqual([]);
      expect(onSolution.json.passed, id).toBe(true);

      const onStarter = await api(pg, "POST", `/api/challenges/${id}/check`, { files: lesson.files });
      expect(onStarter.status, id).toBe(200);
      expect(onStarter.json.passed, id).toBe(false);
      for (const check of onStarter.json.checks) if (!check.passed) expect(check.message, `${id}: ${check.name}`).toBe(material.hints[check.name]);
    }
  });

  it("the reference tests of the solutions pass too", async () => {
    for (const { id } of all.filter((l) => l.kind === "challenge")) {
      const material = (await getChallengeMaterial(id))!;
      if (!Object.keys(material.solution).some((name) => name.endsWith(".test.ts"))) continue;
      const session = await createSession(pg, material.solution);
      const run = await api(pg, "POST", `/api/sessions/${session.id}/tests`, {});
      expect(run.json.failed, `${id}: ${run.text}`).toBe(0);
      // ...and each broken variant is caught by them.
      for (const [name, files] of Object.entries(material.broken)) {
        const tests = Object.fromEntries(Object.entries(material.solution).filter(([n]) => n.endsWith(".test.ts")));
        const broken = await createSession(pg, { ...withoutTests(files), ...tests });
        const caught = await api(pg, "POST", `/api/sessions/${broken.id}/tests`, {});
        expect(caught.json.failed, `${id} ${name}`).toBeGreaterThan(0);
      }
    }
  });

  describe("each challenge: the reference passes every check, each one-mistake variant fails exactly its checks", () => {
    for (const [id, wrong] of Object.entries(WRONG_SOLUTIONS)) {
      it(`${id}: the reference and ${wrong.length} wrong solutions`, async () => {
        const starter = (await getLesson(id))!.files;
        const material = (await getChallengeMaterial(id))!;
        const reference = await api(pg, "POST", `/api/challenges/${id}/check`, { files: material.solution });
        expect(
          reference.json.checks.filter((c: { passed: boolean }) => !c.passed),
          `${id}: the reference`,
        ).toEqual([]);
        const reports = await Promise.all(wrong.map((w) => api(pg, "POST", `/api/challenges/${id}/check`, { files: w.files(material.solution, starter) })));
        wrong.forEach((w, i) => {
          const report = reports[i];
          expect(report.status, `${id} / ${w.name}: ${report.text}`).toBe(200);
          for (const name of w.failing) expect(material.checkNames, `${id} / ${w.name}: the table names a real check`).toContain(name);
          const failed = report.json.checks.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string }) => c.name);
          expect(report.json.passed, `${id} / ${w.name}`).toBe(false);
          expect([...failed].sort(), `${id} / ${w.name}`).toEqual([...w.failing].sort());
          if (w.failure) expect(report.json.failure?.kind, `${id} / ${w.name}`).toBe(w.failure);
        });
      });
    }

    it("every challenge has wrong solutions and a right one shaped differently from the reference, which passes", async () => {
      const challenges = all.filter((l) => l.kind === "challenge").map((l) => l.id);
      expect(Object.keys(WRONG_SOLUTIONS).sort()).toEqual([...challenges].sort());
      expect(Object.keys(OTHER_RIGHT_SOLUTIONS).sort()).toEqual([...challenges].sort());
      // One after another: there are more challenges than one client may have checks in flight (RUNS_PER_CLIENT).
      for (const id of challenges) {
        const report = await api(pg, "POST", `/api/challenges/${id}/check`, { files: OTHER_RIGHT_SOLUTIONS[id]((await getLesson(id))!.files) });
        expect(report.status, id).toBe(200);
        expect(
          report.json.checks.filter((c: { passed: boolean }) => !c.passed),
          id,
        ).toEqual([]);
        expect(report.json.passed, id).toBe(true);
      }
    });
  });
});
