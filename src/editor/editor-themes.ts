// The editor's two themes: Monaco's own light and dark ones, with the few colours that fall under WCAG's 4.5:1 on
// their background raised (dark comments, line numbers, the dimmed number of the last empty line).
import type * as Monaco from "monaco-editor/editor";

export const EDITOR_THEME = { light: "playground-light", dark: "playground-dark" } as const;

/** The theme that matches the page's (the dark class on the root element). */
export const pageEditorTheme = () => (document.documentElement.classList.contains("dark") ? EDITOR_THEME.dark : EDITOR_THEME.light);
/** The editor follows the page's type size (A−/A+, presenter mode). */
export const pageEditorFontSize = () => Math.round(parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.9);

export function defineEditorThemes(monaco: typeof Monaco) {
  monaco.editor.defineTheme(EDITOR_THEME.light, {
    base: "vs",
    inherit: true,
    rules: [],
    colors: { "editorLineNumber.foreground": "#1f6a82", "editorLineNumber.dimmedForeground": "#1f6a82" },
  });
  monaco.editor.defineTheme(EDITOR_THEME.dark, {
    base: "vs-dark",
    inherit: true,
    rules: [{ token: "comment", foreground: "7fae69" }],
    colors: { "editorLineNumber.foreground": "#a0a0a0", "editorLineNumber.dimmedForeground": "#a0a0a0" },
  });
}
