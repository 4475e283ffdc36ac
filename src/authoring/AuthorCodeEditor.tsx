// One part of a challenge (starter, checks, solution or a broken variant) in the learners' code editor, as a lazy
// chunk: the same Monaco, compiler options and SDK declarations, so a check's or a solution's type errors are marked
// as a learner's are, and the same keyboard path (one Tab stop, Enter goes in, Esc or Ctrl+M leaves). Each part's
// files are models under a folder of their own, apart from the learner's project.
import { useEffect, useId, useRef } from "react";
import { LEAVE_KEYS, SCREEN_READER_KEY } from "../editor/editor-keys";
import { addLeaveKeys, EditorStop } from "../editor/EditorStop";
import { monaco } from "../editor/monaco-setup";
import { createCodeEditor, syncModels, uriIn, useDeclarations } from "../editor/code-editor";

type Props = { folder: string; label: string; files: Record<string, string>; current: string; onEdit(path: string, text: string): void };

const root = (folder: string) => `author/${folder}`;

export default function AuthorCodeEditor({ folder, label, files, current, onEdit }: Props) {
  const stop = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const editRef = useRef(onEdit);
  editRef.current = onEdit;
  const { declared, declareFor } = useDeclarations();

  useEffect(() => {
    const created = createCodeEditor(host.current!);
    const { editor } = created;
    editorRef.current = editor;
    const subs = [
      editor.onDidChangeModelContent(() => {
        const model = editor.getModel();
        if (!model) return;
        editRef.current(model.uri.path.slice(`/author/${folder}/`.length), model.getValue());
        declareFor([model.getValue()]);
      }),
      addLeaveKeys(monaco, editor, stop, hintId),
    ];
    return () => {
      subs.forEach((s) => s.dispose());
      created.dispose();
      editorRef.current = null;
    };
  }, [folder]);

  // Files replaced or edited from outside (a copy, a start, another file added): the models follow, then the picked one shows.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    syncModels(root(folder), files);
    declareFor(Object.values(files));
    const model = monaco.editor.getModel(uriIn(root(folder), current));
    if (model && editor.getModel() !== model) editor.setModel(model);
    editor.updateOptions({
      ariaLabel: `${label}: ${current}. Code editor: Tab indents; ${LEAVE_KEYS} leaves it; ${SCREEN_READER_KEY} turns screen reader mode on or off.`,
    });
  }, [folder, files, current, label]);

  return (
    <div className="space-y-1">
      <EditorStop
        stop={stop}
        editor={editorRef}
        label={`${label}: ${current}, code editor: Enter to edit`}
        hintId={hintId}
        className="h-72 w-full overflow-hidden rounded-md border border-slate-300 dark:border-slate-600"
      >
        <div ref={host} className="h-full w-full" data-testid="author-monaco" data-declarations={declared.join(" ")} />
      </EditorStop>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        Enter goes into the editor, where Tab indents; {LEAVE_KEYS} leaves it.
      </p>
    </div>
  );
}
