/** A small busy indicator with a spoken label, for anything that takes longer than a blink. */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span className="size-4 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent" aria-hidden />
      {label}
    </span>
  );
}
