// The plain text editor for the open project file: the learner's choice (plain-editor-mode.ts), and what stands in
// for Monaco when its chunk cannot load. The problems list and the Tests tab still move it to a file and line.
import { useEffect, useRef } from "react";
import { projectStore, useProject } from "../project/project-store";
import { editorJumps } from "./editor-jumps";
import { offsetOf } from "./text-position";

export function PlainEditor() {
  const project = useProject();
  const file = project.activeFile ?? "";
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(
    () =>
      editorJumps.register(({ line, column }) => {
        // The jump has made its file the active one; the field shows it after this render.
        requestAnimationFrame(() => {
          const el = field.current;
          if (!el) return;
          const at = offsetOf(el.value, line, column);
          el.focus();
          el.setSelectionRange(at, at);
        });
      }),
    [],
  );

  return (
    <textarea
      ref={field}
      aria-label={`Code of ${file}`}
      spellCheck={false}
      data-testid="plain-editor"
      wrap="off"
      className="h-full w-full resize-none bg-transparent p-3 font-mono text-[0.85rem] leading-5 text-slate-800 outline-none dark:text-slate-200"
      value={project.files[file] ?? ""}
      onChange={(e) => projectStore.editFile(file, e.target.value)}
    />
  );
}
