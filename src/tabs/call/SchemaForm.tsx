// An @rjsf/core form over an adapted MCP schema. Lazy-loaded: rjsf and ajv are the heaviest
// part of the Call tab and are not needed until a tool is picked.
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import type { RJSFValidationError } from "@rjsf/utils";
import { templates, widgets } from "./form-widgets";
import type { AdaptedForm } from "./schema-adapter";

/** A wrong titled-enum value yields "must be equal to constant" per option plus a oneOf error; keep one, in plain words. */
function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const e of errors) {
    if (e.name === "const" || (e.name === "type" && /oneOf|anyOf/.test(e.schemaPath ?? ""))) continue;
    const message = e.name === "oneOf" || e.name === "anyOf" ? "must be one of the listed options" : e.message;
    const key = `${e.property}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const label = e.stack.includes(":") ? e.stack.slice(0, e.stack.indexOf(":")) : e.property?.replace(/^\./, "");
    out.push({ ...e, message, stack: label && e.name !== "required" ? `${label}: ${message}` : e.stack });
  }
  return out;
}

export interface SchemaFormProps {
  formId: string;
  form: AdaptedForm;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  disabled?: boolean;
}

export default function SchemaForm({ formId, form, value, onChange, onSubmit, disabled }: SchemaFormProps) {
  return (
    <Form
      id={formId}
      idPrefix={formId}
      schema={form.schema}
      uiSchema={{ ...form.uiSchema, "ui:submitButtonOptions": { norender: true } }}
      formData={value}
      validator={validator}
      templates={templates}
      widgets={widgets}
      disabled={disabled}
      noHtml5Validate
      omitExtraData
      liveOmit={false}
      showErrorList="top"
      transformErrors={transformErrors}
      experimental_defaultFormStateBehavior={{ constAsDefaults: "skipOneOf" }}
      onChange={(e) => onChange((e.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(e) => onSubmit((e.formData ?? {}) as Record<string, unknown>)}
    />
  );
}
