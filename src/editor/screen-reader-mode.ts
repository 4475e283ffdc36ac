// Monaco's screen reader optimised mode (its `accessibilitySupport: "on"`): the editor then hands a screen reader
// its text line by line instead of leaving it to guess. A browser cannot tell the page that a screen reader runs,
// so the learner turns it on (Shift+Alt+F1 in the editor, or the status bar's button); the choice is remembered.
import { useSyncExternalStore } from "react";
import { announce } from "../ui/announcer";

const KEY = "elicitation-playground:editor-screen-reader";

let on = read();
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export const screenReaderMode = {
  get: () => on,
  toggle() {
    on = !on;
    try {
      localStorage.setItem(KEY, on ? "1" : "0");
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
    for (const l of listeners) l();
    announce(on ? "Screen reader mode is on in the editor." : "Screen reader mode is off in the editor.");
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

export function useScreenReaderMode(): boolean {
  return useSyncExternalStore(screenReaderMode.subscribe, screenReaderMode.get);
}
