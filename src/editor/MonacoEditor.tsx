// The code editor itself (lazy chunk): one Monaco model per project file, typing flows into
// the project store, backend diagnostics become markers, and the playground's shortcuts are
// editor actions so they work while typing. By keyboard the editor is one stop: Tab moves past it, Enter on it (or a
// click) goes in, where Tab indents, and Esc or Ctrl+M leaves it for the next control.
import { useEffect, useRef, useState } from "react";
import type { Diagnostic } from "../server-bridge/http";
import { projectStore, useProject } from "../project/project-store";
import { addDeclarations, configureMonaco, monaco } from "./monaco-setup";
import { loadDeclarationsFor } from "./sdk-declarations";
import { editorJumps } from "./editor-jumps";
import { EDITOR_THEME } from "./editor-themes";
import { screenReaderMode } from "./screen-reader-mode";
import { EDITOR_KEYS_HINT_ID, LEAVE_KEYS, SCREEN_READER_KEY, nextControlAfter } from "./editor-keys";
import { setTypeProblems, type Problem } from "./problems";

export interface EditorCommands {
  onCall: () => void;
  onTests: () => void;
  onShare: () => void;
  onBlur: () => void;
}

const uriFor = (path: string) => monaco.Uri.parse(`file:///project/${path}`);
const pathOf = (uri: monaco.Uri) => uri.path.replace(/^\/project\//, "");
const isDark = () => document.documentElement.classList.contains("dark");
const editorTheme = () => (isDark() ? EDITOR_THEME.dark : EDITOR_THEME.light);
/** The editor follows the page's type size (A−/A+, presenter mode). */
const editorFontSize = () => Math.round(parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.9);

function syncModels(files: Record<string, string>) {
  const wanted = new Set(Object.keys(files).map((p) => uriFor(p).toString()));
  for (const model of monaco.editor.getModels()) {
    if (model.uri.path.startsWith("/project/") && !wanted.has(model.uri.toString())) model.dispose();
  }
  for (const [path, text] of Object.entries(files)) {
    const uri = uriFor(path);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, "typescript", uri);
    if (model.getValue() !== text) model.setValue(text);
  }
}

function publishTypeProblems() {
  const problems: Problem[] = monaco.editor
    .getModelMarkers({})
    .filter((m) => m.severity === monaco.MarkerSeverity.Error && m.owner !== "backend" && m.resource.path.startsWith("/project/"))
    .map((m) => ({ file: pathOf(m.resource), line: m.startLineNumber, column: m.startColumn, message: m.message, source: "types" as const }));
  setTypeProblems(problems);
}

/** Esc leaves the editor only when it closes nothing of the editor's own (suggestions, find, hints, extra cursors). */
const ESC_LEAVES_WHEN = [
  "suggestWidgetVisible",
  "findWidgetVisible",
  "parameterHintsVisible",
  "renameInputVisible",
  "inSnippetMode",
  "editorHasMultipleSelections",
  "markersNavigationVisible",
  "referenceSearchVisible",
  "accessibilityHelpWidgetVisible",
  "editorHoverVisible",
  "inlineSuggestionVisible",
]
  .map((key) => `!${key}`)
  .join(" && ");

export default function MonacoEditor({ commands, diagnostics }: { commands: EditorCommands; diagnostics: Diagnostic[] }) {
  const stop = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  const project = useProject();
  // The SDK declaration packs the editor's TypeScript has (shown as a data attribute: tests wait for it).
  const [declared, setDeclared] = useState<string[]>([]);
  const declareFor = (texts: Iterable<string>) =>
    loadDeclarationsFor(texts, (name, pack) => {
      addDeclarations(pack);
      setDeclared((names) => [...names, name]);
    });

  useEffect(() => {
    configureMonaco();
    syncModels(projectStore.snapshot().files);
    declareFor(Object.values(projectStore.snapshot().files));
    const editor = monaco.editor.create(host.current!, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: editorFontSize(),
      scrollBeyondLastLine: false,
      // The editor column is narrow on a 1280px laptop; wrapping beats code cut off at the edge.
      wordWrap: "on",
      tabSize: 2,
      theme: editorTheme(),
      fixedOverflowWidgets: true,
      ariaLabel: `Code editor. Tab indents; ${LEAVE_KEYS} leaves the editor; ${SCREEN_READER_KEY} turns screen reader mode on or off.`,
      // Not a Tab stop of its own: the stop around it is, so Tab from outside moves past the editor.
      tabIndex: -1,
      accessibilitySupport: screenReaderMode.get() ? "on" : "auto",
    });
    editorRef.current = editor;
    const { KeyMod, KeyCode } = monaco;
    const leave = () => {
      const next = stop.current && nextControlAfter(stop.current);
      (next ?? stop.current)?.focus();
    };
    editor.addAction({
      id: "playground.leave-editor-esc",
      label: "Leave the editor",
      keybindings: [KeyCode.Escape],
      keybindingContext: ESC_LEAVES_WHEN,
      run: leave,
    });
    // Monaco binds Ctrl+M to "Tab moves focus"; here it leaves the editor at once, as Esc does.
    editor.addAction({
      id: "playground.leave-editor",
      label: "Leave the editor",
      keybindings: [/Mac|iPhone|iPad/.test(navigator.platform) ? KeyMod.WinCtrl | KeyCode.KeyM : KeyMod.CtrlCmd | KeyCode.KeyM],
      run: leave,
    });
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
      // The element Monaco types into (an EditContext div or a textarea, by browser) points at the line saying how to leave.
      editor.onDidFocusEditorText(() => {
        const input = document.activeElement;
        if (input && editor.getDomNode()?.contains(input)) input.setAttribute("aria-describedby", EDITOR_KEYS_HINT_ID);
      }),
      monaco.editor.onDidChangeMarkers(publishTypeProblems),
      { dispose: screenReaderMode.subscribe(() => editor.updateOptions({ accessibilitySupport: screenReaderMode.get() ? "on" : "auto" })) },
    ];
    const unregister = editorJumps.register(({ file, line, column }) => {
      const model = monaco.editor.getModel(uriFor(file));
      if (!model) return;
      editor.setModel(model);
      editor.setPosition({ lineNumber: line, column });
      editor.revealLineInCenter(line);
      editor.focus();
    });
    const themeWatch = new MutationObserver(() => {
      monaco.editor.setTheme(editorTheme());
      editor.updateOptions({ fontSize: editorFontSize() });
    });
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    return () => {
      subs.forEach((s) => s.dispose());
      unregister();
      themeWatch.disconnect();
      editor.dispose();
      editorRef.current = null;
    };
  }, []);

  // Files replaced from outside (lesson switch, Reset, share link): bring the models in line.
  useEffect(() => {
    syncModels(project.files);
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
    <div
      ref={stop}
      role="group"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the editor's one Tab stop (Enter on it goes in), a group around it.
      tabIndex={0}
      aria-label="Code editor: Enter to edit"
      aria-describedby={EDITOR_KEYS_HINT_ID}
      className="h-full w-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
      data-testid="editor-stop"
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || e.key !== "Enter") return;
        // Without preventDefault the Enter would also reach the editor as a new line.
        e.preventDefault();
        editorRef.current?.focus();
      }}
    >
      <div ref={host} className="h-full w-full" data-testid="monaco-host" data-declarations={declared.join(" ")} />
    </div>
  );
}
