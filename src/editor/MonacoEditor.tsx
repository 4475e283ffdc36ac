// The code editor itself (lazy chunk): one Monaco model per project file, typing flows into
// the project store, backend diagnostics become markers, and the playground's shortcuts are
// editor actions so they work while typing. By keyboard the editor is one stop: Tab moves past it, Enter on it (or a
// click) goes in, where Tab indents, and Esc or Ctrl+M leaves it for the next control.
import { useEffect, useRef } from "react";
import type { Diagnostic } from "../server-bridge/http";
import { projectStore, useProject } from "../project/project-store";
import { monaco } from "./monaco-setup";
import { createCodeEditor, syncModels, uriIn, useDeclarations } from "./code-editor";
import { editorJumps } from "./editor-jumps";
import { screenReaderMode } from "./screen-reader-mode";
import { EDITOR_KEYS_HINT_ID, LEAVE_KEYS, SCREEN_READER_KEY } from "./editor-keys";
import { addLeaveKeys, EditorStop } from "./EditorStop";
import { setTypeProblems, type Problem } from "./problems";

export interface EditorCommands {
  onCall: () => void;
  onTests: () => void;
  onShare: () => void;
  onBlur: () => void;
}

const uriFor = (path: string) => uriIn("project", path);
const pathOf = (uri: monaco.Uri) => uri.path.replace(/^\/project\//, "");

function publishTypeProblems() {
  const problems: Problem[] = monaco.editor
    .getModelMarkers({})
    .filter((m) => m.severity === monaco.MarkerSeverity.Error && m.owner !== "backend" && m.resource.path.startsWith("/project/"))
    .map((m) => ({ file: pathOf(m.resource), line: m.startLineNumber, column: m.startColumn, message: m.message, source: "types" as const }));
  setTypeProblems(problems);
}

export default function MonacoEditor({ commands, diagnostics }: { commands: EditorCommands; diagnostics: Diagnostic[] }) {
  const stop = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  const project = useProject();
  const { declared, declareFor } = useDeclarations();

  useEffect(() => {
    syncModels("project", projectStore.snapshot().files);
    declareFor(Object.values(projectStore.snapshot().files));
    const created = createCodeEditor(
      host.current!,
      `Code editor. Tab indents; ${LEAVE_KEYS} leaves the editor; ${SCREEN_READER_KEY} turns screen reader mode on or off.`,
    );
    const { editor } = created;
    editorRef.current = editor;
    const { KeyMod, KeyCode } = monaco;
    editor.addAction({
      id: "playground.call",
      label: "Call the selected tool",
      keybindings: [KeyMod.CtrlCmd | KeyCode.Enter],
      run: () => commandsRef.current.onCall(),
    });
    editor.addAction({
      id: "playground.tests",
      label: "Run tests",
      keybindings: [KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.Enter],
      run: () => commandsRef.current.onTests(),
    });
    editor.addAction({
      id: "playground.screen-reader-mode",
      label: "Toggle screen reader optimized mode",
      keybindings: [KeyMod.Shift | KeyMod.Alt | KeyCode.F1],
      run: () => screenReaderMode.toggle(),
    });
    editor.addAction({
      id: "playground.share",
      label: "Copy share link",
      keybindings: [KeyMod.CtrlCmd | KeyCode.KeyS],
      run: () => commandsRef.current.onShare(),
    });
    const subs = [
      editor.onDidChangeModelContent(() => {
        const model = editor.getModel();
        if (!model) return;
        projectStore.editFile(pathOf(model.uri), model.getValue());
        declareFor([model.getValue()]);
      }),
      editor.onDidBlurEditorText(() => commandsRef.current.onBlur()),
      addLeaveKeys(monaco, editor, stop, EDITOR_KEYS_HINT_ID),
      monaco.editor.onDidChangeMarkers(publishTypeProblems),
    ];
    const unregister = editorJumps.register(({ file, line, column }) => {
      const model = monaco.editor.getModel(uriFor(file));
      if (!model) return;
      editor.setModel(model);
      editor.setPosition({ lineNumber: line, column });
      editor.revealLineInCenter(line);
      editor.focus();
    });
    return () => {
      subs.forEach((s) => s.dispose());
      unregister();
      created.dispose();
      editorRef.current = null;
    };
  }, []);

  // Files replaced from outside (lesson switch, Reset, share link): bring the models in line.
  useEffect(() => {
    syncModels("project", project.files);
    declareFor(Object.values(project.files));
  }, [project.replacedAt, project.lesson?.id]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !project.activeFile) return;
    const model = monaco.editor.getModel(uriFor(project.activeFile));
    if (model && editor.getModel() !== model) editor.setModel(model);
  }, [project.activeFile, project.replacedAt]);

  useEffect(() => {
    for (const model of monaco.editor.getModels()) {
      if (!model.uri.path.startsWith("/project/")) continue;
      const path = pathOf(model.uri);
      monaco.editor.setModelMarkers(
        model,
        "backend",
        diagnostics
          .filter((d) => d.file === path || d.file.replace(/^\.?\//, "") === path)
          .map((d) => ({
            severity: monaco.MarkerSeverity.Error,
            message: d.message,
            startLineNumber: Math.max(1, d.line),
            startColumn: Math.max(1, d.column),
            endLineNumber: Math.max(1, d.line),
            endColumn: model.getLineMaxColumn(Math.min(Math.max(1, d.line), model.getLineCount())),
          })),
      );
    }
  }, [diagnostics, project.replacedAt]);

  return (
    <EditorStop stop={stop} editor={editorRef} label="Code editor: Enter to edit" hintId={EDITOR_KEYS_HINT_ID} className="h-full w-full">
      <div ref={host} className="h-full w-full" data-testid="monaco-host" data-declarations={declared.join(" ")} />
    </EditorStop>
  );
}
