// Where the learner stands on each lesson and challenge, from the server's own verdicts (a lesson's verdict, a
// challenge's Check): whether it passes now, and when it first passed. Kept in localStorage across reloads and shared
// by open tabs.
import { useSyncExternalStore } from "react";
import { type ItemState, itemState } from "../../contract/verdicts";

const KEY = "elicitation-playground:progress";
const VERSION = 2;

export type ItemProgress = { passesNow: boolean; firstPassedAt?: string };
export type Progress = ReadonlyMap<string, ItemProgress>;

const validId = (id: unknown): id is string => typeof id === "string" && id.length <= 64;

/** Reads the stored record; anything malformed counts as no progress rather than breaking the page. */
export function parseProgress(raw: string | null): Progress {
  const out = new Map<string, ItemProgress>();
  if (!raw) return out;
  try {
    const d = JSON.parse(raw) as { v?: unknown; passed?: unknown; items?: unknown };
    // Version 1 kept only "passed once": such items passed before, and whether they pass now is not known.
    if (d.v === 1 && Array.isArray(d.passed)) for (const id of d.passed.filter(validId)) out.set(id, { passesNow: false, firstPassedAt: "earlier" });
    if (d.v !== VERSION || typeof d.items !== "object" || d.items === null) return out;
    for (const [id, item] of Object.entries(d.items as Record<string, unknown>)) {
      const { passesNow, firstPassedAt } = (item ?? {}) as Record<string, unknown>;
      if (validId(id) && typeof passesNow === "boolean") out.set(id, { passesNow, ...(typeof firstPassedAt === "string" && { firstPassedAt }) });
    }
  } catch {
    /* malformed: no progress */
  }
  return out;
}

export const serializeProgress = (items: Progress) =>
  JSON.stringify({ v: VERSION, items: Object.fromEntries([...items].sort(([a], [b]) => a.localeCompare(b))) });

function read(): Progress {
  try {
    return parseProgress(localStorage.getItem(KEY));
  } catch {
    return new Map();
  }
}

/** An item's state as the one vocabulary names it; the page does not track opened or tried, so those read "not opened". */
export const stateIn = (progress: Progress, id: string): ItemState => {
  const item = progress.get(id);
  return itemState({ opened: false, tried: false, passesNow: item?.passesNow ?? false, firstPassedAt: item?.firstPassedAt });
};

class ProgressStore {
  private items: Progress = typeof window === "undefined" ? new Map() : read();
  private listeners = new Set<() => void>();

  constructor() {
    // Another tab passed a lesson: show its tick here too.
    if (typeof window !== "undefined") addEventListener("storage", (e) => e.key === KEY && this.replace(read()));
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.items;

  private replace(next: Progress) {
    this.items = next;
    for (const l of this.listeners) l();
  }

  private save(next: Progress) {
    try {
      localStorage.setItem(KEY, serializeProgress(next));
    } catch {
      /* storage unavailable: progress lasts for this page */
    }
    this.replace(next);
  }

  /** The server's latest verdict on an item: passes now or not; the first pass is kept. */
  record(id: string, passesNow: boolean, at = new Date().toISOString()) {
    const before = this.items.get(id);
    const firstPassedAt = before?.firstPassedAt ?? (passesNow ? at : undefined);
    if (before && before.passesNow === passesNow && before.firstPassedAt === firstPassedAt) return;
    this.save(new Map(this.items).set(id, { passesNow, ...(firstPassedAt && { firstPassedAt }) }));
  }

  clear() {
    this.save(new Map());
  }
}

export const progressStore = new ProgressStore();

export function useProgress(): Progress {
  return useSyncExternalStore(progressStore.subscribe, progressStore.snapshot);
}
