// "Show all" for text too long to render as markup: a read-only text area, which the browser
// draws cheaply however long the text is, made only when asked for.
import { useState } from "react";
import { CopyButton } from "./CopyButton";

export function LongText({ text, label = "Show all" }: { text: string | (() => string); label?: string }) {
  const [full, setFull] = useState<string>();
  if (full === undefined) {
    return (
      <button
        type="button"
        className="font-sans text-xs text-indigo-700 underline dark:text-indigo-300"
        onClick={() => setFull(typeof text === "function" ? text() : text)}
        data-testid="show-all"
      >
        {label}
      </button>
    );
  }
  return (
    <span className="mt-1 block">
      <span className="mb-1 flex items-center gap-2 font-sans text-xs text-slate-600 dark:text-slate-400">
        {full.length.toLocaleString()} characters
        <CopyButton text={full} className="btn-ghost" />
        <button type="button" className="underline" onClick={() => setFull(undefined)}>
          hide
        </button>
      </span>
      <textarea
        readOnly
        value={full}
        aria-label="Full text"
        className="h-64 w-full resize-y rounded border border-slate-300 bg-white p-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-950"
        data-testid="full-text"
      />
    </span>
  );
}
