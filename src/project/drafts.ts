// Drafts in localStorage, one per lesson. Stored drafts are versioned and checked on the way
// in, so a hand-edited or outdated entry is ignored instead of breaking the page.
import type { ProjectFiles } from "../server-bridge/http";

const PREFIX = "elicitation-playground:draft:";
const ASIDE_PREFIX = "elicitation-playground:aside:";
const VERSION = 1;

interface StoredDraft {
  v: typeof VERSION;
  lessonId: string;
  files: ProjectFiles;
  savedAt: number;
}

export function isProjectFiles(value: unknown): value is ProjectFiles {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([k, v]) => k.length > 0 && k.length < 200 && typeof v === "string");
}

function parseDraft(raw: string | null, lessonId: string): StoredDraft | undefined {
  if (!raw) return undefined;
  try {
    const d = JSON.parse(raw) as Partial<StoredDraft>;
    if (d.v !== VERSION || d.lessonId !== lessonId || !isProjectFiles(d.files) || typeof d.savedAt !== "number") return undefined;
    return d as StoredDraft;
  } catch {
    return undefined;
  }
}

export function loadDraft(lessonId: string): ProjectFiles | undefined {
  try {
    return parseDraft(localStorage.getItem(PREFIX + lessonId), lessonId)?.files;
  } catch {
    return undefined;
  }
}

export function saveDraft(lessonId: string, files: ProjectFiles): boolean {
  const draft: StoredDraft = { v: VERSION, lessonId, files, savedAt: Date.now() };
  try {
    localStorage.setItem(PREFIX + lessonId, JSON.stringify(draft));
    return true;
  } catch {
    // Quota or private mode: the work stays in memory and in the share link.
    return false;
  }
}

export function clearDraft(lessonId: string) {
  try {
    localStorage.removeItem(PREFIX + lessonId);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/** Lesson ids with a valid stored draft, for the "edited" marks in the menu. */
export function editedLessonIds(): Set<string> {
  const ids = new Set<string>();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const id = key.slice(PREFIX.length);
      if (parseDraft(localStorage.getItem(key), id)) ids.add(id);
    }
  } catch {
    /* storage unavailable */
  }
  return ids;
}

/** Whether a storage key is this lesson's draft (another tab saved it). */
export const isDraftKey = (key: string | null, lessonId: string) => key === PREFIX + lessonId;

export const sameFiles = (a: ProjectFiles | undefined, b: ProjectFiles | undefined) =>
  !!a && !!b && Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** A second version of a lesson's files kept beside the draft: what was not chosen when a share link met a draft. */
export interface AsideFiles {
  files: ProjectFiles;
  label: string;
  savedAt: number;
}

export function saveAside(lessonId: string, files: ProjectFiles, label: string): boolean {
  try {
    localStorage.setItem(ASIDE_PREFIX + lessonId, JSON.stringify({ v: VERSION, lessonId, files, label, savedAt: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function loadAside(lessonId: string): AsideFiles | undefined {
  try {
    const d = JSON.parse(localStorage.getItem(ASIDE_PREFIX + lessonId) ?? "null") as Partial<AsideFiles & { v: number; lessonId: string }> | null;
    if (!d || d.v !== VERSION || d.lessonId !== lessonId || !isProjectFiles(d.files) || typeof d.label !== "string" || typeof d.savedAt !== "number")
      return undefined;
    return { files: d.files, label: d.label, savedAt: d.savedAt };
  } catch {
    return undefined;
  }
}

export function clearAside(lessonId: string) {
  try {
    localStorage.removeItem(ASIDE_PREFIX + lessonId);
  } catch {
    /* storage unavailable */
  }
}

/** Every draft and kept-aside copy, for "reset all lessons". */
export function clearAllDrafts() {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) || key?.startsWith(ASIDE_PREFIX)) keys.push(key);
    }
    keys.forEach((k) => localStorage.removeItem(k));
  } catch {
    /* storage unavailable */
  }
}
