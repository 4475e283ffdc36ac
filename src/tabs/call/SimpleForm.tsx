// The light form: a tool's arguments when they are flat strings, numbers, booleans and single choices (what every
// lesson's tools take), drawn like the full form and checked as it checks, without loading rjsf and ajv.
import { useState } from "react";
import { problemsOf, sentValue, type SimpleField } from "./simple-form";

type Json = Record<string, unknown>;

interface Props {
  formId: string;
  fields: SimpleField[];
  value: Json;
  onChange: (value: Json) => void;
  onSubmit: (value: Json) => void;
  disabled?: boolean;
}

function Control({
  id,
  field,
  value,
  set,
  invalid,
  disabled,
}: {
  id: string;
  field: SimpleField;
  value: unknown;
  set(v: unknown): void;
  invalid: boolean;
  disabled?: boolean;
}) {
  const described = [field.description && `${id}__description`, invalid && `${id}__error`].filter(Boolean).join(" ") || undefined;
  const common = { id, name: id, disabled, "aria-invalid": invalid || undefined, "aria-describedby": described };
  if (field.kind === "boolean")
    return (
      <input
        type="checkbox"
        {...common}
        className="size-4 accent-indigo-600"
        checked={value === true}
        aria-required={field.required || undefined}
        onChange={(e) => set(e.target.checked)}
      />
    );
  if (field.kind === "choice") {
    const at = field.options.findIndex((o) => o.value === value);
    return (
      <select
        {...common}
        className="field-input"
        required={field.required}
        value={at < 0 ? "" : String(at)}
        onChange={(e) => set(e.target.value === "" ? undefined : field.options[Number(e.target.value)].value)}
      >
        {!field.hasDefault && <option value="">— not chosen —</option>}
        {field.options.map((o, i) => (
          <option key={String(o.value)} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "number")
    return (
      <input
        type="number"
        {...common}
        className="field-input"
        required={field.required}
        step={field.integer ? 1 : "any"}
        min={field.minimum}
        max={field.maximum}
        value={typeof value === "number" ? value : ""}
        onChange={(e) => set(e.target.value === "" ? undefined : Number(e.target.value))}
      />
    );
  return (
    <input
      type="text"
      {...common}
      className="field-input"
      required={field.required}
      value={typeof value === "string" ? value : ""}
      onChange={(e) => set(e.target.value === "" ? undefined : e.target.value)}
    />
  );
}

export function SimpleForm({ formId, fields, value, onChange, onSubmit, disabled }: Props) {
  const [shown, setShown] = useState<Map<string, string>>(new Map());
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problems = problemsOf(fields, value);
        setShown(problems);
        if (problems.size === 0) onSubmit(sentValue(fields, value));
      }}
    >
      {shown.size > 0 && (
        <div
          role="alert"
          className="mb-3 rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-200"
        >
          <p className="font-semibold">Not sent: fix {shown.size === 1 ? "this" : "these"} first</p>
          <ul className="list-disc pl-5">
            {[...shown].map(([name, message]) => (
              <li key={name}>{message.startsWith("must have required") ? message : `${label(name)}: ${message}`}</li>
            ))}
          </ul>
        </div>
      )}
      {fields.map((f) => {
        const id = `${formId}_${f.name}`;
        const problem = shown.get(f.name);
        const control = (
          <Control id={id} field={f} value={value[f.name]} set={(v) => onChange({ ...value, [f.name]: v })} invalid={!!problem} disabled={disabled} />
        );
        const mark = f.required && (
          <span className="ml-0.5 text-rose-600" aria-hidden>
            *
          </span>
        );
        return (
          <div key={f.name} className="mb-3" data-field={id}>
            {f.kind === "boolean" ? (
              <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
                {control}
                <span>
                  {f.label}
                  {mark}
                </span>
              </label>
            ) : (
              <label htmlFor={id} className="mb-1 block text-sm font-medium">
                {f.label}
                {mark}
              </label>
            )}
            {f.description && (
              <p id={`${id}__description`} className={`text-xs text-slate-500 dark:text-slate-400 ${f.kind === "boolean" ? "mt-0.5 ml-6" : "mb-1"}`}>
                {f.description}
              </p>
            )}
            {f.kind !== "boolean" && control}
            {problem && (
              <ul id={`${id}__error`} className="mt-1 text-xs text-rose-700 dark:text-rose-300">
                <li>{problem}</li>
              </ul>
            )}
          </div>
        );
      })}
    </form>
  );
}
