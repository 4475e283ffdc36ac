// When the code editor's chunk cannot load (a flaky room network, a blocked CDN-free but large download), the
// learner (or author) keeps a plain text editor for the same file and a way to try again; the page never blanks.
import { Component, type ReactNode } from "react";
import { PlainEditor } from "./PlainEditor";

/** `plain` is the text editor shown instead (the open project file's, unless given: the author page gives its own). */
type Props = { children: ReactNode; onRetry: () => void; plain?: ReactNode };

export class EditorFallback extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex h-full flex-col">
        <p
          role="status"
          className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          The code editor did not load, so this is a plain one: your edits still count.
          <button
            type="button"
            className="ml-auto shrink-0 rounded border border-amber-400 px-2 py-0.5 font-semibold whitespace-nowrap hover:bg-amber-100 dark:hover:bg-amber-900"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            Try again
          </button>
        </p>
        <div className="min-h-0 flex-1">{this.props.plain ?? <PlainEditor />}</div>
      </div>
    );
  }
}
