// Raw JSON instead of a form, as the MCP Inspector allows: for the tool's arguments or for an
// answer, to send on purpose what a form would refuse (a wrong type, an extra key).
import { useState } from "react";

export function RawJsonInput({
  formId,
  label,
  value,
  hint,
  onSubmit,
}: {
  formId: string;
  label: string;
  value: unknown;
  hint: string;
  onSubmit: (v: Record<string, unknown>) => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [error, setError] = useState<string>();
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (err) {
          setError(`Not JSON: ${(err as Error).message}`);
          return;
        }
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
          setError("It must be a JSON object: { … }.");
          return;
        }
        setError(undefined);
        onSubmit(parsed as Record<string, unknown>);
      }}
    >
      <label className="block text-xs text-slate-600 dark:text-slate-400">
        <span className="sr-only">{label}</span>
        <textarea
          className="field-input min-h-24 font-mono text-xs"
          spellCheck={false}
          value={text}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/⌘+Enter sends, as everywhere else; a plain Enter is a new line here.
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.stopPropagation();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={Math.min(12, text.split("\n").length + 1)}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p>
      )}
    </form>
  );
}
