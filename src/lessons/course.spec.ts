import { describe, expect, test } from "vitest";
import type { LessonSummary } from "../server-bridge/lessons";
import { courseSteps, neighbours, passingCount } from "./course";
import { parseProgress, serializeProgress, stateIn } from "./progress";

const summary = (id: string, kind: "lesson" | "challenge") => ({ id, title: id, kind, summary: "", persona: "modern" }) as LessonSummary;
const catalog = [summary("01-a", "lesson"), summary("c1-x", "challenge"), summary("02-b", "lesson"), summary("c2-y", "challenge")];

describe("course order and progress", () => {
  test("lessons are numbered first, challenges on their own, each with its neighbours", () => {
    const steps = courseSteps(catalog);
    expect(steps.map((s) => s.label)).toEqual(["Lesson 1", "Lesson 2", "Challenge 1", "Challenge 2"]);
    const { previous, current, next } = neighbours(steps, "02-b");
    expect([previous?.lesson.id, current?.label, next?.lesson.id]).toEqual(["01-a", "Lesson 2", "c1-x"]);
    expect(neighbours(steps, "01-a").previous).toBeUndefined();
    expect(neighbours(steps, "c2-y").next).toBeUndefined();
    expect(neighbours(steps, "nope")).toEqual({});
  });

  test("'n of m' counts lessons and challenges together, those passing now", () => {
    const steps = courseSteps(catalog);
    expect(passingCount(steps, (id) => ["01-a", "c2-y"].includes(id))).toEqual({ passing: 2, total: steps.length });
  });

  test("stored progress round-trips with both facts, and anything malformed is no progress", () => {
    const items = new Map([
      ["b", { passesNow: false, firstPassedAt: "2026-12-02T10:00:00.000Z" }],
      ["a", { passesNow: true, firstPassedAt: "2026-12-02T09:00:00.000Z" }],
    ]);
    const back = parseProgress(serializeProgress(items));
    expect([...back.keys()]).toEqual(["a", "b"]);
    expect(stateIn(back, "a")).toBe("passes-now");
    expect(stateIn(back, "b")).toBe("passed-before");
    expect(stateIn(back, "zz")).toBe("not-opened");
    for (const bad of [null, "", "{", '{"v":2,"passed":["a"]}', '{"v":1,"passed":"a"}', '{"v":1}', '{"v":2,"items":{"a":{"passesNow":"yes"}}}'])
      expect(parseProgress(bad).size).toBe(0);
    // The old record knew only "passed once": passed before, not known to pass now.
    expect(stateIn(parseProgress('{"v":1,"passed":["a",3,null]}'), "a")).toBe("passed-before");
  });
});
