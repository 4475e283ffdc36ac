// What the Call tab shows while a call goes on after a URL-mode question was accepted: the person is on the outside
// page (a new tab), and the tool may be waiting for them there. A link opens the page again if the tab was closed.
import { Spinner } from "../../ui/Spinner";

export function OutsideWait({ url }: { url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 dark:border-sky-700 dark:bg-sky-950/40">
      <Spinner label="Waiting for the outside page…" />
      <span className="text-sm text-slate-700 dark:text-slate-200">Press Sign in or Cancel on the page; the tool goes on once you do.</span>
      <a className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300" href={url} target="_blank" rel="noopener noreferrer">
        Open the page again
      </a>
    </div>
  );
}
