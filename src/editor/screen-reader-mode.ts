// Monaco's screen reader optimised mode (its `accessibilitySupport: "on"`): the editor then hands a screen reader
// its text line by line instead of leaving it to guess. A browser cannot tell the page that a screen reader runs,
// so the learner turns it on (Shift+Alt+F1 in the editor, or the status bar's button); the choice is remembered.
import { storedToggle, useStoredToggle } from "./stored-toggle";

export const screenReaderMode = storedToggle("elicitation-playground:editor-screen-reader", {
  on: "Screen reader mode is on in the editor.",
  off: "Screen reader mode is off in the editor.",
});

export const useScreenReaderMode = () => useStoredToggle(screenReaderMode);
