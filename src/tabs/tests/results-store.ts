// The Tests tab's results, per lesson: the last test run and the last Check of each lesson, so
// switching lessons shows that lesson's own (nothing at first). A passing run marks progress.
import { useSyncExternalStore } from "react";
import type { ProjectFiles } from "../../server-bridge/http";
import { checkChallenge, runTests, type CheckReport, type TestRun } from "../../server-bridge/tests";
import { progressStore } from "../../lessons/progress";
import { announce } from "../../ui/announcer";
import { checkAnnouncement, testRunAnnouncement } from "./results-announcements";

export interface RunState<T> {
  pending: boolean;
  data?: T;
  error?: Error;
}

export interface LessonResults {
  tests: RunState<TestRun>;
  check: RunState<CheckReport>;
}

const EMPTY: LessonResults = { tests: { pending: false }, check: { pending: false } };

class ResultsStore {
  private byLesson = new Map<string, LessonResults>();
  private listeners = new Set<() => void>();

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  of = (lessonId: string | undefined): LessonResults => (lessonId && this.byLesson.get(lessonId)) || EMPTY;

  private patch(lessonId: string, patch: Partial<LessonResults>) {
    this.byLesson.set(lessonId, { ...this.of(lessonId), ...patch });
    for (const l of this.listeners) l();
  }

  async runTests(lessonId: string, files: ProjectFiles) {
    if (this.of(lessonId).tests.pending) return;
    this.patch(lessonId, { tests: { pending: true } });
    try {
      const data = await runTests(lessonId, files);
      this.patch(lessonId, { tests: { pending: false, data } });
      announce(testRunAnnouncement(data));
      if (data.failed === 0 && data.passed > 0) progressStore.markPassed(lessonId);
    } catch (err) {
      this.patch(lessonId, { tests: { pending: false, error: err as Error } });
    }
  }

  async check(lessonId: string, files: ProjectFiles) {
    if (this.of(lessonId).check.pending) return;
    this.patch(lessonId, { check: { pending: true } });
    try {
      const data = await checkChallenge(lessonId, files);
      this.patch(lessonId, { check: { pending: false, data } });
      announce(checkAnnouncement(data));
      if (data.passed && !data.failure) progressStore.markPassed(lessonId);
    } catch (err) {
      this.patch(lessonId, { check: { pending: false, error: err as Error } });
    }
  }

  forget(lessonId?: string) {
    if (lessonId === undefined) this.byLesson.clear();
    else this.byLesson.delete(lessonId);
    for (const l of this.listeners) l();
  }
}

export const resultsStore = new ResultsStore();

export function useLessonResults(lessonId: string | undefined): LessonResults {
  return useSyncExternalStore(resultsStore.subscribe, () => resultsStore.of(lessonId));
}
