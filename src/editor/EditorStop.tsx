// The code editor's keyboard path, shared by the learners' editor and the author page's: the editor is one Tab stop
// (a group around it), Enter on it goes in, where Tab indents, and Esc or Ctrl+M leaves it for the next control.
import type { ReactNode, RefObject } from "react";
import type { monaco as Monaco } from "./monaco-setup";
import { nextControlAfter } from "./editor-keys";

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

/**
 * Binds Esc and Ctrl+M to leaving the editor for the control after its stop, and points the element Monaco types into
 * (an EditContext div or a textarea, by browser) at the line that says how to leave. Answers what to dispose.
 */
export function addLeaveKeys(
  monaco: typeof Monaco,
  editor: Monaco.editor.IStandaloneCodeEditor,
  stop: RefObject<HTMLElement | null>,
  hintId: string,
): { dispose(): void } {
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
  return editor.onDidFocusEditorText(() => {
    const input = document.activeElement;
    if (input && editor.getDomNode()?.contains(input)) input.setAttribute("aria-describedby", hintId);
  });
}

type StopProps = {
  stop: RefObject<HTMLDivElement | null>;
  editor: RefObject<Monaco.editor.IStandaloneCodeEditor | null>;
  label: string;
  hintId: string;
  className: string;
  children: ReactNode;
};

/** The editor's one Tab stop: Enter on it goes into the editor. */
export function EditorStop({ stop, editor, label, hintId, className, children }: StopProps) {
  return (
    <div
      ref={stop}
      role="group"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the editor's one Tab stop (Enter on it goes in), a group around it.
      tabIndex={0}
      aria-label={label}
      aria-describedby={hintId}
      className={`${className} focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400`}
      data-testid="editor-stop"
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || e.key !== "Enter") return;
        // Without preventDefault the Enter would also reach the editor as a new line.
        e.preventDefault();
        editor.current?.focus();
      }}
    >
      {children}
    </div>
  );
}
