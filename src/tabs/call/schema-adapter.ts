// MCP form schemas → what @rjsf/core renders correctly. Raw MCP shapes hit rjsf traps
// (UI-NOTES §3): enumNames is ignored, the multi-select shape becomes an "Add item" list,
// and a oneOf without `type` crashes the field.
import type { RJSFSchema, UiSchema } from "@rjsf/utils";

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);
const hasConsts = (v: unknown): v is Json[] => Array.isArray(v) && v.length > 0 && v.every((e) => isObj(e) && "const" in e);

function adaptProperty(prop: Json): { schema: Json; ui: UiSchema } {
  const schema: Json = { ...prop };
  const ui: UiSchema = {};
  // Legacy titled enum → titled oneOf, so the labels show.
  if (Array.isArray(schema.enum) && Array.isArray(schema.enumNames)) {
    const names = schema.enumNames as unknown[];
    schema.oneOf = (schema.enum as unknown[]).map((v, i) => ({ const: v, title: String(names[i] ?? v) }));
    delete schema.enum;
    delete schema.enumNames;
  }
  if (hasConsts(schema.anyOf) && schema.type !== "array") {
    schema.oneOf = schema.anyOf;
    delete schema.anyOf;
  }
  if (hasConsts(schema.oneOf)) {
    schema.type ??= "string";
    schema.oneOf = (schema.oneOf as Json[]).map((o) => ({ type: typeof o.const === "number" ? "number" : "string", ...o }));
  }
  if (schema.type === "array" && isObj(schema.items)) {
    const items: Json = { ...schema.items };
    if (hasConsts(items.oneOf)) {
      items.anyOf = items.oneOf;
      delete items.oneOf;
    }
    if (hasConsts(items.anyOf)) {
      items.type ??= "string";
      items.anyOf = (items.anyOf as Json[]).map((o) => ({ type: "string", ...o }));
    }
    if (Array.isArray(items.enum) || hasConsts(items.anyOf)) {
      // The MCP multi-select shape lacks uniqueItems; without it rjsf shows an array editor.
      schema.uniqueItems = true;
      ui["ui:widget"] = "checkboxes";
    }
    schema.items = items;
  }
  if (schema.format === "date-time") ui["ui:help"] = "Your local time; sent as UTC.";
  return { schema, ui };
}

export interface AdaptedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** What the form starts with: schema defaults, and `false` for required booleans without one. */
  initial: Json;
}

export function adaptSchema(raw: unknown): AdaptedForm {
  const source: Json = isObj(raw) ? raw : {};
  const props: Json = isObj(source.properties) ? source.properties : {};
  const required = Array.isArray(source.required) ? (source.required as string[]) : [];
  const properties: Json = {};
  const uiSchema: UiSchema = { "ui:order": [...Object.keys(props), "*"] };
  const initial: Json = {};
  for (const [name, value] of Object.entries(props)) {
    if (!isObj(value)) continue;
    const { schema, ui } = adaptProperty(value);
    properties[name] = schema;
    if (Object.keys(ui).length) uiSchema[name] = ui;
    if (schema.default !== undefined) initial[name] = schema.default;
    // A checkbox cannot look "unset": a required one starts unticked and is sent as false.
    else if (schema.type === "boolean" && required.includes(name)) initial[name] = false;
  }
  const { $schema: _ignored, ...rest } = source;
  return { schema: { ...rest, type: "object", properties, required } as RJSFSchema, uiSchema, initial };
}
