// The editor's own keyboard keys that the status bar and the editor's label tell the learner about.

/** Monaco's "Tab moves focus" toggle: Tab indents in the editor until it is pressed. Its binding differs on macOS. */
export const TAB_FOCUS_KEY = /Mac|iPhone|iPad/.test(navigator.platform) ? "Ctrl+Shift+M" : "Ctrl+M";
/** The playground's binding for Monaco's screen reader optimised mode (the same keys as in VS Code). */
export const SCREEN_READER_KEY = "Shift+Alt+F1";
