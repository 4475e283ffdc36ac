// The open project: which lesson, its files, which file is in front. Every edit lands in a
// localStorage draft (debounced, flushed when the page hides) so nothing typed is lost.
import { useSyncExternalStore } from "react";
import type { ProjectFiles } from "../server-bridge/http";
import type { Lesson } from "../server-bridge/lessons";
import { clearDraft, editedLessonIds, loadDraft, saveDraft } from "./drafts";

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

  /** Opens a lesson: a shared project wins, then the learner's draft, then the starter files. */
  openLesson(lesson: Lesson, shared?: ProjectFiles) {
    this.flushDraft();
    const draft = shared ? undefined : loadDraft(lesson.id);
    const files = shared ?? draft ?? lesson.files;
    try {
      localStorage.setItem(LAST_LESSON_KEY, lesson.id);
    } catch {
      /* storage unavailable */
    }
    this.set({
      lesson,
      files,
      activeFile: firstFile(files),
      origin: shared ? "share" : draft ? "draft" : "starter",
      revision: this.state.revision + 1,
      replacedAt: this.state.revision + 1,
    });
  }

  editFile(path: string, text: string) {
    if (this.state.files[path] === text) return;
    this.set({ files: { ...this.state.files, [path]: text }, revision: this.state.revision + 1 });
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => this.flushDraft(), DRAFT_DELAY_MS);
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
