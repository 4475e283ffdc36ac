// The plain editor: a text field in place of Monaco, chosen by the learner and remembered. Monaco is a large download
// and seconds of CPU on every page load; on a slow school laptop, a phone, or with a screen reader that prefers a
// native text field, the plain one is the better tool. The code, its checks and its verdicts are the same.
import { storedToggle, useStoredToggle } from "./stored-toggle";

export const PLAIN_EDITOR_KEY = "elicitation-playground:plain-editor";

export const plainEditorMode = storedToggle(PLAIN_EDITOR_KEY, {
  on: "The plain text editor is on.",
  off: "The code editor is back.",
});

export const usePlainEditorMode = () => useStoredToggle(plainEditorMode);
