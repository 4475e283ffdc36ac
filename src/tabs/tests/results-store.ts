// The Tests tab's results, per lesson: the last test run and the last Check of each lesson, so
// switching lessons shows that lesson's own (nothing at first). A test run asks for the lesson's verdict (the
// learner's tests judge nothing); a Check's result is the challenge's verdict.
import { useSyncExternalStore } from "react";
import type { ProjectFiles } from "../../server-bridge/http";
import { checkChallenge, runTests, type CheckReport, type TestRun } from "../../server-bridge/tests";
import { progressStore } from "../../lessons/progress";
import { announce } from "../../ui/announcer";
import { checkAnnouncement, testRunAnnouncement } from "./results-announcements";
import { verdictKeeper } from "../../lessons/verdict-keeper";

export interface RunState<T> {
  pending: boolean;
  data?: T;
  error?: Error;
}

export interface LessonResults {
  tests: RunState<TestRun>;
  /** `files`: the code the last Check judged, to tell when its result is out of date; `answered`: Checks the server answered. */
  check: RunState<CheckReport> & { files?: ProjectFiles; answered?: number };
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
      verdictKeeper.request();
    } catch (err) {
      this.patch(lessonId, { tests: { pending: false, error: err as Error } });
    }
  }

  async check(lessonId: string, files: ProjectFiles) {
    if (this.of(lessonId).check.pending) return;
    const answered = this.of(lessonId).check.answered ?? 0;
    this.patch(lessonId, { check: { pending: true, answered } });
    try {
      const data = await checkChallenge(lessonId, files);
      this.patch(lessonId, { check: { pending: false, data, files, answered: answered + 1 } });
      announce(checkAnnouncement(data));
      progressStore.record(lessonId, data.passed && !data.failure);
    } catch (err) {
      this.patch(lessonId, { check: { pending: false, error: err as Error, answered } });
    }
  }

  forget(lessonId?: string) {
    if (lessonId === undefined) this.byLesson.clear();
    else this.byLesson.delete(lessonId);
    for (const l of this.listeners) l();
  }
}

export const resultsStore = new ResultsStore();

/** The files differ from those a result judged: the result no longer says what the code does. */
export function changedSince(judged: ProjectFiles | undefined, now: ProjectFiles): boolean {
  if (!judged || judged === now) return false;
  const names = Object.keys(now);
  return names.length !== Object.keys(judged).length || names.some((name) => judged[name] !== now[name]);
}

export function useLessonResults(lessonId: string | undefined): LessonResults {
  return useSyncExternalStore(resultsStore.subscribe, () => resultsStore.of(lessonId));
}
