// One count as a bar of the room's size: the board's and the projector's rows.
export function Bar({ label, value, total, tone }: { label: string; value: number; total: number; tone: string }) {
  const pct = total ? Math.round((value / total) * 100) : 0;
  return (
    <div className="mt-1.5 flex items-center gap-2 text-sm">
      <span className="w-24 text-slate-600 dark:text-slate-400">{label}</span>
      <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
        <span className={`block h-full ${tone}`} style={{ width: `${pct}%` }} />
      </span>
      <span className="w-8 text-right font-mono font-semibold" data-testid={`count-${label.replace(" ", "-")}`}>
        {value}
      </span>
    </div>
  );
}
