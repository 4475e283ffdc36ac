// The light form draws every lesson's argument shapes and leaves the rest to the full form; its checks say what
// the full form says, and it sends only its own fields.
import { describe, expect, test } from "vitest";
import { adaptSchema } from "./schema-adapter";
import { problemsOf, sentValue, simpleFields } from "./simple-form";

const tool = adaptSchema({
  type: "object",
  properties: {
    id: { type: "string", description: "The ticket" },
    text: { type: "string", minLength: 1, maxLength: 5 },
    agent: { type: "string", enum: ["ana", "bo"] },
    priority: {
      type: "string",
      oneOf: [
        { const: "p1", title: "Urgent" },
        { const: "p2", title: "Later" },
      ],
    },
    count: { type: "integer", minimum: 1, maximum: 3 },
    send: { type: "boolean", default: false },
  },
  required: ["id", "send"],
  additionalProperties: false,
});

describe("which forms are light", () => {
  test("flat strings, numbers, booleans and single choices are", () => {
    const fields = simpleFields(tool)!;
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ["id", "text"],
      ["text", "text"],
      ["agent", "choice"],
      ["priority", "choice"],
      ["count", "number"],
      ["send", "boolean"],
    ]);
    expect(fields.find((f) => f.name === "priority")).toMatchObject({
      options: [
        { value: "p1", label: "Urgent" },
        { value: "p2", label: "Later" },
      ],
    });
  });

  test.each([
    ["a format", { when: { type: "string", format: "date-time" } }],
    ["a pattern", { code: { type: "string", pattern: "^T-" } }],
    ["a list", { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } }],
    ["an object", { address: { type: "object", properties: {} } }],
  ])("%s goes to the full form", (_, properties) => {
    expect(simpleFields(adaptSchema({ type: "object", properties }))).toBeUndefined();
  });
});

describe("the checks", () => {
  const fields = simpleFields(tool)!;
  test("a missing required field, a short or long text, a number out of range, a choice not listed", () => {
    const problems = problemsOf(fields, { text: "too long", count: 7, agent: "zed" });
    expect(Object.fromEntries(problems)).toEqual({
      id: "must have required property 'id'",
      send: "must have required property 'send'",
      text: "must NOT have more than 5 characters",
      count: "must be <= 3",
      agent: "must be one of the listed options",
    });
    expect(problemsOf(fields, { id: "T-1", send: false, text: "", count: 1.5 }).get("text")).toBe("must NOT have fewer than 1 characters");
    expect(problemsOf(fields, { id: "T-1", send: false, count: 1.5 }).get("count")).toBe("must be integer");
  });

  test("a valid value has no problems, and only the form's fields are sent", () => {
    const value = { id: "T-1", send: true, priority: "p2", extra: 1 };
    expect(problemsOf(fields, value).size).toBe(0);
    expect(sentValue(fields, value)).toEqual({ id: "T-1", send: true, priority: "p2" });
  });
});
