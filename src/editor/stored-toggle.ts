// An on/off choice of the learner's, remembered by the browser and read by any component (useSyncExternalStore):
// the editor's screen reader mode and the plain editor are two.
import { useSyncExternalStore } from "react";
import { announce } from "../ui/announcer";

export interface StoredToggle {
  get(): boolean;
  toggle(): void;
  subscribe(listener: () => void): () => void;
}

/** `said` is what a screen reader hears after a toggle, for the new state. */
export function storedToggle(key: string, said: { on: string; off: string }): StoredToggle {
  let on = false;
  try {
    on = localStorage.getItem(key) === "1";
  } catch {
    /* storage unavailable: off until toggled */
  }
  const listeners = new Set<() => void>();
  return {
    get: () => on,
    toggle() {
      on = !on;
      try {
        localStorage.setItem(key, on ? "1" : "0");
      } catch {
        /* storage unavailable: the choice lasts for this page only */
      }
      for (const l of listeners) l();
      announce(on ? said.on : said.off);
    },
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

export function useStoredToggle(toggle: StoredToggle): boolean {
  return useSyncExternalStore(toggle.subscribe, toggle.get);
}
