// Which lessons and challenges the learner has passed (a lesson: all its tests pass; a
// challenge: Check passes), kept in localStorage across reloads and shared by open tabs.
import { useSyncExternalStore } from "react";

const KEY = "elicitation-playground:progress";
const VERSION = 1;

/** Reads the stored record; anything malformed counts as no progress rather than breaking the page. */
export function parseProgress(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const d = JSON.parse(raw) as { v?: unknown; passed?: unknown };
    if (d.v !== VERSION || !Array.isArray(d.passed)) return new Set();
    return new Set(d.passed.filter((id): id is string => typeof id === "string" && id.length <= 64));
  } catch {
    return new Set();
  }
}

export const serializeProgress = (passed: Set<string>) => JSON.stringify({ v: VERSION, passed: [...passed].sort() });

function read(): Set<string> {
  try {
    return parseProgress(localStorage.getItem(KEY));
  } catch {
    return new Set();
  }
}

class ProgressStore {
  private passed = typeof window === "undefined" ? new Set<string>() : read();
  private listeners = new Set<() => void>();

  constructor() {
    // Another tab passed a lesson: show its tick here too.
    if (typeof window !== "undefined") addEventListener("storage", (e) => e.key === KEY && this.replace(read()));
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.passed;

  private replace(next: Set<string>) {
    this.passed = next;
    for (const l of this.listeners) l();
  }

  private save(next: Set<string>) {
    try {
      localStorage.setItem(KEY, serializeProgress(next));
    } catch {
      /* storage unavailable: progress lasts for this page */
    }
    this.replace(next);
  }

  markPassed(id: string) {
    if (!this.passed.has(id)) this.save(new Set([...this.passed, id]));
  }

  clear() {
    this.save(new Set());
  }
}

export const progressStore = new ProgressStore();

export function useProgress(): Set<string> {
  return useSyncExternalStore(progressStore.subscribe, progressStore.snapshot);
}
