// The call's rounds as a sequence diagram: person, client and server lifelines, one arrow per
// message, so the two round trips of 2026-07-28 (or the pushed request of 2025-11-25) are
// visible at a glance. A screen reader reads the same arrows as a numbered list instead of the picture.
import { arrowsFor, OUTSIDE_LANE, type Arrow } from "./sequence";
import type { ReadExchange } from "./wire-analysis";
import { ScrollableBox } from "../../ui/Scrollable";

const LANES = ["Person", "Client", "Server", "Outside page"];
/** Three lanes across the width, or four when a call sent someone to an outside page. */
const X3 = [70, 300, 530];
const X4 = [60, 220, 380, 540];
const ROW = 30;
const TOP = 34;

const toneClass: Record<Arrow["tone"], string> = {
  plain: "text-slate-600 dark:text-slate-300",
  ask: "text-amber-600 dark:text-amber-400",
  answer: "text-indigo-600 dark:text-indigo-300",
  done: "text-emerald-600 dark:text-emerald-400",
  error: "text-rose-600 dark:text-rose-400",
};

export function SequenceDiagram({ rows }: { rows: ReadExchange[] }) {
  const arrows = arrowsFor(rows);
  if (!arrows.length) return null;
  const outside = arrows.some((a) => a.from === OUTSIDE_LANE || a.to === OUTSIDE_LANE);
  const lanes = outside ? LANES : LANES.slice(0, 3);
  const X = outside ? X4 : X3;
  const height = TOP + arrows.length * ROW + 10;
  return (
    <figure>
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen; the list below is what it says. */}
      <ScrollableBox className="overflow-x-auto" role="img" aria-label="Sequence diagram of this call (its steps follow as a list)">
        <svg viewBox={`0 0 600 ${height}`} className="w-full max-w-[640px] min-w-[420px]" aria-hidden="true">
          <defs>
            <marker id="seq-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
            </marker>
          </defs>
          {lanes.map((name, i) => (
            <g key={name} className="text-slate-600 dark:text-slate-400">
              <text x={X[i]} y={16} textAnchor="middle" className="fill-slate-800 text-[13px] font-semibold dark:fill-slate-100">
                {name}
              </text>
              <line x1={X[i]} y1={24} x2={X[i]} y2={height} stroke="currentColor" strokeDasharray="4 4" />
            </g>
          ))}
          {arrows.map((a, i) => {
            const y = TOP + i * ROW + 16;
            const dir = a.to > a.from ? 1 : -1;
            return (
              <g key={i} className={toneClass[a.tone]}>
                <line x1={X[a.from] + dir * 4} y1={y} x2={X[a.to] - dir * 4} y2={y} stroke="currentColor" strokeWidth="1.6" markerEnd="url(#seq-head)" />
                <text x={(X[a.from] + X[a.to]) / 2} y={y - 5} textAnchor="middle" fill="currentColor" className="font-mono text-[11px]">
                  {a.text}
                </text>
              </g>
            );
          })}
        </svg>
      </ScrollableBox>
      <ol className="sr-only" aria-label="Steps of this call" data-testid="sequence-steps">
        {arrows.map((a, i) => (
          <li key={i}>
            {LANES[a.from]} to {LANES[a.to]}: {a.text}
          </li>
        ))}
      </ol>
    </figure>
  );
}
