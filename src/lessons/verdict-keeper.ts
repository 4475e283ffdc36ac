// Keeps the open lesson's tick true to the code as it is now: asks the server for the lesson's verdict after every
// call, test run and edit (a moment after the last keystroke), and records what it says. The page never decides.
import { projectStore } from "../project/project-store";
import { lessonVerdict } from "../server-bridge/tests";
import { progressStore } from "./progress";

/** Typing settles before the server judges: one verdict per pause, not per keystroke. */
const SETTLE_MS = 800;

class VerdictKeeper {
  private timer?: ReturnType<typeof setTimeout>;
  private running = false;
  private again = false;
  private revision = -1;
  private started = false;

  /** Follows the project: a lesson opened or edited asks for a verdict once the typing settles. */
  start(): void {
    if (this.started) return;
    this.started = true;
    projectStore.subscribe(() => {
      const { revision } = projectStore.snapshot();
      if (revision === this.revision) return;
      this.revision = revision;
      this.request();
    });
  }

  /** Asks for the open lesson's verdict soon; challenges are judged by Check instead. */
  request(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), SETTLE_MS);
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    const { lesson, files } = projectStore.snapshot();
    if (lesson?.kind !== "lesson") return;
    this.running = true;
    try {
      const verdict = await lessonVerdict(lesson.id, files);
      // Still the same lesson: a verdict for another one's files says nothing about this one.
      if (projectStore.snapshot().lesson?.id === lesson.id) progressStore.record(lesson.id, verdict.passesNow);
    } catch {
      /* unreachable or busy: the tick keeps its last verdict until the next one */
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.request();
      }
    }
  }
}

export const verdictKeeper = new VerdictKeeper();
