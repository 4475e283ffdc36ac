import { describe, expect, test } from "vitest";
import type { LessonSummary } from "../server-bridge/lessons";
import { courseSteps, neighbours, passedCount } from "./course";
import { parseProgress, serializeProgress } from "./progress";

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

  test("'n of m' counts passed steps of one kind", () => {
    const steps = courseSteps(catalog);
    expect(passedCount(steps, new Set(["01-a", "c2-y"]), "lesson")).toEqual({ passed: 1, total: 2 });
    expect(passedCount(steps, new Set(["01-a", "c2-y"]), "challenge")).toEqual({ passed: 1, total: 2 });
  });

  test("stored progress round-trips, and anything malformed is no progress", () => {
    expect([...parseProgress(serializeProgress(new Set(["b", "a"])))]).toEqual(["a", "b"]);
    for (const bad of [null, "", "{", '{"v":2,"passed":["a"]}', '{"v":1,"passed":"a"}', '{"v":1}']) expect(parseProgress(bad).size).toBe(0);
    expect([...parseProgress('{"v":1,"passed":["a",3,null]}')]).toEqual(["a"]);
  });
});
