// The header's way in and out of recordings: Export session saves this lesson's session as a file; Open a recording
// opens the replay page in a new tab, so the work on this one stays as it is.
import { pageRecording } from "./export";
import { saveRecording } from "./recording-file";

export function RecordingMenu() {
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => saveRecording(pageRecording())}
        aria-label="Export session"
        title="Save this lesson's calls, wire and files as a file"
      >
        <span>
          Export<span className="hidden 2xl:inline"> session</span>
        </span>
      </button>
      <a
        className="btn-secondary"
        href="/?replay"
        target="_blank"
        rel="noopener"
        aria-label="Open a recording"
        title="Open a recording in a new tab, read-only"
      >
        <span>
          Open<span className="hidden 2xl:inline"> a recording</span>
        </span>
      </a>
    </>
  );
}
