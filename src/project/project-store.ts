// The open project: which lesson, its files, which file is in front. Every edit lands in a
// localStorage draft (debounced, flushed when the page hides) so nothing typed is lost.
import { useSyncExternalStore } from "react";
import type { ProjectFiles } from "../server-bridge/http";
import type { Lesson } from "../server-bridge/lessons";
import { clearAllDrafts, clearAside, clearDraft, editedLessonIds, loadAside, loadDraft, saveAside, saveDraft, sameFiles, type AsideFiles } from "./drafts";

export interface ProjectState {
  lesson?: Lesson;
  files: ProjectFiles;
  activeFile?: string;
  /** Where the files came from: a fresh lesson, a draft, or someone's share link. */
  origin: "starter" | "draft" | "share";
  edited: Set<string>;
  /** Bumps on every change to `files`, so the editor can tell outside replacements from typing. */
  revision: number;
  /** Bumps when files are replaced wholesale (lesson switch, reset, share), not by typing. */
  replacedAt: number;
  /** The other version kept when a share link met a draft: one click brings it back. */
  aside?: AsideFiles;
  /** A share link for this lesson carries other files than the draft: the person chooses. */
  conflict?: { shared: ProjectFiles };
}

const LAST_LESSON_KEY = "elicitation-playground:last-lesson";
const DRAFT_DELAY_MS = 250;

function firstFile(files: ProjectFiles): string | undefined {
  const names = Object.keys(files);
  return names.find((n) => n.endsWith(".tool.ts")) ?? names.find((n) => !n.endsWith(".test.ts")) ?? names[0];
}

class ProjectStore {
  private state: ProjectState = { files: {}, origin: "starter", edited: editedLessonIds(), revision: 0, replacedAt: 0 };
  private listeners = new Set<() => void>();
  private draftTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    if (typeof window !== "undefined") {
      addEventListener("pagehide", () => this.flushDraft());
      document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && this.flushDraft());
    }
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  snapshot = () => this.state;

  private set(patch: Partial<ProjectState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /**
   * Opens a lesson: the learner's draft, else a shared project, else the starter files. A share
   * link that meets a different draft opens the draft and asks (see `resolveConflict`): a link
   * must never overwrite work silently.
   */
  openLesson(lesson: Lesson, shared?: ProjectFiles) {
    this.flushDraft();
    const draft = loadDraft(lesson.id);
    const conflict = shared && draft && !sameFiles(shared, draft) ? { shared } : undefined;
    const files = conflict ? draft! : (shared ?? draft ?? lesson.files);
    try {
      localStorage.setItem(LAST_LESSON_KEY, lesson.id);
    } catch {
      /* storage unavailable */
    }
    this.set({
      lesson,
      files,
      activeFile: firstFile(files),
      origin: shared && !conflict ? "share" : draft ? "draft" : "starter",
      revision: this.state.revision + 1,
      replacedAt: this.state.revision + 1,
      aside: loadAside(lesson.id),
      conflict,
    });
  }

  /** The answer to "keep mine or open the shared one": both versions stay, the other one aside. */
  resolveConflict(choice: "mine" | "shared") {
    const { lesson, conflict, files } = this.state;
    if (!lesson || !conflict) return;
    if (choice === "mine") {
      saveAside(lesson.id, conflict.shared, "the shared code");
      this.set({ conflict: undefined, aside: loadAside(lesson.id) });
      return;
    }
    saveAside(lesson.id, files, "your earlier draft");
    this.set({ conflict: undefined, aside: loadAside(lesson.id) });
    this.replaceFiles(conflict.shared, "share");
  }

  /** Swaps the files in the editor with the ones kept aside. */
  swapAside() {
    const { lesson, aside, files, origin } = this.state;
    if (!lesson || !aside) return;
    saveAside(lesson.id, files, origin === "share" ? "the shared code" : "your earlier draft");
    this.set({ aside: loadAside(lesson.id) });
    this.replaceFiles(aside.files, aside.label === "the shared code" ? "share" : "draft");
  }

  dropAside() {
    if (!this.state.lesson) return;
    clearAside(this.state.lesson.id);
    this.set({ aside: undefined });
  }

  /** Replaces every file (a chosen version, another tab's newer text) and saves it as the draft. */
  replaceFiles(files: ProjectFiles, origin: ProjectState["origin"]) {
    const lesson = this.state.lesson;
    if (!lesson) return;
    this.set({
      files,
      activeFile: this.state.activeFile && this.state.activeFile in files ? this.state.activeFile : firstFile(files),
      origin,
      revision: this.state.revision + 1,
      replacedAt: this.state.revision + 1,
    });
    this.scheduleDraft(0);
  }

  /** A new file (a test made from a call): added, put in front, saved. */
  addFile(path: string, text: string) {
    this.set({ files: { ...this.state.files, [path]: text }, activeFile: path, revision: this.state.revision + 1, replacedAt: this.state.revision + 1 });
    this.scheduleDraft(0);
  }

  private scheduleDraft(delay = DRAFT_DELAY_MS) {
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.flushDraft(), delay);
  }

  editFile(path: string, text: string) {
    if (this.state.files[path] === text) return;
    this.set({ files: { ...this.state.files, [path]: text }, revision: this.state.revision + 1 });
    this.scheduleDraft();
  }

  setActiveFile(path: string) {
    if (path in this.state.files) this.set({ activeFile: path });
  }

  /** Back to the lesson's starter files; the draft goes too. */
  reset() {
    const lesson = this.state.lesson;
    if (!lesson) return;
    clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
    clearDraft(lesson.id);
    const edited = new Set(this.state.edited);
    edited.delete(lesson.id);
    this.set({
      files: lesson.files,
      activeFile: this.state.activeFile && this.state.activeFile in lesson.files ? this.state.activeFile : firstFile(lesson.files),
      origin: "starter",
      edited,
      revision: this.state.revision + 1,
      replacedAt: this.state.revision + 1,
    });
  }

  /** Every lesson back to its starter files: drafts, kept-aside copies and edit marks go. */
  resetAll() {
    clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
    clearAllDrafts();
    const lesson = this.state.lesson;
    this.set({ edited: new Set(), aside: undefined, conflict: undefined });
    if (lesson) this.reset();
  }

  flushDraft() {
    if (this.draftTimer === undefined) return;
    clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
    const { lesson, files } = this.state;
    if (!lesson) return;
    const isStarter = JSON.stringify(files) === JSON.stringify(lesson.files);
    if (isStarter) clearDraft(lesson.id);
    else saveDraft(lesson.id, files);
    const edited = new Set(this.state.edited);
    if (isStarter) edited.delete(lesson.id);
    else edited.add(lesson.id);
    this.set({ edited });
  }
}

export const projectStore = new ProjectStore();

export function useProject(): ProjectState {
  return useSyncExternalStore(projectStore.subscribe, projectStore.snapshot);
}

export function lastLessonId(): string | undefined {
  try {
    return localStorage.getItem(LAST_LESSON_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
