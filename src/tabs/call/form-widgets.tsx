// Tailwind templates and widgets for @rjsf/core. Native controls throughout, so forms are
// keyboard-friendly and tests can find fields by their labels.
import type { ChangeEvent, FocusEvent } from "react";
import {
  ariaDescribedByIds,
  descriptionId,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  errorId,
  getInputProps,
  getOptionValueFormat,
  optionId,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type ErrorListProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type SubmitButtonProps,
  type TemplatesType,
  type TitleFieldProps,
  type WidgetProps,
} from "@rjsf/utils";

function FieldTemplate({ id, label, children, errors, rawDescription, hidden, required, displayLabel, schema }: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  const isBoolean = schema.type === "boolean";
  const isGroup = schema.type === "object";
  if (isGroup) return <div>{children}</div>;
  return (
    <div className="mb-3" data-field={id}>
      {displayLabel && !isBoolean && (
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
          {required && (
            <span className="ml-0.5 text-rose-600" aria-hidden>
              *
            </span>
          )}
        </label>
      )}
      {displayLabel && rawDescription && !isBoolean && (
        <p id={descriptionId(id)} className="mb-1 text-xs text-slate-600 dark:text-slate-400">
          {rawDescription}
        </p>
      )}
      {children}
      {errors}
    </div>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <div>{properties.map((p) => p.content)}</div>;
}

function TitleFieldTemplate({ title }: TitleFieldProps) {
  return <p className="mb-2 font-semibold">{title}</p>;
}

function DescriptionFieldTemplate({ description, id }: DescriptionFieldProps) {
  return description ? (
    <p id={id} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
      {description}
    </p>
  ) : null;
}

function ErrorListTemplate({ errors }: ErrorListProps) {
  return (
    <div
      role="alert"
      className="mb-3 rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-200"
    >
      <p className="font-semibold">Not sent: fix {errors.length === 1 ? "this" : "these"} first</p>
      <ul className="list-disc pl-5">
        {errors.map((e, i) => (
          <li key={i}>{e.stack}</li>
        ))}
      </ul>
    </div>
  );
}

function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter(Boolean);
  if (!shown.length) return null;
  return (
    <ul id={errorId(fieldPathId)} className="mt-1 text-xs text-rose-700 dark:text-rose-300">
      {shown.map((e, i) => (
        <li key={i}>{e}</li>
      ))}
    </ul>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, options, schema, type, rawErrors, placeholder, required } = props;
  const inputProps = getInputProps(schema, type, options);
  const inputValue = inputProps.type === "number" || inputProps.type === "integer" ? (value || value === 0 ? value : "") : (value ?? "");
  return (
    <input
      id={id}
      name={htmlName || id}
      className="field-input"
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      required={required}
      value={inputValue}
      aria-invalid={rawErrors?.length ? true : undefined}
      {...inputProps}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === "" ? options.emptyValue : e.target.value)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

function SubmitButton(_: SubmitButtonProps) {
  // The Call tab draws its own Accept / Decline / Cancel row.
  return null;
}

function SelectWidget({
  id,
  options,
  value,
  required,
  disabled,
  readonly,
  autofocus,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  htmlName,
  schema,
  rawErrors,
}: WidgetProps) {
  const { enumOptions, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (v: string) => enumOptionValueDecoder(v, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, "");
  return (
    <select
      id={id}
      name={htmlName || id}
      className="field-input"
      value={typeof selected === "string" ? selected : ""}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {schema.default === undefined && <option value="">{placeholder || "— not chosen —"}</option>}
      {(enumOptions ?? []).map((o, i) => (
        <option key={String(o.value)} value={enumOptionValueEncoder(o.value, i, format)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function CheckboxWidget({ id, value, disabled, readonly, label, autofocus, onChange, onBlur, onFocus, htmlName, required, schema }: WidgetProps) {
  return (
    <div>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          className="size-4 accent-indigo-600"
          checked={value === true}
          aria-required={required || undefined}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
          aria-describedby={ariaDescribedByIds(id)}
        />
        <span>
          {label}
          {required && (
            <span className="ml-0.5 text-rose-600" aria-hidden>
              *
            </span>
          )}
        </span>
      </label>
      {schema.description && (
        <p id={descriptionId(id)} className="mt-0.5 ml-6 text-xs text-slate-600 dark:text-slate-400">
          {schema.description}
        </p>
      )}
    </div>
  );
}

function CheckboxesWidget({ id, disabled, options, value, readonly, onChange, htmlName }: WidgetProps) {
  const { enumOptions = [] } = options;
  const format = getOptionValueFormat(options);
  const values: unknown[] = Array.isArray(value) ? value : [];
  return (
    <div id={id} role="group" className="flex flex-wrap gap-x-4 gap-y-1">
      {enumOptions.map((o, i) => (
        <label key={String(o.value)} className="inline-flex cursor-pointer items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            id={optionId(id, i)}
            name={htmlName || id}
            className="size-4 accent-indigo-600"
            checked={enumOptionsIsSelected(o.value, values)}
            value={enumOptionValueEncoder(o.value, i, format)}
            disabled={disabled || readonly}
            onChange={(e) => onChange(e.target.checked ? enumOptionsSelectValue(i, values, enumOptions) : enumOptionsDeselectValue(i, values, enumOptions))}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  BaseInputTemplate,
  ButtonTemplates: { SubmitButton } as TemplatesType["ButtonTemplates"],
};

export const widgets: RegistryWidgetsType = { SelectWidget, CheckboxWidget, CheckboxesWidget };
