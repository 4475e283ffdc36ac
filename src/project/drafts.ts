// Drafts in localStorage, one per lesson. Stored drafts are versioned and checked on the way
// in, so a hand-edited or outdated entry is ignored instead of breaking the page.
import type { ProjectFiles } from "../server-bridge/http";

const PREFIX = "elicitation-playground:draft:";
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
