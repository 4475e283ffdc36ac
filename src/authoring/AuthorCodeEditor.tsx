// One part of a challenge (starter, checks, solution or a broken variant) in the learners' code editor, as a lazy
// chunk: the same Monaco, compiler options and SDK declarations, so a check's or a solution's type errors are marked
// as a learner's are, and the same keyboard path (one Tab stop, Enter goes in, Esc or Ctrl+M leaves). Each part's
// files are models under a folder of their own, apart from the learner's project.
import { useEffect, useId, useRef, useState } from "react";
import { LEAVE_KEYS, SCREEN_READER_KEY } from "../editor/editor-keys";
import { addLeaveKeys, EditorStop } from "../editor/EditorStop";
import { pageEditorFontSize, pageEditorTheme } from "../editor/editor-themes";
import { addDeclarations, configureMonaco, monaco } from "../editor/monaco-setup";
import { loadDeclarationsFor } from "../editor/sdk-declarations";
import { screenReaderMode } from "../editor/screen-reader-mode";

type Props = { folder: string; label: string; files: Record<string, string>; current: string; onEdit(path: string, text: string): void };

const uriFor = (folder: string, path: string) => monaco.Uri.parse(`file:///author/${folder}/${path}`);

/** The part's files as models: each one's text, and none left of files removed. */
function syncModels(folder: string, files: Record<string, string>) {
  const wanted = new Set(Object.keys(files).map((p) => uriFor(folder, p).toString()));
  for (const model of monaco.editor.getModels()) {
    if (model.uri.path.startsWith(`/author/${folder}/`) && !wanted.has(model.uri.toString())) model.dispose();
  }
  for (const [path, text] of Object.entries(files)) {
    const uri = uriFor(folder, path);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, "typescript", uri);
    if (model.getValue() !== text) model.setValue(text);
  }
}

export default function AuthorCodeEditor({ folder, label, files, current, onEdit }: Props) {
  const stop = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const editRef = useRef(onEdit);
  editRef.current = onEdit;
  // The SDK declaration packs loaded for these files (a data attribute: tests wait for it).
  const [declared, setDeclared] = useState<string[]>([]);
  const declareFor = (texts: Iterable<string>) =>
    loadDeclarationsFor(texts, (name, pack) => {
      addDeclarations(pack);
      setDeclared((names) => [...names, name]);
    });

  useEffect(() => {
    configureMonaco();
    const editor = monaco.editor.create(host.current!, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: pageEditorFontSize(),
      scrollBeyondLastLine: false,
      wordWrap: "on",
      tabSize: 2,
      theme: pageEditorTheme(),
      fixedOverflowWidgets: true,
      // Not a Tab stop of its own: the stop around it is, so Tab from outside moves past the editor.
      tabIndex: -1,
      accessibilitySupport: screenReaderMode.get() ? "on" : "auto",
    });
    editorRef.current = editor;
    const subs = [
      editor.onDidChangeModelContent(() => {
        const model = editor.getModel();
        if (!model) return;
        editRef.current(model.uri.path.slice(`/author/${folder}/`.length), model.getValue());
        declareFor([model.getValue()]);
      }),
      addLeaveKeys(monaco, editor, stop, hintId),
      { dispose: screenReaderMode.subscribe(() => editor.updateOptions({ accessibilitySupport: screenReaderMode.get() ? "on" : "auto" })) },
    ];
    const themeWatch = new MutationObserver(() => {
      monaco.editor.setTheme(pageEditorTheme());
      editor.updateOptions({ fontSize: pageEditorFontSize() });
    });
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    return () => {
      subs.forEach((s) => s.dispose());
      themeWatch.disconnect();
      editor.dispose();
      editorRef.current = null;
    };
  }, [folder]);

  // Files replaced or edited from outside (a copy, a start, another file added): the models follow, then the picked one shows.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    syncModels(folder, files);
    declareFor(Object.values(files));
    const model = monaco.editor.getModel(uriFor(folder, current));
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
