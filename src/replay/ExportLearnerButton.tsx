// Export session in the teacher's read-only view of a learner: the same file a learner's own page writes.
import type { LearnerView } from "../../contract/rooms";
import { saveRecording } from "./recording-file";
import { learnerRecording } from "./learner-recording";

export function ExportLearnerButton({ view }: { view: LearnerView }) {
  return (
    <button type="button" className="btn-secondary ml-auto" onClick={() => saveRecording(learnerRecording(view))} data-testid="learner-export">
      Export session
    </button>
  );
}
