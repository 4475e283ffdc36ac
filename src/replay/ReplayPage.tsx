// `/?replay` (pick or drop a file) and `/?replay=URL` (a recording this playground serves): a recorded session shown
// read-only, with no session, no lesson loading, no request to /api or /mcp. The live playground is not mounted at all.
import { Component, useEffect, useState, type ReactNode } from "react";
import type { Recording } from "../../contract/recording";
import { useTheme } from "../app/theme";
import { fetchRecording } from "../server-bridge/recording";
import { Spinner } from "../ui/Spinner";
import { readRecording, type ReadResult } from "./read-recording";
import { RecordingPicker } from "./RecordingPicker";
import { ReplayView } from "./ReplayView";

/** A recording that passed its schema and still cannot be drawn says so here, and the page around it stays. */
class ShowGuard extends Component<{ children: ReactNode }, { failed?: string }> {
  state: { failed?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { failed: error.message };
  }
  render() {
    if (this.state.failed === undefined) return this.props.children;
    return <Problem text={`This recording could not be shown (${this.state.failed}). Open another one.`} />;
  }
}

const Problem = ({ text }: { text: string }) => (
  <p
    role="alert"
    data-testid="recording-problem"
    className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
  >
    {text}
  </p>
);

export default function ReplayPage() {
  const theme = useTheme();
  const [opened, setOpened] = useState<{ recording: Recording; markup?: string }>();
  const [problem, setProblem] = useState<string>();
  const source = new URLSearchParams(location.search).get("replay") ?? "";
  const [loading, setLoading] = useState(source !== "");

  const take = (result: ReadResult) => {
    if (result.ok) {
      setOpened({ recording: result.recording, markup: result.markup });
      setProblem(undefined);
    } else setProblem(result.message);
  };

  useEffect(() => {
    if (!source) return;
    fetchRecording(source)
      .then(({ text, bytes }) => take(readRecording(text, bytes)))
      .catch((err: Error) => setProblem(err.message))
      .finally(() => setLoading(false));
  }, [source]);

  const recording = opened?.recording;
  return (
    <div className="flex h-full flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
        <a href="/" className="flex shrink-0 items-center gap-2 font-bold" aria-label="Back to the playground">
          <img src="/favicon.svg" alt="" className="size-6" />
        </a>
        <h1 className="min-w-0 font-semibold">
          Recording{recording && <span className="font-normal"> · {recording.lesson.title || recording.lesson.id}</span>}
        </h1>
        <span className="badge bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100">read-only</span>
        <div className="ml-auto flex items-center gap-1.5">
          {recording && <RecordingPicker compact onRead={take} />}
          <button type="button" className="btn-ghost" onClick={theme.toggle} aria-label={theme.dark ? "Light theme" : "Dark theme"} aria-pressed={theme.dark}>
            {theme.dark ? "☀" : "☾"}
          </button>
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        {recording && (
          <p className="border-b border-slate-200 px-3 py-1.5 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400" data-testid="recording-about">
            Exported {new Date(recording.exportedAt).toLocaleString()}{" "}
            {recording.source === "teacher" ? "from a teacher's view of a learner" : "from a playground page"}
            {" · "}
            {recording.calls.length} call{recording.calls.length === 1 ? "" : "s"} · {recording.wire.reduce((n, g) => n + g.exchanges.length, 0)} exchanges ·
            nothing here talks to a server.
          </p>
        )}
        {(problem || opened?.markup || !recording) && (
          <div className="mx-auto w-full max-w-2xl space-y-3 p-4">
            {problem && <Problem text={problem} />}
            {opened?.markup && (
              <p
                role="status"
                data-testid="recording-markup"
                className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs dark:border-amber-700 dark:bg-amber-950/40"
              >
                This recording holds a script tag or a javascript: link (first at {opened.markup}). It is shown as plain text and never runs.
              </p>
            )}
            {loading && <Spinner label="Fetching the recording…" />}
            {!recording && !loading && <RecordingPicker onRead={take} />}
          </div>
        )}
        {recording && (
          <ShowGuard key={recording.exportedAt}>
            <ReplayView recording={recording} />
          </ShowGuard>
        )}
      </main>
    </div>
  );
}
