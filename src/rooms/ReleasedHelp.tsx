// Help the teacher released to the room for this challenge: every check's hint, and perhaps the reference solution.
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
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {Object.entries(help.hints).map(([check, hint]) => (
            <li key={check}>
              <b>{check}</b>: {hint}
            </li>
          ))}
        </ul>
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
