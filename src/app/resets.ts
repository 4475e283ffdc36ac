// The three resets of the Reset menu: this lesson's code, the server's data, every lesson. Each asks first when
// work would be lost, and says what it did.
import { progressStore } from "../lessons/progress";
import { projectStore } from "../project/project-store";
import { sessionKeeper } from "../server-bridge/session";
import { callStore } from "../tabs/call/call-store";
import { resultsStore } from "../tabs/tests/results-store";
import { setLessonInUrl } from "./useOpenLesson";

export interface Resets {
  code(): void;
  data(): Promise<void>;
  all(): void;
}

export function resetsWith(say: (message: string) => void): Resets {
  return {
    code: () => {
      const p = projectStore.snapshot();
      if (!p.lesson || !confirm(`Reset the code of "${p.lesson.title}" to its starter files? Your changes to this lesson will be gone.`)) return;
      projectStore.reset();
      setLessonInUrl(p.lesson.id);
      say("Back to the starter files.");
    },
    data: async () => {
      try {
        await sessionKeeper.resetData(projectStore.snapshot().files);
        say("Your server's data is back to its start (tickets, outbox); the code is unchanged.");
      } catch (err) {
        say(`The data could not be reset: ${(err as Error).message}`);
      }
    },
    all: () => {
      if (!confirm("Reset ALL lessons and challenges? Every draft and every tick goes; each lesson starts again from its starter files.")) return;
      projectStore.resetAll();
      progressStore.clear();
      callStore.forget();
      resultsStore.forget();
      say("Every lesson is back to its starter files.");
    },
  };
}
