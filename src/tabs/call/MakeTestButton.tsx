// "Make this a test": writes the finished call as a *.test.ts, adds it to the project and opens it.
import { projectStore } from "../../project/project-store";
import type { FinishedCall } from "./call-store";
import { cannotReplay, replayFileName, replayTest } from "./replay-test";

export function MakeTestButton({ call }: { call: FinishedCall }) {
  const why = cannotReplay(call);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-secondary !py-1 text-xs"
        disabled={!!why}
        title={why ?? "Write this call as a test that replays it: same arguments, your answers, the same result expected"}
        onClick={() => projectStore.addFile(replayFileName(call.tool, Object.keys(projectStore.snapshot().files)), replayTest(call))}
      >
        Make this a test
      </button>
      {why && <span className="text-xs text-slate-600 dark:text-slate-400">{why}</span>}
    </div>
  );
}
