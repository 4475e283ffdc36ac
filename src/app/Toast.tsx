import { useEffect, useState } from "react";

/** A short-lived status line (e.g. "Share link copied"), announced politely to screen readers. */
export function useToast() {
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(undefined), 2500);
    return () => clearTimeout(t);
  }, [message]);
  const node = (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 left-1/2 z-50 -translate-x-1/2">
      {message && <div className="rounded-md bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">{message}</div>}
    </div>
  );
  return { show: setMessage, node };
}
