// The three resets, apart because they undo different things: this lesson's code, the server's
// data (module state such as the tickets), or every lesson at once (which asks first).
import { useRef } from "react";

export function ResetMenu({ disabled, onCode, onData, onAll }: { disabled: boolean; onCode: () => void; onData: () => void; onAll: () => void }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pick = (fn: () => void) => () => {
    ref.current?.removeAttribute("open");
    fn();
  };
  return (
    <details
      ref={ref}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === "Escape" && ref.current?.open) {
          e.stopPropagation();
          ref.current.removeAttribute("open");
          ref.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary
        className={`btn-secondary list-none [&::-webkit-details-marker]:hidden ${disabled ? "pointer-events-none opacity-50" : ""}`}
        aria-disabled={disabled}
      >
        Reset ▾
      </summary>
      <div
        role="menu"
        aria-label="Reset"
        className="absolute right-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <button
          type="button"
          role="menuitem"
          className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={pick(onCode)}
        >
          Reset code
          <span className="block text-xs text-slate-600 dark:text-slate-400">This lesson's files back to the starter</span>
        </button>
        <button
          type="button"
          role="menuitem"
          className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
          onClick={pick(onData)}
        >
          Reset data
          <span className="block text-xs text-slate-600 dark:text-slate-400">Your server's tickets and other state, code kept</span>
        </button>
        <button
          type="button"
          role="menuitem"
          className="block w-full rounded px-2 py-1.5 text-left text-sm text-rose-700 hover:bg-rose-50 dark:text-rose-300 dark:hover:bg-rose-950"
          onClick={pick(onAll)}
        >
          Reset all lessons…
          <span className="block text-xs text-slate-600 dark:text-slate-400">Every draft and tick, after you confirm</span>
        </button>
      </div>
    </details>
  );
}
