// Keeps the open lesson's tick true to the code as it is now: asks the server for the lesson's verdict after every
// call, test run and edit (a moment after the last keystroke), and records what it says. The page never decides.
import { projectStore } from "../project/project-store";
import { lessonVerdict } from "../server-bridge/tests";
import { progressStore } from "./progress";

/** Typing settles before the server judges: one verdict per pause, not per keystroke. */
const SETTLE_MS = 800;
/** A lesson just opened (or its files replaced) is judged later still: its session and first call go first. */
const OPENING_SETTLE_MS = 2500;

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
      const { revision, replacedAt } = projectStore.snapshot();
      if (revision === this.revision) return;
      this.revision = revision;
      this.request(replacedAt === revision ? OPENING_SETTLE_MS : SETTLE_MS);
    });
    // A lesson opened before the keeper started is judged too.
    this.revision = projectStore.snapshot().revision;
    this.request(OPENING_SETTLE_MS);
  }

  /** Asks for the open lesson's verdict soon; challenges are judged by Check instead. */
  request(settleMs = SETTLE_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), settleMs);
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
