// The last line of defence: if a part of the page throws while rendering (say a chunk failed to download), show
// what happened and a way back instead of a blank page. Drafts are already in localStorage, so reloading is safe.
import { Component, type ReactNode } from "react";

export class CrashScreen extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main role="alert" className="mx-auto mt-24 max-w-xl space-y-4 p-6 text-slate-800 dark:text-slate-100">
        <h1 className="text-xl font-semibold">The page ran into a problem</h1>
        <p className="font-mono text-sm break-words text-rose-700 dark:text-rose-300">{error.message}</p>
        <p>Your code is kept as a draft in this browser, so reloading loses nothing. If the network dropped, reload once it is back.</p>
        <button type="button" className="rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700" onClick={() => location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}
