// Connect a real client to the learner's own server: the MCP URL and ready-to-copy commands.
import { useEffect, useRef } from "react";
import { useSession } from "../server-bridge/session";
import { CopyButton } from "../ui/CopyButton";
import { connectSnippets } from "./snippets";
import { ScrollablePre } from "../ui/Scrollable";

function Snippet({ title, note, text }: { title: string; note?: string; text: string }) {
  return (
    <div>
      <div className="mb-1 flex items-center gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <CopyButton text={text} />
      </div>
      {note && <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">{note}</p>}
      <ScrollablePre className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">{text}</ScrollablePre>
    </div>
  );
}

export function ConnectPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const session = useSession();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const url = session.mcpUrl ? new URL(session.mcpUrl, location.origin).toString() : undefined;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(44rem,92vw)] overflow-y-auto rounded-xl border border-slate-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      aria-label="Connect a real client"
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <h2 className="text-lg font-bold">Connect a real client</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Your code runs as a real MCP server. Any client can connect to it while this page is open; the same forms appear there.
            </p>
          </div>
          <button type="button" className="btn-ghost" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {!url ? (
          <p className="text-sm">Your server is not running yet: fix any problems in the editor first.</p>
        ) : (
          <>
            {connectSnippets(url).map((snippet) => (
              <Snippet key={snippet.id} title={snippet.title} note={snippet.note} text={snippet.text} />
            ))}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              The URL belongs to this browser's session. If the playground server restarts, the page makes a new session and this URL changes; open this panel
              again to copy the new one.
              {location.hostname === "127.0.0.1" || location.hostname === "localhost" ? " The server listens on this machine only." : ""}
            </p>
          </>
        )}
      </div>
    </dialog>
  );
}
