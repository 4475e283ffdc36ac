// What the learners' editor and the author page's share (both lazy chunks): files as models under one folder, the
// editor's options, its following the page's theme, type size and screen reader mode, and the SDK declarations the
// files import.
import { useState } from "react";
import { pageEditorFontSize, pageEditorTheme } from "./editor-themes";
import { addDeclarations, configureMonaco, monaco } from "./monaco-setup";
import { screenReaderMode } from "./screen-reader-mode";
import { loadDeclarationsFor } from "./sdk-declarations";

export const uriIn = (root: string, path: string) => monaco.Uri.parse(`file:///${root}/${path}`);

/** The files as models under /root/: each one's text, and none left of files removed. */
export function syncModels(root: string, files: Record<string, string>) {
  const wanted = new Set(Object.keys(files).map((p) => uriIn(root, p).toString()));
  for (const model of monaco.editor.getModels()) {
    if (model.uri.path.startsWith(`/${root}/`) && !wanted.has(model.uri.toString())) model.dispose();
  }
  for (const [path, text] of Object.entries(files)) {
    const uri = uriIn(root, path);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(text, "typescript", uri);
    if (model.getValue() !== text) model.setValue(text);
  }
}

/** An editor in `host` with the playground's options; `dispose` also ends its following the page. */
export function createCodeEditor(host: HTMLElement, ariaLabel?: string): { editor: monaco.editor.IStandaloneCodeEditor; dispose(): void } {
  configureMonaco();
  const editor = monaco.editor.create(host, {
    model: null,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: pageEditorFontSize(),
    scrollBeyondLastLine: false,
    // The editor column is narrow on a 1280px laptop; wrapping beats code cut off at the edge.
    wordWrap: "on",
    tabSize: 2,
    theme: pageEditorTheme(),
    fixedOverflowWidgets: true,
    ariaLabel,
    // Not a Tab stop of its own: the stop around it is, so Tab from outside moves past the editor.
    tabIndex: -1,
    accessibilitySupport: screenReaderMode.get() ? "on" : "auto",
  });
  const unsubscribe = screenReaderMode.subscribe(() => editor.updateOptions({ accessibilitySupport: screenReaderMode.get() ? "on" : "auto" }));
  const themeWatch = new MutationObserver(() => {
    monaco.editor.setTheme(pageEditorTheme());
    editor.updateOptions({ fontSize: pageEditorFontSize() });
  });
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
  return {
    editor,
    dispose() {
      unsubscribe();
      themeWatch.disconnect();
      editor.dispose();
    },
  };
}

/** The SDK declaration packs loaded so far (shown as a data attribute: tests wait for it), and asking for more. */
export function useDeclarations(): { declared: string[]; declareFor(texts: Iterable<string>): void } {
  const [declared, setDeclared] = useState<string[]>([]);
  const declareFor = (texts: Iterable<string>) =>
    loadDeclarationsFor(texts, (name, pack) => {
      addDeclarations(pack);
      setDeclared((names) => [...names, name]);
    });
  return { declared, declareFor };
}
