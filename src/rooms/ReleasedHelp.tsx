// Help the teacher released to the room for this challenge: the hints (each shown on its failing check when the learner
// asks, so the board counts every reveal), and perhaps the reference solution.
import { useProject } from "../project/project-store";
import { useRoomMembership } from "../server-bridge/rooms";
import { SolutionFiles } from "../tabs/tests/SolutionFiles";

export function ReleasedHelp() {
  const challengeId = useProject().lesson?.id;
  const help = useRoomMembership().room?.released[challengeId ?? ""];
  if (!help) return null;
  return (
    <section aria-label="Help from your teacher" className="panel border-emerald-300 p-3 dark:border-emerald-800" data-testid="released-help">
      <h3 className="mb-1 text-sm font-semibold">From your teacher</h3>
      {help.hints && (
        <p className="text-sm" data-testid="hints-released">
          Hints are open for this challenge: press Check, then <b>Show a hint</b> on a check that fails, one at a time.
        </p>
      )}
      {help.solution && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium">Reference solution</summary>
          <SolutionFiles files={help.solution} />
        </details>
      )}
    </section>
  );
}
