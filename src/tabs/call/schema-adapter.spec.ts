// The Call tab's form: MCP's form shapes turned into what @rjsf/core renders right (UI-NOTES §3).
import { describe, expect, test } from "vitest";
import { adaptSchema } from "./schema-adapter";

describe("adaptSchema", () => {
  test("a legacy enum with enumNames becomes a titled oneOf, so the labels show", () => {
    const { schema } = adaptSchema({ type: "object", properties: { p: { type: "string", enum: ["lo", "hi"], enumNames: ["Low", "High"] } } });
    expect(schema.properties!.p).toEqual({
      type: "string",
      oneOf: [
        { type: "string", const: "lo", title: "Low" },
        { type: "string", const: "hi", title: "High" },
      ],
    });
  });

  test("a titled oneOf without type gets one (rjsf crashes without it), per option too", () => {
    const { schema } = adaptSchema({
      properties: {
        n: {
          oneOf: [
            { const: 1, title: "One" },
            { const: "two", title: "Two" },
          ],
        },
      },
    });
    expect(schema.properties!.n).toEqual({
      type: "string",
      oneOf: [
        { type: "number", const: 1, title: "One" },
        { type: "string", const: "two", title: "Two" },
      ],
    });
  });

  test("the multi-select shapes become checkboxes with unique items", () => {
    const plain = adaptSchema({ properties: { tags: { type: "array", items: { type: "string", enum: ["a", "b"] } } } });
    expect(plain.schema.properties!.tags).toMatchObject({ uniqueItems: true });
    expect(plain.uiSchema.tags).toEqual({ "ui:widget": "checkboxes" });
    const titled = adaptSchema({ properties: { tags: { type: "array", items: { anyOf: [{ const: "a", title: "A" }] } } } });
    expect(titled.schema.properties!.tags).toEqual({
      type: "array",
      uniqueItems: true,
      items: { type: "string", anyOf: [{ type: "string", const: "a", title: "A" }] },
    });
    expect(titled.uiSchema.tags).toEqual({ "ui:widget": "checkboxes" });
  });

  test("defaults fill the form; a required box without one starts unticked; the field order is kept", () => {
    const form = adaptSchema({
      type: "object",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      properties: {
        when: { type: "string", format: "date-time" },
        confirm: { type: "boolean" },
        note: { type: "string", default: "hi" },
        opt: { type: "boolean" },
      },
      required: ["confirm"],
    });
    expect(form.initial).toEqual({ confirm: false, note: "hi" });
    expect(form.uiSchema["ui:order"]).toEqual(["when", "confirm", "note", "opt", "*"]);
    expect(form.uiSchema.when).toEqual({ "ui:help": "Your local time; sent as UTC." });
    expect(form.schema).not.toHaveProperty("$schema");
    expect(form.schema.required).toEqual(["confirm"]);
  });

  test("anything that is not an object schema gives an empty form, not a crash", () => {
    for (const raw of [undefined, null, "x", [], { properties: "nope" }, { properties: { a: 3 } }]) {
      const form = adaptSchema(raw);
      expect(form.schema).toMatchObject({ type: "object", properties: {}, required: [] });
      expect(form.initial).toEqual({});
    }
  });
});
