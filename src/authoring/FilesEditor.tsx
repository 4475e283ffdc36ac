// One part of a challenge's files (the starter, the checks, the solution or a broken variant): a list of its files to
// pick from, the picked file in the learners' code editor (a plain text field while it loads or when it cannot), and
// adding or removing files. Names are checked by the server.
import { lazy, Suspense, useId, useState } from "react";
import { EditorFallback } from "../editor/EditorFallback";
import { usePlainEditorMode } from "../editor/plain-editor-mode";

// React remembers a failed lazy import, so "Try again" needs a new lazy component.
const loadCode = () => lazy(() => import("./AuthorCodeEditor"));

type Props = {
  label: string;
  files: Record<string, string>;
  onChange(files: Record<string, string>): void;
  /** What a new file is called when the author does not say ("checks.test.ts", "new.tool.ts"). */
  newName: string;
};

export function FilesEditor({ label, files, onChange, newName }: Props) {
  const folder = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const names = Object.keys(files);
  const [picked, setPicked] = useState<string | undefined>(names[0]);
  const [adding, setAdding] = useState("");
  const [Code, setCode] = useState(loadCode);
  const plainMode = usePlainEditorMode();
  const id = useId();
  const current = picked !== undefined && picked in files ? picked : names[0];

  const add = () => {
    const name = adding.trim() || newName;
    if (name in files) return setPicked(name);
    onChange({ ...files, [name]: "" });
    setPicked(name);
    setAdding("");
  };
  const remove = (name: string) => {
    const { [name]: _, ...rest } = files;
    onChange(rest);
    setPicked(Object.keys(rest)[0]);
  };

  const edit = (text: string) => current !== undefined && onChange({ ...files, [current]: text });
  // The plain field: while the editor's chunk loads, in its place when it cannot, and when the author chose the plain
  // editor in the playground (as learners get).
  const plain = current !== undefined && (
    <div className="space-y-1">
      <textarea
        id={`${id}-text`}
        className="field-input h-72 w-full font-mono text-sm leading-snug"
        spellCheck={false}
        value={files[current]}
        onChange={(e) => edit(e.target.value)}
        onKeyDown={(e) => {
          // Tab indents, as in the editor; Escape then Tab leaves the field (the keyboard path out).
          if (e.key !== "Tab" || e.shiftKey || e.currentTarget.dataset.escaped === "1") return;
          e.preventDefault();
          const el = e.currentTarget;
          const { selectionStart: at, selectionEnd: end } = el;
          const text = `${el.value.slice(0, at)}  ${el.value.slice(end)}`;
          edit(text);
          requestAnimationFrame(() => el.setSelectionRange(at + 2, at + 2));
        }}
        onKeyUp={(e) => {
          if (e.key === "Escape") e.currentTarget.dataset.escaped = "1";
          else if (e.key !== "Tab") delete e.currentTarget.dataset.escaped;
        }}
        onBlur={(e) => delete e.currentTarget.dataset.escaped}
        aria-describedby={`${id}-keys`}
      />
      <p id={`${id}-keys`} className="text-xs text-slate-600 dark:text-slate-400">
        Tab indents; press Escape, then Tab, to leave the text.
      </p>
    </div>
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label={`${label} files`}>
        {names.map((name) => (
          <button
            key={name}
            type="button"
            className={name === current ? "btn-primary" : "btn-secondary"}
            aria-pressed={name === current}
            onClick={() => setPicked(name)}
          >
            {name}
          </button>
        ))}
        <label className="sr-only" htmlFor={`${id}-new`}>
          New {label.toLowerCase()} file name
        </label>
        <input
          id={`${id}-new`}
          className="field-input w-44 font-mono text-sm"
          placeholder={newName}
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
        />
        <button type="button" className="btn-secondary" onClick={add}>
          Add file
        </button>
      </div>
      {current === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No files yet: add one.</p>
      ) : (
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={`${id}-text`} className="font-mono text-sm font-medium">
              {label}: {current}
            </label>
            <button type="button" className="btn-ghost text-sm" onClick={() => remove(current)}>
              Remove {current}
            </button>
          </div>
          {plainMode ? (
            plain
          ) : (
            <EditorFallback plain={plain} onRetry={() => setCode(loadCode)}>
              <Suspense fallback={plain}>
                <Code folder={folder} label={label} files={files} current={current} onEdit={(path, text) => onChange({ ...files, [path]: text })} />
              </Suspense>
            </EditorFallback>
          )}
        </div>
      )}
    </div>
  );
}
